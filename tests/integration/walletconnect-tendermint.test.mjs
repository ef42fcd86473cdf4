// A Tendermint coin (IRIS on the CometBFT emulator) on a WalletConnect session wallet, end to end:
// the real walletd daemon, the real @walletconnect/sign-client 2.25.0 as the wallet signing with
// cosmjs (DirectSecp256k1Wallet), the relay emulator between them. Activation with KDF's
// activation_params {type: "WalletConnect"} takes the account from cosmos_getAccounts (or from
// Keplr's sessionProperties.keys, with base64 bytes); withdraw sends cosmos_signDirect; every
// transaction is verified with cosmjs against the emulator's account number and, broadcast, moves
// the emulator's ledger; a rejection and a wallet whose signature does not verify broadcast
// nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing';
import { toBase64 } from '@cosmjs/encoding';
import { startCometNode } from '../peers/cometbft-node.mjs';
import { WalletConnectRelay } from '../peers/walletconnect-relay.mjs';
import { checkCosmosTx } from '../support/cosmos-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';
import { until } from '../support/until.mjs';

process.env.IS_VITEST = 'true';  // sign-client's Verify and telemetry stay off (no network)
const { SignClient } = await import('@walletconnect/sign-client');

const CHAIN = 'cosmos:irishub-1';
const METHODS = ['cosmos_getAccounts', 'cosmos_signDirect'];
const REQUIRED = { cosmos: { chains: [CHAIN], methods: METHODS, events: [] } };
const OTHER = 'iaa16drqvl3u8sukfsu4lm3qsk28jr3fahja9vsv6k';

let relay, node, walletd, dir, walletClient, signer, other, account;
const seen = [];
let mode = 'sign';           // 'sign' | 'reject' | 'other-key'
let keplr = false;           // approve with Keplr's sessionProperties.keys

const hexOrBase64 = (text) => (/^([0-9a-f]{2})*$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64'));

async function answer(method, args) {
  if (method === 'cosmos_getAccounts') {
    return [{ address: account.address, algo: account.algo, pubkey: toBase64(account.pubkey) }];
  }
  const wallet = mode === 'other-key' ? other : signer;
  const doc = args.signDoc;
  const asHex = /^([0-9a-f]{2})*$/i.test(doc.bodyBytes);
  const { signed, signature } = await wallet.signDirect((await wallet.getAccounts())[0].address, {
    bodyBytes: hexOrBase64(doc.bodyBytes), authInfoBytes: hexOrBase64(doc.authInfoBytes),
    chainId: doc.chainId, accountNumber: BigInt(doc.accountNumber) });
  const encode = (bytes) => Buffer.from(bytes).toString(asHex ? 'hex' : 'base64');
  return { signature, signed: { chainId: signed.chainId, accountNumber: String(signed.accountNumber),
    bodyBytes: encode(signed.bodyBytes), authInfoBytes: encode(signed.authInfoBytes) } };
}

before(async () => {
  relay = new WalletConnectRelay();
  await relay.start();
  signer = await DirectSecp256k1Wallet.fromKey(Buffer.alloc(32, 0x21), 'iaa');
  other = await DirectSecp256k1Wallet.fromKey(Buffer.alloc(32, 0x22), 'iaa');
  [account] = await signer.getAccounts();
  node = await startCometNode({ chainId: 'irishub-1', denom: 'uiris', prefix: 'iaa', valoperPrefix: 'iva' });
  node.fund(account.address, 20_000_000n);
  node.fund(OTHER, 1n);
  dir = tempDir();
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'walletconnect cosmos test',
    wallet_connect: { relay_url: relay.url, project_id: 'walletd-test', request_timeout_s: 4 } }));
  walletClient = await SignClient.init({ projectId: 'walletd-test', relayUrl: relay.url, customStoragePrefix: 'walletd-cosmos-wallet',
    telemetryEnabled: false, logger: 'silent', metadata: { name: 'Cosmos Wallet', description: 'sign-client + cosmjs', url: 'https://cosmos.invalid', icons: [] } });
  walletClient.on('session_proposal', async ({ id }) => {
    const sessionProperties = keplr
      ? { keys: JSON.stringify([{ chainId: 'irishub-1', name: 'keplr', algo: 'secp256k1', pubKey: toBase64(account.pubkey),
        address: toBase64(Buffer.alloc(20)), bech32Address: account.address, isNanoLedger: false }]) }
      : undefined;
    await walletClient.approve({ id, namespaces: { cosmos: { chains: [CHAIN], accounts: [`${CHAIN}:${account.address}`], methods: METHODS, events: [] } },
      ...(sessionProperties ? { sessionProperties } : {}) });
  });
  walletClient.on('session_request', async ({ id, topic, params }) => {
    const { method, params: args } = params.request;
    seen.push({ method, params: args, chainId: params.chainId });
    const response = mode === 'reject'
      ? { id, jsonrpc: '2.0', error: { code: 5000, message: 'User rejected.' } }
      : { id, jsonrpc: '2.0', result: await answer(method, args) };
    await walletClient.respond({ topic, response });
  });
});

after(async () => {
  await walletClient?.core.relayer.transportClose().catch(() => {});
  walletClient?.core.heartbeat.stop();
  await walletd?.stop();
  await node?.stop();
  await relay?.stop();
  if (dir) cleanup(dir);
  setTimeout(() => process.exit(), 2000).unref();
});

