// The session-wallet key policy end to end (docs/walletconnect.md), one suite run against both
// hosts — the daemon (tests/integration/walletconnect-evm.test.mjs) and the npm package
// (tests/js/package-walletconnect.test.mjs): walletd as WalletConnect's proposer (KDF's side), the
// real @walletconnect/sign-client 2.25.0 as the wallet signing with ethers against ganache, and
// the relay emulator (tests/peers/walletconnect-relay.mjs, itself checked by two sign-clients in
// walletconnect-relay-peer.test.mjs) between them. Checked: the pairing URI and what walletd
// published (a JWT the relay verified, tag 1100, type-0 envelopes); the settle answered (the
// wallet's acknowledged() resolves, which KDF never allows); wc_get_sessions / wc_get_session (by
// topic and pairing topic); enable_eth_with_tokens with each JSON form of the policy (the wallet's
// personal_sign, the signer recovered); withdraw through eth_signTransaction (the transaction read
// back by ethers, broadcast, ganache balances to the wei) and eth_sendTransaction; a rejection, a
// silent wallet and a wrong signer refused with nothing broadcast; ping; a restart that reloads
// the session (its key sealed in storage) and resubscribes in one batch; a dropped relay socket
// while a request is pending; deletion from either side.
//
// A host is {rpc(method, params) → {status, json, text}, restart() → host, stop(), stored() →
// Buffer[] (everything the host wrote to its storage)}; makeHost(walletConnectConfig) starts one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Wallet, Transaction, getBytes, parseEther, toUtf8String } from 'ethers';
import { Ganache, GANACHE_CHAIN_ID } from '../peers/ganache.mjs';
import { WalletConnectRelay } from '../peers/walletconnect-relay.mjs';
import { sleep, until } from './until.mjs';

process.env.IS_VITEST = 'true';  // sign-client's Verify and telemetry stay off (no network)
const { SignClient } = await import('@walletconnect/sign-client');

const CHAIN = `eip155:${GANACHE_CHAIN_ID}`;
const METHODS = ['personal_sign', 'eth_signTransaction', 'eth_sendTransaction'];
const EVENTS = ['accountsChanged', 'chainChanged'];
const WALLET_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';  // notes' V4
const OTHER_KEY = '0x' + '42'.repeat(32);
const TO = '0x3535353535353535353535353535353535353535';
const REQUIRED = { eip155: { chains: [CHAIN], methods: METHODS, events: EVENTS } };


let relay, ganache, host, walletClient, signer, topic, pairingTopic;
const seen = [];  // every request the wallet received: {method, params}
// How the wallet answers: 'sign' (ethers), 'reject', 'silent', 'other-key', or a delay in ms
// before signing ({delay}).
let mode = 'sign';

function ethersTx(o) {
  const tx = { chainId: BigInt(o.chainId), nonce: Number(BigInt(o.nonce)), gasLimit: BigInt(o.gasLimit),
    to: o.to, value: BigInt(o.value), data: o.data };
  if (o.gasPrice !== undefined) return { ...tx, type: 0, gasPrice: BigInt(o.gasPrice) };
  return { ...tx, type: 2, maxFeePerGas: BigInt(o.maxFeePerGas), maxPriorityFeePerGas: BigInt(o.maxPriorityFeePerGas) };
}

async function answer(method, args) {
  const key = mode === 'other-key' ? new Wallet(OTHER_KEY) : signer;
  if (method === 'personal_sign') return key.signMessage(getBytes(args[0]));
  if (method === 'eth_signTransaction') return key.signTransaction(ethersTx(args[0]));
  if (method === 'eth_sendTransaction') {
    const sent = await signer.connect(ganache.provider).sendTransaction(ethersTx(args[0]));
    return sent.hash;
  }
  throw new Error(`unexpected ${method}`);
}

