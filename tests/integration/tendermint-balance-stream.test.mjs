// stream::balance::enable for Tendermint coins with the real walletd against the CometBFT
// emulator: walletd subscribes on the node's websocket (coin_received.receiver and
// coin_spent.spender of its address, as KDF), and a receive (signed with cosmjs), a send and a
// token receive become BALANCE events with the new balances; after the websocket drops, walletd
// opens it again and publishes what changed meanwhile.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing';
import { SigningStargateClient, GasPrice } from '@cosmjs/stargate';
import { startCometNode } from '../peers/cometbft-node.mjs';
import { openSse } from '../support/sse-client.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

const ME = 'iaa1e0rx87mdj79zejewuc4jg7ql9ud2286g2us8f2';  // Iguana 'iris test seed'
const OTHER_MNEMONIC = 'economy stock theory fatal elder harbor betray wasp final emotion task crumble siren bottom lizard '
  + 'educate guess current outdoor pair theory focus wife stone';
const ATOM_IBC = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
let node, walletd, dir, client, other;

before(async () => {
  node = await startCometNode({ chainId: 'irishub-1', denom: 'uiris', prefix: 'iaa', valoperPrefix: 'iva' });
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(OTHER_MNEMONIC, { prefix: 'iaa' });
  other = (await wallet.getAccounts())[0].address;
  node.fund(ME, 5_000_000n);
  node.fund(other, 20_000_000n);
  node.fund(other, 1_000_000n, ATOM_IBC);
  dir = tempDir();
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'iris test seed' }));
  const res = await walletd.rpc('enable_tendermint_with_assets', { ticker: 'IRIS', nodes: [{ url: node.url }],
    tokens_params: [{ ticker: 'ATOM-IBC_IRIS' }] });
  assert.equal(res.status, 200, res.text);
  client = await SigningStargateClient.connectWithSigner(node.url, wallet, { gasPrice: GasPrice.fromString('0.5uiris') });
});

after(async () => {
  client?.disconnect();
  await walletd?.stop();
  await node?.stop();
  if (dir) cleanup(dir);
});

/** The next BALANCE event of `ticker` among the stream's frames after `seen` (bounded wait). */
async function nextEvent(stream, ticker, seen) {
  for (let i = 0; i < 100; i++) {
    const event = stream.frames.slice(seen).map((f) => f.data).find((d) => d?._type === `BALANCE:${ticker}`);
    if (event) return event.message;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no BALANCE:${ticker} event: ${JSON.stringify(stream.frames.slice(seen))}`);
}

test('receives, sends and token receives become BALANCE events over the node\'s websocket', async () => {
  const stream = await openSse(`${walletd.url}/event-stream?id=3`, { timeoutMs: 60000 });
  try {
    for (const coin of ['IRIS', 'ATOM-IBC_IRIS']) {
      const enabled = await walletd.rpc('stream::balance::enable', { coin, client_id: 3 });
      assert.deepEqual(enabled.json.result, { streamer_id: `BALANCE:${coin}` }, enabled.text);
    }
    for (let i = 0; i < 50 && node.requests.filter((r) => r.method === 'subscribe').length < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const subscriptions = node.requests.filter((r) => r.method === 'subscribe').map((r) => r.params.query).sort();
    assert.deepEqual(subscriptions, [`coin_received.receiver = '${ME}'`, `coin_spent.spender = '${ME}'`]);

    let seen = stream.frames.length;
    await client.sendTokens(other, ME, [{ denom: 'uiris', amount: '1250000' }], 'auto');
    assert.deepEqual(await nextEvent(stream, 'IRIS', seen),
      { ticker: 'IRIS', address: ME, balance: { spendable: '6.25', unspendable: '0' } });

    seen = stream.frames.length;
    const sent = await walletd.rpc('withdraw', { coin: 'IRIS', to: other, amount: '1', broadcast: true });
    assert.equal(sent.status, 200, sent.text);
    const after = node.balance(ME);
    const message = await nextEvent(stream, 'IRIS', seen);
    assert.equal(BigInt(Math.round(Number(message.balance.spendable) * 1e6)), after);

    seen = stream.frames.length;
    await client.sendTokens(other, ME, [{ denom: ATOM_IBC, amount: '300000' }], 'auto');
    assert.deepEqual(await nextEvent(stream, 'ATOM-IBC_IRIS', seen),
      { ticker: 'ATOM-IBC_IRIS', address: ME, balance: { spendable: '0.3', unspendable: '0' } });
  } finally {
    await stream.close();
  }
});

test('a dropped websocket is opened again and what changed meanwhile is published', async () => {
  const stream = await openSse(`${walletd.url}/event-stream?id=4`, { timeoutMs: 60000 });
  try {
    const enabled = await walletd.rpc('stream::balance::enable', { coin: 'IRIS', client_id: 4 });
    assert.equal(enabled.status, 200, enabled.text);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const subscribed = node.requests.filter((r) => r.method === 'subscribe').length;
    node.dropWebsockets();
    node.fund(ME, 2_000_000n);  // a change while no socket is open
    const seen = stream.frames.length;
    const message = await nextEvent(stream, 'IRIS', seen);
    assert.equal(BigInt(Math.round(Number(message.balance.spendable) * 1e6)), node.balance(ME));
    for (let i = 0; i < 50 && node.requests.filter((r) => r.method === 'subscribe').length < subscribed + 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(node.requests.filter((r) => r.method === 'subscribe').length >= subscribed + 2, 'subscribed again');
  } finally {
    await stream.close();
  }
});

test('disabling the coin while its balance stream runs stops it; the stream leaving later is harmless', async () => {
  const stream = await openSse(`${walletd.url}/event-stream?id=5`, { timeoutMs: 20000 });
  const enabled = await walletd.rpc('stream::balance::enable', { coin: 'ATOM-IBC_IRIS', client_id: 5 });
  assert.equal(enabled.status, 200, enabled.text);
  const off = await walletd.rpc('disable_coin', { coin: 'IRIS', force_disable: true });
  assert.equal(off.status, 200, off.text);
  const disabled = await walletd.rpc('stream::disable', { client_id: 5, streamer_id: 'BALANCE:ATOM-IBC_IRIS' });
  assert.ok([200, 400].includes(disabled.status), disabled.text);
  await stream.close();
  const alive = await walletd.rpc('version');
  assert.equal(alive.status, 200, 'the daemon still answers');
});
