// The proxy rail end to end with the real walletd: a TRON node, the relay provider and ganache
// each behind the proxy emulator (tests/peers/komodo-proxy.mjs), which verifies every request's
// X-Auth-Payload with OpenSSL's Ed25519 and holds the provider's HMAC credentials itself. The
// signing key must be KDF's P2P key — Ed25519 seeded with SHA-256 of the internal secp256k1 key
// (the Iguana key, or m/44'/141'/2147483647/0/0 of an HD seed) — computed here with node:crypto
// and @scure/bip32. Covered: CoinNode `komodo_proxy` for TRON and EVM nodes, the relay provider's
// `service: "komodo_proxy"` (activation, relay_address, a gasless transfer submitted and followed
// to confirmed), and refusals: a proxied node without the flag, a proxy that does not know the key.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createPrivateKey, createPublicKey, pbkdf2Sync } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { TronWeb } from 'tronweb';
import { TronNode } from '../peers/tron-node.mjs';
import { RelayProvider, PROVIDER_ADDRESS } from '../peers/relay-provider.mjs';
import { KomodoProxy } from '../peers/komodo-proxy.mjs';
import { Ganache, FUNDED_KEY } from '../peers/ganache.mjs';
import { openSse } from '../support/sse-client.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

const TOKEN = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const RECEIVER = 'TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K';
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const SECRET = 'held-by-the-proxy-only';
const ME = TronWeb.address.fromPrivateKey(FUNDED_KEY.slice(2));
let tron, provider, nodeProxy, providerProxy, walletd, relay;
const dirs = [];

/** KDF's P2P public key (hex) for an internal secp256k1 private key. */
function p2pPublicKey(internalKey) {
  const seed = createHash('sha256').update(internalKey).digest();
  const key = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
    format: 'der', type: 'pkcs8' });
  return createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
}
const IGUANA_P2P = p2pPublicKey(Buffer.from(FUNDED_KEY.slice(2), 'hex'));
const HD_P2P = p2pPublicKey(HDKey.fromMasterSeed(pbkdf2Sync(MNEMONIC, 'mnemonic', 2048, 64, 'sha512'))
  .derive("m/44'/141'/2147483647/0/0").privateKey);

async function startWalletd(overrides) {
  const dir = tempDir();
  dirs.push(dir);
  return WalletdProcess.start(writeConfig(dir, overrides));
}

const proxyProviderConfig = (base = providerProxy.url) => ({ base_url: `${base}/nile`, service: 'komodo_proxy',
  service_provider: PROVIDER_ADDRESS, request_timeout_ms: 1500, status_poll_interval_ms: 100 });