export function walletConnectEvmSuite(makeHost) {
before(async () => {
  relay = new WalletConnectRelay();
  await relay.start();
  ganache = await Ganache.start();
  signer = new Wallet(WALLET_KEY);
  await ganache.fund(signer.address, parseEther('10'));
  host = await makeHost({ relay_url: relay.url, project_id: 'walletd-test', request_timeout_s: 4 });
  walletClient = await SignClient.init({ projectId: 'walletd-test', relayUrl: relay.url, customStoragePrefix: 'walletd-evm-wallet',
    telemetryEnabled: false, logger: 'silent',
    metadata: { name: 'Test Wallet', description: 'sign-client + ethers', url: 'https://wallet.invalid', icons: ['https://wallet.invalid/i.png'] } });
  walletClient.on('session_proposal', async ({ id, params }) => {
    assert.deepEqual(params.requiredNamespaces, REQUIRED);
    await walletClient.approve({ id, namespaces: { eip155: { chains: [CHAIN], accounts: [`${CHAIN}:${signer.address}`], methods: METHODS, events: EVENTS } } });
  });
  walletClient.on('session_request', async ({ id, topic: t, params }) => {
    const { method, params: args } = params.request;
    seen.push({ method, params: args, chainId: params.chainId, expiryTimestamp: params.request.expiryTimestamp });
    // A silent wallet never answers: the request's expiryTimestamp (walletd's deadline) makes
    // sign-client drop it, which lets its next request through.
    if (mode === 'silent') return;
    if (typeof mode === 'object') await sleep(mode.delay);
    const response = mode === 'reject'
      ? { id, jsonrpc: '2.0', error: { code: 5000, message: 'User rejected.' } }
      : { id, jsonrpc: '2.0', result: await answer(method, args) };
    await walletClient.respond({ topic: t, response });
  });
});

after(async () => {
  await walletClient?.core.relayer.transportClose().catch(() => {});
  walletClient?.core.heartbeat.stop();
  await host?.stop();
  host?.cleanup?.();
  await ganache?.stop();
  await relay?.stop();
  setTimeout(() => process.exit(), 2000).unref();  // sign-client's own timers after a failure
});

const walletdIss = () => relay.logins.find((l) => l.projectId === 'walletd-test' && /^wc-2\/cpp-walletd/.test(l.ua))?.iss;
const fromWalletd = (method) => relay.frames.filter((f) => f.dir === 'in' && f.client === walletdIss() && f.json.method === method);

test('wc_new_connection pairs with the wallet; the settle is answered and the session listed', { timeout: 40000 }, async () => {
  const res = await host.rpc('wc_new_connection', { required_namespaces: REQUIRED });
  assert.equal(res.status, 200, res.text);
  const { url, pairing_topic } = res.json.result;
  const m = url.match(/^wc:([0-9a-f]{64})@2\?symKey=([0-9a-f]{64})&relay-protocol=irn&expiryTimestamp=(\d+)$/);
  assert.ok(m, url);
  assert.equal(m[1], pairing_topic);
  assert.ok(Math.abs(Number(m[3]) - (Date.now() / 1000 + 300)) < 30);
  pairingTopic = pairing_topic;

  // The relay verified walletd's JWT (aud = its URL) and saw the subscribe and the proposal.
  const login = relay.logins.find((l) => l.iss === walletdIss());
  assert.equal(login.aud, relay.url);
  assert.equal(login.exp - login.iat, 86400);
  assert.ok(fromWalletd('irn_subscribe').some((f) => f.json.params.topic === pairing_topic));
  const proposal = fromWalletd('irn_publish').find((f) => f.json.params.topic === pairing_topic);
  assert.deepEqual([proposal.json.params.tag, proposal.json.params.ttl, proposal.json.params.prompt], [1100, 300, true]);
  assert.equal(Buffer.from(proposal.json.params.message, 'base64')[0], 0);

  await walletClient.pair({ uri: url });
  // walletd answers the settle (tag 1103), so the wallet's session becomes acknowledged.
  const settled = await until(() => walletClient.session.getAll().find((s) => s.pairingTopic === pairing_topic && s.acknowledged), 20000, 'acknowledged');
  topic = settled.topic;
  assert.ok(fromWalletd('irn_publish').some((f) => f.json.params.topic === topic && f.json.params.tag === 1103));

  const sessions = await until(async () => {
    const r = await host.rpc('wc_get_sessions');
    return r.json.result.sessions.length ? r.json.result.sessions : null;
  }, 10000, 'wc_get_sessions');
  assert.equal(sessions.length, 1);
  const s = sessions[0];
  assert.equal(s.topic, topic);
  assert.equal(s.pairing_topic, pairing_topic);
  assert.deepEqual(s.metadata, { description: 'sign-client + ethers', url: 'https://wallet.invalid', icons: ['https://wallet.invalid/i.png'], name: 'Test Wallet' });
  assert.deepEqual(s.namespaces.eip155, { chains: [CHAIN], accounts: [`${CHAIN}:${signer.address}`], methods: [...METHODS].sort(), events: [...EVENTS].sort() });
  // The settle's expiry: sign-client computes the one it sends and the one it keeps separately,
  // so they may straddle a second.
  assert.ok(Math.abs(s.expiry - settled.expiry) <= 1, `${s.expiry} vs ${settled.expiry}`);
  assert.deepEqual((await host.rpc('wc_get_session', { topic })).json.result.session, s);
  assert.deepEqual((await host.rpc('wc_get_session', { topic: pairing_topic, with_pairing_topic: true })).json.result.session, s);
  assert.deepEqual((await host.rpc('wc_get_session', { topic: pairing_topic })).json.result, { session: null });
  // Nothing walletd published is plaintext: every message is a type-0 envelope.
  for (const f of fromWalletd('irn_publish')) assert.equal(Buffer.from(f.json.params.message, 'base64')[0], 0);
});

test('each JSON form of the policy activates ETH with the wallet\'s account, proven by personal_sign', { timeout: 60000 }, async () => {
  const forms = [
    { type: 'WalletConnect', params: { session_topic: topic } },  // KDF (adjacently tagged)
    { WalletConnect: { session_topic: topic } },                  // KDF (externally tagged)
    { type: 'WalletConnect', session_topic: topic },              // the Flutter SDK
    { type: 'SessionWallet', data: [topic] },                     // the spec
  ];
  for (const priv_key_policy of forms) {
    seen.length = 0;
    const res = await host.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }], erc20_tokens_requests: [], priv_key_policy });
    assert.equal(res.status, 200, `${JSON.stringify(priv_key_policy)}: ${res.text}`);
    const addresses = Object.keys(res.json.result.eth_addresses_infos);
    assert.deepEqual(addresses, [signer.address]);
    assert.deepEqual(seen.map((r) => [r.method, r.chainId]), [['personal_sign', CHAIN]]);
    assert.equal(toUtf8String(seen[0].params[0]), 'Authenticate with KDF');
    assert.equal(seen[0].params[1], signer.address.toLowerCase());
    const disabled = await host.rpc('disable_coin', { coin: 'ETH-ganache' });
    assert.equal(disabled.status, 200, disabled.text);
  }
  // The bare string the SDK sends for other protocols lacks the topic.
  const bare = await host.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }], erc20_tokens_requests: [], priv_key_policy: 'WalletConnect' });
  assert.equal(bare.status, 400);
  assert.match(bare.json.error, /needs the session's topic/);
});