async function connect() {
  const res = await walletd.rpc('wc_new_connection', { required_namespaces: REQUIRED });
  assert.equal(res.status, 200, res.text);
  await walletClient.pair({ uri: res.json.result.url });
  const session = await until(() => walletClient.session.getAll().find((s) => s.pairingTopic === res.json.result.pairing_topic && s.acknowledged), 20000, 'settled');
  await until(async () => (await walletd.rpc('wc_get_session', { topic: session.topic })).json.result.session, 10000, 'listed');
  return session.topic;
}

const activate = (topic) => walletd.rpc('enable_tendermint_with_assets', { ticker: 'IRIS', nodes: [{ url: node.url }], tokens_params: [],
  activation_params: { type: 'WalletConnect', params: { session_topic: topic } } });

async function verified(result) {
  const tx = await checkCosmosTx(result.tx_hex, { chainId: 'irishub-1', accountNumber: node.account(account.address).accountNumber, prefix: 'iaa' });
  assert.ok(tx.valid, 'the signature verifies with the emulator\'s account number');
  assert.equal(tx.signer, account.address);
  assert.equal(tx.hash, result.tx_hash);
  return tx;
}

let topic;

test('activation takes the wallet\'s account from cosmos_getAccounts', { timeout: 40000 }, async () => {
  topic = await connect();
  seen.length = 0;
  const res = await activate(topic);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.result.address, account.address);
  assert.deepEqual(res.json.result.balance, { spendable: '20', unspendable: '0' });
  assert.deepEqual(seen.map((r) => [r.method, r.chainId]), [['cosmos_getAccounts', CHAIN]]);
  assert.equal(seen[0].params, account.address);
  const keys = await walletd.rpc('get_private_keys', { coins: ['IRIS'] });
  assert.notEqual(keys.status, 200);
});

test('withdraw: cosmos_signDirect (hex bytes), verified by cosmjs; broadcast moves the ledger', { timeout: 40000 }, async () => {
  seen.length = 0;
  const offline = await walletd.rpc('withdraw', { coin: 'IRIS', to: OTHER, amount: '1.5', memo: 'wc' });
  assert.equal(offline.status, 200, offline.text);
  await verified(offline.json.result);
  const asked = seen.find((r) => r.method === 'cosmos_signDirect').params;
  assert.equal(asked.signerAddress, account.address);
  assert.match(asked.signDoc.bodyBytes, /^[0-9a-f]+$/);
  assert.equal(asked.signDoc.chainId, 'irishub-1');
  assert.equal(asked.signDoc.accountNumber, String(node.account(account.address).accountNumber));

  const before = node.balance(account.address, 'uiris'), toBefore = node.balance(OTHER, 'uiris');
  const res = await walletd.rpc('withdraw', { coin: 'IRIS', to: OTHER, amount: '2', broadcast: true });
  assert.equal(res.status, 200, res.text);
  const tx = await verified(res.json.result);
  const committed = node.txs.find((t) => t.hash === res.json.result.tx_hash);
  assert.equal(committed?.code, 0);
  assert.equal(node.balance(OTHER, 'uiris'), toBefore + 2_000_000n);
  assert.equal(node.balance(account.address, 'uiris'), before - 2_000_000n - tx.fee.amount);
});

test('a rejection and a signature by another key broadcast nothing', { timeout: 40000 }, async () => {
  const committed = node.txs.length;
  for (const [m, pattern] of [['reject', /refused cosmos_signDirect: User rejected/], ['other-key', /differs|does not verify/]]) {
    mode = m;
    try {
      const res = await walletd.rpc('withdraw', { coin: 'IRIS', to: OTHER, amount: '0.1', broadcast: true });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.error_type, 'SigningError');
      assert.match(res.json.error, pattern);
    } finally {
      mode = 'sign';
    }
  }
  assert.equal(node.txs.length, committed);
});

test('Keplr: the key from sessionProperties.keys (no cosmos_getAccounts), bytes in base64', { timeout: 60000 }, async () => {
  assert.equal((await walletd.rpc('disable_coin', { coin: 'IRIS' })).status, 200);
  keplr = true;
  try {
    const keplrTopic = await connect();
    seen.length = 0;
    const res = await activate(keplrTopic);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.result.address, account.address);
    assert.deepEqual(seen, []);
    const w = await walletd.rpc('withdraw', { coin: 'IRIS', to: OTHER, amount: '0.5' });
    assert.equal(w.status, 200, w.text);
    await verified(w.json.result);
    const asked = seen.find((r) => r.method === 'cosmos_signDirect').params;
    assert.match(asked.signDoc.bodyBytes, /[=+/]|^[A-Za-z0-9+/]+$/);
    assert.ok(!/^([0-9a-f]{2})+$/.test(asked.signDoc.bodyBytes), 'base64, not hex');
  } finally {
    keplr = false;
  }
});

test('an unknown topic and another policy are refused before any node is asked', async () => {
  assert.equal((await walletd.rpc('disable_coin', { coin: 'IRIS' })).status, 200);
  const unknown = await activate('ef'.repeat(32));
  assert.equal(unknown.json.error_type, 'WalletConnectError');
  assert.match(unknown.json.error, /No active WalletConnect session/);
  const pubkeyOnly = await walletd.rpc('enable_tendermint_with_assets', { ticker: 'IRIS', nodes: [{ url: node.url }], tokens_params: [],
    activation_params: { type: 'WithPubkey', params: { pubkey: '02' + '11'.repeat(32), is_ledger_connection: false } } });
  assert.equal(pubkeyOnly.json.error_type, 'PrivKeyPolicyNotAllowed');
});