const activateTron = (w, extra = {}) => w.rpc('enable_eth_with_tokens', { ticker: 'TRX-devnet',
  nodes: [{ url: nodeProxy.url, komodo_proxy: true }], erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet' }], ...extra });

before(async () => {
  tron = await TronNode.start();
  tron.deployToken(TOKEN);
  tron.fund(ME, 10_000_000n);
  provider = await RelayProvider.start({ tron, apiSecret: SECRET, stepMs: 200,
    tokens: [{ address: TOKEN, symbol: 'USDT', decimal: 6, activateFee: 1_000_000, transferFee: 500_000 }] });
  relay = provider.relayAddress(ME);
  tron.mintToken(TOKEN, relay, 10_000_000n);
  nodeProxy = await KomodoProxy.start({ target: tron.url });
  providerProxy = await KomodoProxy.start({ target: provider.url, hmac: { apiKey: 'test-key', apiSecret: SECRET } });
  walletd = await startWalletd({ passphrase: FUNDED_KEY });
});

after(async () => {
  await walletd?.stop();
  await nodeProxy?.stop();
  await providerProxy?.stop();
  await provider?.stop();
  await tron?.stop();
  for (const dir of dirs) cleanup(dir);
});

test('a node behind the proxy without komodo_proxy: the proxy refuses, activation says why, nothing registered', async () => {
  const res = await activateTron(walletd, { nodes: [{ url: nodeProxy.url }] });
  assert.equal(res.status >= 400, true, res.text);
  assert.match(res.json.error, /HTTP 401 \(a node behind the proxy service needs komodo_proxy: true\)/);
  assert.ok(nodeProxy.refused.some((r) => r.reason === 'missing X-Auth-Payload'));
  assert.deepEqual((await walletd.rpc('get_enabled_coins')).json.result.coins, []);
});

test('a proxy that does not know the node\'s key refuses it; activation fails cleanly', async () => {
  const strict = await KomodoProxy.start({ target: provider.url, hmac: { apiKey: 'test-key', apiSecret: SECRET },
    allowedKeys: ['00'.repeat(32)] });
  try {
    const res = await activateTron(walletd, { tron_gasless_provider: proxyProviderConfig(strict.url) });
    assert.equal(res.status, 500, res.text);
    assert.equal(res.json.error_type, 'PlatformCoinCreationError');
    assert.match(res.json.error, /relay address could not be confirmed.*401/);
    assert.deepEqual(strict.refused.map((r) => r.reason), ['unknown key']);
    assert.deepEqual((await walletd.rpc('get_enabled_coins')).json.result.coins, []);
  } finally {
    await strict.stop();
  }
});

test('TRX and the relay provider through the proxy, every request signed with KDF\'s P2P key', async () => {
  const before = { node: nodeProxy.refused.length, provider: providerProxy.refused.length };
  const res = await activateTron(walletd, { tron_gasless_provider: proxyProviderConfig() });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.result.eth_addresses_infos[ME].relay_address, relay);
  assert.equal(res.json.result.eth_addresses_infos[ME].balances.spendable, '10');
  assert.deepEqual([nodeProxy.refused.length, providerProxy.refused.length], [before.node, before.provider]);
  assert.ok(nodeProxy.accepted.length >= 2);
  assert.ok(nodeProxy.accepted.every((r) => r.publicKey === IGUANA_P2P));
  assert.ok(providerProxy.accepted.some((r) => r.path === `/nile/api/v1/address/${ME}` && r.publicKey === IGUANA_P2P));
});

test('a gasless transfer through the proxy: the stream reports each state once, trace_status agrees, balances exact', async () => {
  const sse = await openSse(`${walletd.url}/event-stream?id=3`, { timeoutMs: 20000 });
  try {
    const enable = await walletd.rpc('stream::gasless_trace::enable', { coin: 'USDT-TRC20-devnet', client_id: 3 });
    assert.equal(enable.status, 200, enable.text);
    const withdraw = await walletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: RECEIVER, amount: '3',
      fee_method: 'gasless', gasless: { max_fee: '2' } });
    assert.equal(withdraw.status, 200, withdraw.text);
    assert.equal(withdraw.json.result.fee_details.total_token_fee, '1.5');  // transfer 0.5 + activation 1
    const sent = await walletd.rpc('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: withdraw.json.result });
    assert.equal(sent.status, 200, sent.text);
    const { trace_id } = sent.json.result;
    const states = [];
    for (let n = 1; !states.includes('confirmed'); n++) {
      const event = (await sse.waitFor(n))[n - 1].data;
      assert.equal(event._type, 'GASLESS_TRACE:USDT-TRC20-devnet', JSON.stringify(event));
      assert.equal(event.message.trace_id, trace_id);
      states.push(event.message.state);
    }
    assert.deepEqual(states, ['pending', 'submitted', 'on_chain', 'confirmed']);
    const status = await walletd.rpc('gasless::trace_status', { coin: 'USDT-TRC20-devnet', trace_id });
    assert.deepEqual(status.json.result, sse.frames[3].data.message);
    assert.equal(tron.tokenBalance(TOKEN, RECEIVER), 3_000_000n);
    assert.equal(tron.tokenBalance(TOKEN, PROVIDER_ADDRESS), 1_500_000n);
    assert.equal(tron.tokenBalance(TOKEN, relay), 5_500_000n);
    const submit = providerProxy.accepted.find((r) => r.method === 'POST' && r.path === '/nile/api/v1/gasfree/submit');
    assert.ok(submit && submit.bodySize > 0 && submit.publicKey === IGUANA_P2P, 'the submission went through the proxy, signed');
    assert.ok(providerProxy.accepted.some((r) => r.path === `/nile/api/v1/gasfree/${trace_id}`), 'polls went through the proxy');
    assert.equal(providerProxy.refused.length, 0);
  } finally {
    await sse.close();
  }
});

test('an HD wallet signs with the key of m/44\'/141\'/2147483647/0/0', async () => {
  const hd = await startWalletd({ passphrase: MNEMONIC, enable_hd: true });
  try {
    const from = nodeProxy.accepted.length;
    const res = await activateTron(hd, { erc20_tokens_requests: [] });
    assert.equal(res.status, 200, res.text);
    const mine = nodeProxy.accepted.slice(from);
    assert.ok(mine.length >= 1);
    assert.ok(mine.every((r) => r.publicKey === HD_P2P), 'HD P2P key');
    assert.notEqual(HD_P2P, IGUANA_P2P);
  } finally {
    await hd.stop();
  }
});

test('EVM nodes behind the proxy are signed for the same way (JSON-RPC over NodeFailover)', async () => {
  const ganache = await Ganache.start();
  const proxy = await KomodoProxy.start({ target: ganache.url });
  try {
    const res = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: proxy.url, komodo_proxy: true }],
      erc20_tokens_requests: [] });
    assert.equal(res.status, 200, res.text);
    const [address] = Object.keys(res.json.result.eth_addresses_infos);
    const wei = BigInt(await ganache.rpc('eth_getBalance', [address, 'latest']));
    assert.equal(res.json.result.eth_addresses_infos[address].balances.spendable, (Number(wei / 10n ** 14n) / 1e4).toString());
    assert.equal(proxy.refused.length, 0);
    assert.ok(proxy.accepted.length >= 2 && proxy.accepted.every((r) => r.publicKey === IGUANA_P2P && r.bodySize > 0));
  } finally {
    await proxy.stop();
    await ganache.stop();
  }
});