test('a wallet that signs with another key, or an unknown topic, is WalletConnectError', { timeout: 30000 }, async () => {
  mode = 'other-key';
  try {
    const res = await host.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }], erc20_tokens_requests: [], priv_key_policy: { type: 'WalletConnect', params: { session_topic: topic } } });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.json.error_type, 'WalletConnectError');
    assert.match(res.json.error, /another key than the session's account/);
  } finally {
    mode = 'sign';
  }
  const unknown = await host.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }], erc20_tokens_requests: [], priv_key_policy: { type: 'WalletConnect', params: { session_topic: 'ab'.repeat(32) } } });
  assert.equal(unknown.json.error_type, 'WalletConnectError');
  assert.match(unknown.json.error, /No active WalletConnect session/);
  const listed = await host.rpc('get_enabled_coins');
  assert.ok(!JSON.stringify(listed.json).includes('ETH-ganache'));
});

test('withdraw without broadcast: eth_signTransaction, read back by ethers, broadcast moves ganache to the wei', { timeout: 40000 }, async () => {
  const act = await host.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }], erc20_tokens_requests: [], priv_key_policy: { type: 'WalletConnect', params: { session_topic: topic } } });
  assert.equal(act.status, 200, act.text);
  seen.length = 0;
  const res = await host.rpc('withdraw', { coin: 'ETH-ganache', to: TO, amount: '1.5', fee: { type: 'EthGas', gas_price: '2', gas: 21000 } });
  assert.equal(res.status, 200, res.text);
  const d = res.json.result;
  assert.deepEqual(seen.map((r) => r.method), ['eth_signTransaction']);
  const asked = seen[0].params[0];
  assert.deepEqual([asked.from, asked.to, asked.chainId, asked.gasLimit, asked.gas, asked.value, asked.gasPrice, asked.data],
    [signer.address.toLowerCase(), TO, GANACHE_CHAIN_ID, '0x5208', '0x5208', '0x14d1120d7b160000', '0x77359400', '0x']);
  const tx = Transaction.from('0x' + d.tx_hex);
  assert.equal(tx.from, signer.address);
  assert.equal(tx.hash.slice(2), d.tx_hash);
  assert.deepEqual([tx.to, tx.value, tx.gasPrice, tx.gasLimit, tx.chainId], [TO, parseEther('1.5'), 2000000000n, 21000n, 1337n]);
  assert.deepEqual(d.from, [signer.address]);
  const before = await ganache.balance(signer.address), toBefore = await ganache.balance(TO);
  const sent = await host.rpc('send_raw_transaction', { coin: 'ETH-ganache', tx_hex: d.tx_hex });
  assert.deepEqual(sent.json.result, { tx_hash: d.tx_hash });
  assert.equal(await ganache.balance(TO), toBefore + parseEther('1.5'));
  assert.equal(await ganache.balance(signer.address), before - parseEther('1.5') - 21000n * 2000000000n);
  // The keys are elsewhere: get_private_keys refuses the coin.
  const keys = await host.rpc('get_private_keys', { coins: ['ETH-ganache'] });
  assert.notEqual(keys.status, 200);
});

