// my_tx_history (v2) for Tendermint coins with the real walletd against the CometBFT emulator:
// IRIS activated with tx_history and its token; a send, a receive (signed by another wallet
// with cosmjs), a token send (its fee shows on IRIS as FeeForTokenTx), an IBC transfer and a
// delegation. The history must equal what the emulator's tx_search holds for the address:
// hashes, heights, block times, amounts moved and fees, newest first; it pages by PageNumber and
// FromId, and survives a restart from storage.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing';
import { SigningStargateClient, GasPrice } from '@cosmjs/stargate';
import { toBech32 } from '@cosmjs/encoding';
import { startCometNode } from '../peers/cometbft-node.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

const ME = 'iaa1e0rx87mdj79zejewuc4jg7ql9ud2286g2us8f2';  // Iguana 'iris test seed'
const OTHER_MNEMONIC = 'economy stock theory fatal elder harbor betray wasp final emotion task crumble siren bottom lizard '
  + 'educate guess current outdoor pair theory focus wife stone';
const ATOM_IBC = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const VALIDATOR = toBech32('iva', new Uint8Array(20).fill(9));
const units = (text) => BigInt(Math.round(Number(text) * 1e6));
let node, walletd, dir, other, hashes = {};

async function startDaemon() {
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'iris test seed' }));
  const res = await walletd.rpc('enable_tendermint_with_assets', { ticker: 'IRIS', nodes: [{ url: node.url }],
    tokens_params: [{ ticker: 'ATOM-IBC_IRIS' }], tx_history: true });
  assert.equal(res.status, 200, res.text);
}

/** The whole history of `coin` once the loop has caught up with `count` rows (bounded wait). */
async function history(coin, count, extra = {}) {
  for (let i = 0; i < 100; i++) {
    const res = await walletd.rpc('my_tx_history', { coin, limit: 50, ...extra });
    assert.equal(res.status, 200, res.text);
    const r = res.json.result;
    if (r.sync_status.state === 'Finished' && r.total >= count) return r;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the history of ${coin} did not reach ${count} rows`);
}

before(async () => {
  node = await startCometNode({ chainId: 'irishub-1', denom: 'uiris', prefix: 'iaa', valoperPrefix: 'iva' });
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(OTHER_MNEMONIC, { prefix: 'iaa' });
  other = (await wallet.getAccounts())[0].address;
  node.fund(ME, 30_000_000n);
  node.fund(ME, 2_000_000n, ATOM_IBC);
  node.fund(other, 10_000_000n);
  node.setChannel('channel-0', 'OPEN', 'cosmoshub-4');
  node.addValidator({ operatorAddress: VALIDATOR });
  dir = tempDir();
  await startDaemon();
  const send = async (params) => {
    const res = await walletd.rpc('withdraw', { broadcast: true, ...params });
    assert.equal(res.status, 200, res.text);
    return res.json.result.tx_hash;
  };
  hashes.send = await send({ coin: 'IRIS', to: other, amount: '1.5', memo: 'history' });
  const client = await SigningStargateClient.connectWithSigner(node.url, wallet, { gasPrice: GasPrice.fromString('0.5uiris') });
  hashes.receive = (await client.sendTokens(other, ME, [{ denom: 'uiris', amount: '700000' }], 'auto')).transactionHash;
  client.disconnect();
  hashes.token = await send({ coin: 'ATOM-IBC_IRIS', to: other, amount: '0.25' });
  hashes.ibc = await send({ coin: 'IRIS', to: 'cosmos16drqvl3u8sukfsu4lm3qsk28jr3fahjaswsac8', amount: '0.5' });
  const delegation = await walletd.rpc('experimental::staking::delegate',
    { coin: 'IRIS', staking_details: { type: 'Cosmos', validator_address: VALIDATOR, amount: '2' } });
  const sent = await walletd.post({ userpass: 'Integration-Test-1', method: 'send_raw_transaction', coin: 'IRIS',
    tx_hex: delegation.json.result.tx_hex });
  hashes.delegate = sent.json.tx_hash;
});

after(async () => {
  await walletd?.stop();
  await node?.stop();
  if (dir) cleanup(dir);
});

test('IRIS history equals the node\'s: newest first, amounts, fees, heights, block times, types', async () => {
  const r = await history('IRIS', 5);
  assert.equal(r.total, 5);
  const order = ['delegate', 'ibc', 'token', 'receive', 'send'];
  assert.deepEqual(r.transactions.map((t) => t.tx_hash), order.map((k) => hashes[k]));
  const types = ['StakingDelegation', 'TendermintIBCTransfer', 'FeeForTokenTx', 'StandardTransfer', 'StandardTransfer'];
  assert.deepEqual(r.transactions.map((t) => t.transaction_type), types);
  for (const row of r.transactions) {
    const tx = node.txs.find((t) => t.hash === row.tx_hash);
    assert.equal(row.block_height, tx.height);
    const block = node.blockAt(tx.height);
    assert.equal(row.timestamp, Math.floor(block.ms / 1000));
    assert.equal(row.confirmations, r.current_block + 1 - tx.height);
    assert.equal(units(row.fee_details.amount), tx.fee.amount);
    assert.equal(BigInt(row.fee_details.gas_limit), tx.gasWanted);
    assert.equal(row.fee_details.coin, 'IRIS');
  }
  const byHash = Object.fromEntries(r.transactions.map((t) => [t.tx_hash, t]));
  const fee = (key) => node.txs.find((t) => t.hash === hashes[key]).fee.amount;
  assert.equal(units(byHash[hashes.send].spent_by_me), 1_500_000n + fee('send'));
  assert.equal(byHash[hashes.send].memo, 'history');
  assert.deepEqual(byHash[hashes.send].to, [other]);
  assert.equal(byHash[hashes.receive].received_by_me, '0.7');
  assert.equal(byHash[hashes.receive].spent_by_me, '0');
  assert.deepEqual(byHash[hashes.receive].from, [other]);
  assert.equal(units(byHash[hashes.token].spent_by_me), fee('token'));
  assert.equal(units(byHash[hashes.delegate].spent_by_me), 2_000_000n + fee('delegate'));
});

test('the token\'s history lists its own moves; paging by PageNumber and FromId; a restart keeps it', async () => {
  const token = await history('ATOM-IBC_IRIS', 1);
  assert.equal(token.total, 1);
  assert.equal(token.transactions[0].tx_hash, hashes.token);
  assert.equal(token.transactions[0].spent_by_me, '0.25');
  assert.equal(token.transactions[0].coin, 'ATOM-IBC_IRIS');
  const page2 = await history('IRIS', 5, { limit: 2, paging_options: { PageNumber: 2 } });
  assert.deepEqual(page2.transactions.map((t) => t.tx_hash), [hashes.token, hashes.receive]);
  assert.equal(page2.skipped, 2);
  const all = await history('IRIS', 5);
  const after = await history('IRIS', 5, { limit: 2, paging_options: { FromId: all.transactions[1].internal_id } });
  assert.deepEqual(after.transactions.map((t) => t.tx_hash), [hashes.token, hashes.receive]);
  await walletd.stop();
  const asked = node.requests.length;
  await startDaemon();
  const again = await history('IRIS', 5);
  assert.deepEqual(again.transactions, all.transactions.map((t) => ({ ...t, confirmations: again.transactions[0].confirmations
    + (t.block_height === all.transactions[0].block_height ? 0 : all.transactions[0].block_height - t.block_height) })));
  const blocksAsked = node.requests.slice(asked).filter((r) => r.method === 'block').length;
  assert.equal(blocksAsked, 0, 'the stored transactions were not fetched again');
});
