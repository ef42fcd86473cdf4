// The session-wallet policy in the npm package (the wasm core; the relay reached through the
// WebSocket the application hands createWalletd — here the `ws` package, in a page the browser's):
// the same pairing, session listing, activation through personal_sign and withdraw through
// eth_signTransaction as the daemon does in walletconnect-evm.test.mjs, with the real
// @walletconnect/sign-client 2.25.0 as the wallet signing with ethers against ganache, through the
// relay emulator. The withdraw's transaction is read back by ethers and moves ganache to the wei.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { Wallet, Transaction, getBytes, parseEther } from 'ethers';
import { createWalletd, MemoryStorage } from '../support/walletd-package.mjs';
import { Ganache, GANACHE_CHAIN_ID } from '../peers/ganache.mjs';
import { WalletConnectRelay } from '../peers/walletconnect-relay.mjs';
import { repoRoot, PASSWORD } from '../support/walletd-process.mjs';
import { until } from '../support/until.mjs';

process.env.IS_VITEST = 'true';  // sign-client's Verify and telemetry stay off (no network)
const { SignClient } = await import('@walletconnect/sign-client');

const CHAIN = `eip155:${GANACHE_CHAIN_ID}`;
const METHODS = ['personal_sign', 'eth_signTransaction', 'eth_sendTransaction'];
const REQUIRED = { eip155: { chains: [CHAIN], methods: METHODS, events: [] } };
const TO = '0x3535353535353535353535353535353535353535';
const coins = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');
let relay, ganache, wasm, walletClient, signer, topic;
const seen = [];

const call = async (method, params) => {
  const answer = await wasm.request({ mmrpc: '2.0', userpass: PASSWORD, method, ...(params === undefined ? {} : { params }) });
  return { status: answer.status, json: JSON.parse(answer.body), text: answer.body };
};

function ethersTx(o) {
  const tx = { chainId: BigInt(o.chainId), nonce: Number(BigInt(o.nonce)), gasLimit: BigInt(o.gasLimit), to: o.to, value: BigInt(o.value), data: o.data };
  return o.gasPrice !== undefined ? { ...tx, type: 0, gasPrice: BigInt(o.gasPrice) }
    : { ...tx, type: 2, maxFeePerGas: BigInt(o.maxFeePerGas), maxPriorityFeePerGas: BigInt(o.maxPriorityFeePerGas) };
}

before(async () => {
  relay = new WalletConnectRelay();
  await relay.start();
  ganache = await Ganache.start();
  signer = new Wallet('0x' + '5a'.repeat(32));
  await ganache.fund(signer.address, parseEther('3'));
  wasm = await createWalletd({ coins, storage: new MemoryStorage(), WebSocket,
    config: { rpc_password: PASSWORD, passphrase: 'package walletconnect test',
      wallet_connect: { relay_url: relay.url, project_id: 'walletd-test', request_timeout_s: 10 } } });
  walletClient = await SignClient.init({ projectId: 'walletd-test', relayUrl: relay.url, customStoragePrefix: 'walletd-package-wallet',
    telemetryEnabled: false, logger: 'silent', metadata: { name: 'Package Wallet', description: 'sign-client', url: 'https://w.invalid', icons: [] } });
  walletClient.on('session_proposal', async ({ id }) => {
    await walletClient.approve({ id, namespaces: { eip155: { chains: [CHAIN], accounts: [`${CHAIN}:${signer.address}`], methods: METHODS, events: [] } } });
  });
  walletClient.on('session_request', async ({ id, topic: t, params }) => {
    const { method, params: args } = params.request;
    seen.push(method);
    const result = method === 'personal_sign' ? await signer.signMessage(getBytes(args[0])) : await signer.signTransaction(ethersTx(args[0]));
    await walletClient.respond({ topic: t, response: { id, jsonrpc: '2.0', result } });
  });
});

after(async () => {
  await walletClient?.core.relayer.transportClose().catch(() => {});
  walletClient?.core.heartbeat.stop();
  await wasm?.close?.();
  await ganache?.stop();
  await relay?.stop();
  setTimeout(() => process.exit(), 2000).unref();  // sign-client's own timers after a failure
});

test('the package pairs through the WebSocket it is given and lists the session', { timeout: 40000 }, async () => {
  const res = await call('wc_new_connection', { required_namespaces: REQUIRED });
  assert.equal(res.status, 200, res.text);
  const { url, pairing_topic } = res.json.result;
  assert.match(url, /^wc:[0-9a-f]{64}@2\?symKey=[0-9a-f]{64}&relay-protocol=irn&expiryTimestamp=\d+$/);
  // The relay verified the package's login (the same JWT code as the daemon's).
  assert.ok(relay.logins.some((l) => /^wc-2\/cpp-walletd/.test(l.ua) && l.aud === relay.url));
  await walletClient.pair({ uri: url });
  const session = await until(() => walletClient.session.getAll().find((s) => s.pairingTopic === pairing_topic && s.acknowledged), 20000, 'acknowledged');
  topic = session.topic;
  const listed = await until(async () => (await call('wc_get_sessions')).json.result.sessions[0], 10000, 'listed');
  assert.equal(listed.topic, topic);
  assert.deepEqual(listed.namespaces.eip155.accounts, [`${CHAIN}:${signer.address}`]);
  assert.deepEqual((await call('wc_ping_session', { topic })).json.result, { result: 'Ping successful' });
});

test('activation and an offline withdraw through the wallet; the transaction moves ganache to the wei', { timeout: 40000 }, async () => {
  const act = await call('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }], erc20_tokens_requests: [],
    priv_key_policy: { type: 'WalletConnect', params: { session_topic: topic } } });
  assert.equal(act.status, 200, act.text);
  assert.deepEqual(Object.keys(act.json.result.eth_addresses_infos), [signer.address]);
  const res = await call('withdraw', { coin: 'ETH-ganache', to: TO, amount: '0.75', fee: { type: 'EthGas', gas_price: '2', gas: 21000 } });
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(seen, ['personal_sign', 'eth_signTransaction']);
  const tx = Transaction.from('0x' + res.json.result.tx_hex);
  assert.equal(tx.from, signer.address);
  const before = await ganache.balance(signer.address), toBefore = await ganache.balance(TO);
  const sent = await call('send_raw_transaction', { coin: 'ETH-ganache', tx_hex: res.json.result.tx_hex });
  assert.deepEqual(sent.json.result, { tx_hash: res.json.result.tx_hash });
  assert.equal(await ganache.balance(TO), toBefore + parseEther('0.75'));
  assert.equal(await ganache.balance(signer.address), before - parseEther('0.75') - 21000n * 2000000000n);
});

test('wc_delete_session from the package reaches the wallet', { timeout: 20000 }, async () => {
  const deleted = new Promise((resolve) => walletClient.once('session_delete', resolve));
  assert.deepEqual((await call('wc_delete_session', { topic })).json.result, {});
  assert.equal((await deleted).topic, topic);
  assert.deepEqual((await call('wc_get_sessions')).json.result.sessions, []);
});