test('withdraw with broadcast: eth_sendTransaction, walletd waits until the node shows it', { timeout: 40000 }, async () => {
  seen.length = 0;
  const before = await ganache.balance(signer.address), toBefore = await ganache.balance(TO);
  const res = await host.rpc('withdraw', { coin: 'ETH-ganache', to: TO, amount: '0.25', broadcast: true });
  assert.equal(res.status, 200, res.text);
  const d = res.json.result;
  assert.deepEqual(seen.map((r) => r.method), ['eth_sendTransaction']);
  assert.equal(d.tx_hex, '');
  const receipt = await ganache.rpc('eth_getTransactionReceipt', ['0x' + d.tx_hash]);
  assert.equal(receipt.status, '0x1');
  assert.equal(receipt.from, signer.address.toLowerCase());
  const paid = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
  assert.equal(await ganache.balance(TO), toBefore + parseEther('0.25'));
  assert.equal(await ganache.balance(signer.address), before - parseEther('0.25') - paid);
});

test('a rejection, a silent wallet and a wrong signer fail the withdraw with nothing broadcast', { timeout: 40000 }, async () => {
  const nonce = await ganache.rpc('eth_getTransactionCount', [signer.address, 'pending']);
  const cases = [['reject', false, /refused eth_signTransaction: User rejected\. \(5000\)/],
    ['reject', true, /refused eth_sendTransaction: User rejected/],
    ['silent', false, /did not answer wc_sessionRequest within 4 s/],
    ['other-key', false, /signed with another key/]];
  for (const [m, broadcast, pattern] of cases) {
    mode = m;
    try {
      const res = await host.rpc('withdraw', { coin: 'ETH-ganache', to: TO, amount: '0.1', broadcast });
      assert.equal(res.status, 400, `${m}: ${res.text}`);
      assert.equal(res.json.error_type, 'SigningError');
      assert.match(res.json.error, pattern);
    } finally {
      mode = 'sign';
    }
    if (m === 'silent') {
      // walletd asked with expiryTimestamp = its deadline: the wallet's client drops the request.
      const asked = seen.at(-1);
      assert.ok(Math.abs(asked.expiryTimestamp - (Date.now() / 1000)) < 10, JSON.stringify(asked));
      await until(() => walletClient.getPendingSessionRequests().length === 0, 20000, 'the expired request dropped');
    }
  }
  assert.equal(await ganache.rpc('eth_getTransactionCount', [signer.address, 'pending']), nonce);
});

test('wc_ping_session answers "Ping successful", also after the relay sent frames of unexpected shapes; an unknown topic is SessionRequestError', async () => {
  relay.inject(walletdIss(), 'not json', '[1,2]', '{"id":1,"method":5,"params":[]}',
    '{"id":2,"jsonrpc":"2.0","method":"irn_subscription","params":{"id":"x","data":7}}',
    '{"id":3,"jsonrpc":"2.0","method":"irn_subscription","params":{"id":"x","data":{"topic":5,"message":[]}}}',
    '{"id":"x","jsonrpc":"2.0","error":{"code":"?","message":5}}', '{"id":4,"jsonrpc":"2.0","result":true}');
  const res = await host.rpc('wc_ping_session', { topic });
  assert.deepEqual(res.json.result, { result: 'Ping successful' });
  const unknown = await host.rpc('wc_ping_session', { topic: 'cd'.repeat(32) });
  assert.equal(unknown.status, 500);
  assert.equal(unknown.json.error_type, 'SessionRequestError');
});

test('a restart reloads the session, resubscribes in one batch, and the coin activates again', { timeout: 60000 }, async () => {
  const issBefore = walletdIss();
  await host.stop();
  // The session's symmetric key is on disk only sealed: neither its hex nor its bytes appear.
  const symKey = await walletClient.core.crypto.keychain.get(topic);
  assert.match(symKey, /^[0-9a-f]{64}$/);
  const files = await host.stored();
  assert.ok(files.some((f) => f.includes(Buffer.from(topic))), 'the session is stored');
  for (const f of files) {
    assert.ok(!f.includes(Buffer.from(symKey)) && !f.includes(Buffer.from(symKey, 'hex')) &&
      !f.includes(Buffer.from(Buffer.from(symKey, 'hex').toString('base64'))), 'the key is sealed');
  }
  const framesBefore = relay.frames.length;
  host = await host.restart();
  const sessions = (await host.rpc('wc_get_sessions')).json.result.sessions;
  assert.deepEqual(sessions.map((s) => s.topic), [topic]);
  const batches = await until(() => {
    const fresh = relay.frames.slice(framesBefore).filter((f) => f.dir === 'in' && f.json.method === 'irn_batchSubscribe');
    return fresh.length ? fresh : null;
  }, 10000, 'irn_batchSubscribe');
  assert.equal(batches.length, 1);
  // The same relay identity (its login seed is kept), so the relay does not hand walletd its own
  // earlier requests back as if they came from the wallet.
  assert.equal(relay.logins.at(-1).iss, issBefore);
  assert.deepEqual([...batches[0].json.params.topics].sort(), [topic, pairingTopic].sort());
  assert.deepEqual((await host.rpc('wc_ping_session', { topic })).json.result, { result: 'Ping successful' });
  const act = await host.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }], erc20_tokens_requests: [], priv_key_policy: { type: 'WalletConnect', params: { session_topic: topic } } });
  assert.equal(act.status, 200, act.text);
});

/** Polls task::<family>::status until the task is no longer InProgress (bounded). */
async function taskResult(family, taskId) {
  return until(async () => {
    const r = (await host.rpc(`task::${family}::status`, { task_id: taskId })).json.result;
    return r.status === 'InProgress' ? null : r;
  }, 20000, `task::${family}`);
}

test('the task forms: task::enable_eth::init with the policy, task::withdraw::init signed by the wallet', { timeout: 60000 }, async () => {
  assert.equal((await host.rpc('disable_coin', { coin: 'ETH-ganache' })).status, 200);
  seen.length = 0;
  const init = await host.rpc('task::enable_eth::init', { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }], erc20_tokens_requests: [],
    priv_key_policy: { type: 'WalletConnect', params: { session_topic: topic } } });
  assert.equal(init.status, 200, init.text);
  const activated = await taskResult('enable_eth', init.json.result.task_id);
  assert.equal(activated.status, 'Ok', JSON.stringify(activated));
  assert.deepEqual(Object.keys(activated.details.eth_addresses_infos), [signer.address]);
  const w = await host.rpc('task::withdraw::init', { coin: 'ETH-ganache', to: TO, amount: '0.02', fee: { type: 'EthGas', gas_price: '2', gas: 21000 } });
  assert.equal(w.status, 200, w.text);
  const done = await taskResult('withdraw', w.json.result.task_id);
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  assert.equal(Transaction.from('0x' + done.details.tx_hex).from, signer.address);
  assert.deepEqual(seen.map((r) => r.method), ['personal_sign', 'eth_signTransaction']);
});

test('the relay dropping walletd\'s socket while a request is pending: reconnect, resubscribe, the answer arrives', { timeout: 60000 }, async () => {
  mode = { delay: 1500 };
  try {
    const logins = relay.logins.length;
    const pending = host.rpc('withdraw', { coin: 'ETH-ganache', to: TO, amount: '0.01', fee: { type: 'EthGas', gas_price: '2', gas: 21000 } });
    await until(() => seen.length && seen.at(-1).method === 'eth_signTransaction', 10000, 'request at the wallet');
    relay.dropClients();
    const res = await pending;
    assert.equal(res.status, 200, res.text);
    assert.equal(Transaction.from('0x' + res.json.result.tx_hex).from, signer.address);
    assert.ok(relay.logins.length > logins, 'walletd logged in again');
  } finally {
    mode = 'sign';
  }
});

test('wc_delete_session tells the wallet; a wallet disconnect makes walletd forget its session', { timeout: 60000 }, async () => {
  const deleted = new Promise((resolve) => walletClient.once('session_delete', resolve));
  const res = await host.rpc('wc_delete_session', { topic });
  assert.deepEqual(res.json.result, {});
  assert.equal((await deleted).topic, topic);
  assert.deepEqual((await host.rpc('wc_get_sessions')).json.result.sessions, []);
  // The coin activated on it fails cleanly now.
  const w = await host.rpc('withdraw', { coin: 'ETH-ganache', to: TO, amount: '0.01', fee: { type: 'EthGas', gas_price: '2', gas: 21000 } });
  assert.equal(w.json.error_type, 'Transport');
  assert.match(w.json.error, /No active WalletConnect session/);

  // A second session, ended by the wallet.
  const again = await host.rpc('wc_new_connection', { required_namespaces: REQUIRED });
  await walletClient.pair({ uri: again.json.result.url });
  const second = await until(() => walletClient.session.getAll().find((s) => s.pairingTopic === again.json.result.pairing_topic && s.acknowledged), 20000, 'second session');
  await until(async () => (await host.rpc('wc_get_sessions')).json.result.sessions.length === 1, 10000, 'listed');
  await walletClient.disconnect({ topic: second.topic, reason: { code: 6000, message: 'User disconnected.' } });
  await until(async () => (await host.rpc('wc_get_sessions')).json.result.sessions.length === 0, 10000, 'forgotten');
});

test('bad input: namespaces without chains, a wrong type, a missing topic', async () => {
  const noChains = await host.rpc('wc_new_connection', { required_namespaces: { eip155: { methods: [], events: [] } } });
  assert.equal(noChains.status, 400);
  assert.match(noChains.json.error, /missing field `chains`/);
  const wrong = await host.rpc('wc_new_connection', { required_namespaces: [] });
  assert.equal(wrong.status, 400);
  const noTopic = await host.rpc('wc_get_session', {});
  assert.equal(noTopic.status, 400);
  assert.match(noTopic.json.error, /missing field `topic`/);
});
}
