// Gasless TRC20 transfers end to end with the real walletd, the TRON node emulator and the relay
// provider emulator (tests/peers/relay-provider.mjs, HMAC-authenticated, relay addresses from the
// provider's own SDK): activation with tron_gasless_provider and its refusals, relay_address in
// every answer, the gasless withdraw (permit hash checked with @gasfree/gasfree-sdk, signer
// recovered with ethers), send_raw_transaction with tx_json, the GASLESS_TRACE stream delivering
// pending → submitted → on_chain → confirmed once each, gasless::trace_status, exact balances
// (value to the receiver, fees to the provider, the activation fee once), tampered and expired
// authorizations, the preflight refusals, provider faults, and fallback_to_native.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { recoverAddress } from 'ethers';
import { TronWeb, utils } from 'tronweb';
import { TronNode, hex41 } from '../peers/tron-node.mjs';
import { RelayProvider, PROVIDER_ADDRESS } from '../peers/relay-provider.mjs';
import { FUNDED_KEY } from '../peers/ganache.mjs';
import { openSse } from '../support/sse-client.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

const require = createRequire(import.meta.url);
const { TronGasFree } = require('@gasfree/gasfree-sdk');
const sdk = new TronGasFree({ chainId: 3448148188 });

const TOKEN = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const OTHER_TOKEN = 'TLBaRhANQoJFTqre9Nf1mjuwNWjCJeYqUL';
const ME = TronWeb.address.fromPrivateKey(FUNDED_KEY.slice(2));
const RELAY = sdk.generateGasFreeAddress(ME);
const RECEIVER = 'TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K';
const SECRET = 'relay-api-secret-never-shown';
let tron, provider, walletd, dir, config;

const providerConfig = (extra = {}) => ({ base_url: provider.url, service: { relay: { api_key: 'test-key', api_secret: SECRET } },
  service_provider: PROVIDER_ADDRESS, request_timeout_ms: 1500, status_poll_interval_ms: 100, ...extra });
const activate = (extra = {}) => walletd.rpc('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: [{ url: tron.url }],
  erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet' }], tron_gasless_provider: providerConfig(), ...extra });

/** Checks an authorization with the provider's SDK (hash) and ethers (signer). */
function checkPermit(auth) {
  const a = auth.signed_authorization;
  const typed = sdk.assembleStandard712GasFreeTransactionJson({ token: a.token, serviceProvider: a.service_provider,
    user: a.user, receiver: a.receiver, value: a.value, maxFee: a.max_fee, deadline: a.deadline, version: a.version, nonce: a.nonce });
  const { permitTransferMessageHash } = sdk.getGasFreeLedgerRawHash({ message: typed.message });
  const signer = recoverAddress(permitTransferMessageHash, '0x' + a.sig);
  assert.equal(`41${signer.slice(2).toLowerCase()}`, hex41(a.user), 'the signature recovers to the user');
  assert.match(a.sig, /^[0-9a-f]{128}(1b|1c)$/);
}

before(async () => {
  tron = await TronNode.start();
  tron.deployToken(TOKEN);
  tron.fund(ME, 10_000_000n);
  tron.mintToken(TOKEN, RELAY, 30_000_000n);  // 30 tokens on the relay address
  provider = await RelayProvider.start({ tron, apiSecret: SECRET, stepMs: 400,
    tokens: [{ address: TOKEN, symbol: 'USDT', decimal: 6, activateFee: 1_000_000, transferFee: 500_000 }] });
  dir = tempDir();
  config = writeConfig(dir, { passphrase: FUNDED_KEY });
  walletd = await WalletdProcess.start(config);
});

after(async () => {
  await walletd?.stop();
  await provider?.stop();
  await tron?.stop();
  if (dir) cleanup(dir);
});

test('bad provider configurations fail activation with KDF\'s errors and register nothing', async () => {
  const cases = [
    [{ base_url: provider.url + '/nile' }, 400, 'InvalidPayload'],
    [{ base_url: 'ftp://127.0.0.1' }, 400, 'InvalidPayload'],
    [{ service_provider: 'TQ6qStrS2ZJ96gieZJC8AurTxwqJETmjfq' }, 400, 'InvalidPayload'],
    [{ request_timeout_ms: 0 }, 400, 'InvalidPayload'],
    [{ status_poll_interval_ms: 0 }, 400, 'InvalidPayload'],
    [{ request_timeout_ms: 'fast' }, 400, 'InvalidRequest'],
    [{ unknown: 1 }, 400, 'InvalidRequest'],
    [{ service: { relay: { api_key: 'k' } } }, 400, 'InvalidRequest'],
    [{ service: 'vendor_proxy' }, 400, 'InvalidPayload'],
    [{ service: 'komodo_proxy' }, 500, 'PlatformCoinCreationError'],  // the provider itself refuses an unsigned-for-it request
    [{ service: { relay: { api_key: 'test-key', api_secret: 'wrong' } } }, 500, 'PlatformCoinCreationError'],
  ];
  for (const [extra, status, type] of cases) {
    const res = await activate({ tron_gasless_provider: providerConfig(extra) });
    assert.equal(res.status, status, `${JSON.stringify(extra)}: ${res.text}`);
    assert.equal(res.json.error_type, type, JSON.stringify(extra));
    assert.ok(!res.text.includes(SECRET) && !res.text.includes('wrong'), 'no secret in the error');
  }
  const negative = await activate({ erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet', gasless: { transfer_max_fee: '-1' } }] });
  assert.equal(negative.json.error_type, 'InvalidPayload');
  const noProvider = await activate({ tron_gasless_provider: undefined,
    erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet', gasless: { transfer_max_fee: '1' } }] });
  assert.equal(noProvider.json.error_type, 'InvalidPayload', noProvider.text);
  const evm = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: tron.url }], tron_gasless_provider: providerConfig() });
  assert.equal(evm.json.error_type, 'InvalidPayload', evm.text);
  const coins = await walletd.rpc('get_enabled_coins');
  assert.deepEqual(coins.json.result.coins, []);
});

test('activation answers relay_address (the SDK\'s CREATE2 address) wherever the address is shown', async () => {
  const res = await activate({ erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet', gasless: { enabled: true, transfer_max_fee: '2' } }] });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.result.eth_addresses_infos[ME].relay_address, RELAY);
  assert.equal(res.json.result.erc20_addresses_infos[ME].relay_address, RELAY);
  assert.ok(!res.text.includes(SECRET));
  const mine = await walletd.rpc('my_balance', { coin: 'USDT-TRC20-devnet' });
  assert.equal(mine.json.result.relay_address, RELAY);
  assert.equal(mine.json.result.address, ME);
});

/** A gasless withdraw answer, checked for shape and signature. */
async function gaslessWithdraw(params) {
  const res = await walletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: RECEIVER, fee_method: 'gasless', ...params });
  assert.equal(res.status, 200, res.text);
  const r = res.json.result;
  assert.equal(r.tx_hex, undefined);
  assert.equal(r.relay_type, 'tron_relay');
  assert.equal(r.chain_id, '3448148188');
  assert.equal(r.coin, 'USDT-TRC20-devnet');
  assert.equal(r.from_address, ME);
  assert.equal(r.relay_address, RELAY);
  assert.equal(r.verifying_contract, 'THQGuFzL87ZqhxkgqYEryRAd7gqFqL5rdc');
  assert.match(r.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  checkPermit(r);
  return r;
}

test('gasless withdraw → send_raw_transaction → the stream reports each state once; balances exact', async () => {
  const sse = await openSse(`${walletd.url}/event-stream?id=7`, { timeoutMs: 20000 });
  try {
    const enable = await walletd.rpc('stream::gasless_trace::enable', { coin: 'USDT-TRC20-devnet', client_id: 7 });
    assert.equal(enable.status, 200, enable.text);
    assert.deepEqual(enable.json.result, { streamer_id: 'GASLESS_TRACE:USDT-TRC20-devnet' });
    const r = await gaslessWithdraw({ amount: '5' });
    const a = r.signed_authorization;
    assert.deepEqual([a.token, a.service_provider, a.user, a.receiver, a.value, a.max_fee, a.version, a.nonce],
      [TOKEN, PROVIDER_ADDRESS, ME, RECEIVER, '5000000', '2000000', '1', '0']);
    assert.deepEqual(r.fee_details, { type: 'TronGasless', coin: 'USDT-TRC20-devnet', fee_method: 'gasless', provider_name: 'relay',
      relay_address: RELAY, transfer_fee: '0.5', activation_fee: '1', total_token_fee: '1.5', signed_max_fee: '2', trace_id: null });
    assert.deepEqual([r.total_amount, r.spent_by_me, r.received_by_me, r.my_balance_change], ['5', '5', '0', '-5']);
    assert.deepEqual([r.from, r.to], [[ME], [RECEIVER]]);

    const sent = await walletd.rpc('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: r });
    assert.equal(sent.status, 200, sent.text);
    const { relay_type, trace_id, state } = sent.json.result;
    assert.deepEqual([relay_type, state], ['tron_relay', 'WAITING']);
    assert.match(trace_id, /^[0-9a-f-]{36}$/);

    const states = [];
    for (let n = 1; !states.includes('confirmed'); n++) {
      const frames = await sse.waitFor(n);
      const event = frames[n - 1].data;
      assert.equal(event._type, 'GASLESS_TRACE:USDT-TRC20-devnet', JSON.stringify(event));
      assert.equal(event.message.trace_id, trace_id);
      states.push(event.message.state);
    }
    assert.deepEqual(states, ['pending', 'submitted', 'on_chain', 'confirmed']);
    const last = sse.frames[3].data.message;
    assert.equal(last.final_fee, '1.5');
    assert.match(last.tx_hash_on_chain, /^[0-9a-f]{64}$/);
    assert.ok(Number.isInteger(last.block_height) && Number.isInteger(last.confirmed_at));
    assert.equal(last.failure_reason, null);

    const status = await walletd.rpc('gasless::trace_status', { coin: 'USDT-TRC20-devnet', trace_id });
    assert.equal(status.status, 200, status.text);
    assert.deepEqual(status.json.result, last);
    assert.equal(tron.tokenBalance(TOKEN, RECEIVER), 5_000_000n);
    assert.equal(tron.tokenBalance(TOKEN, PROVIDER_ADDRESS), 1_500_000n);
    assert.equal(tron.tokenBalance(TOKEN, RELAY), 23_500_000n);
    assert.ok(provider.pollsOf(trace_id) <= 16, `polled ${provider.pollsOf(trace_id)} times`);
  } finally {
    await sse.close();
  }
});

test('the second transfer pays no activation fee; max sends balance − fee', async () => {
  const r = await gaslessWithdraw({ max: true });
  assert.equal(r.fee_details.activation_fee, undefined);
  assert.equal(r.fee_details.total_token_fee, '0.5');
  assert.equal(r.signed_authorization.value, '23000000');
  assert.equal(r.signed_authorization.nonce, '1');
  const sent = await walletd.rpc('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: r });
  assert.equal(sent.status, 200, sent.text);
  const pending = await walletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: RECEIVER, amount: '1', fee_method: 'gasless' });
  assert.equal(pending.status, 409, pending.text);
  assert.equal(pending.json.error_type, 'Gasless');
  assert.equal(pending.json.error_data.error_type, 'PendingTransfer');
  const deadline = Date.now() + 10000;
  for (;;) {
    const s = await walletd.rpc('gasless::trace_status', { coin: 'USDT-TRC20-devnet', trace_id: sent.json.result.trace_id });
    if (s.json.result.state === 'confirmed') break;
    assert.ok(Date.now() < deadline, 'the transfer did not confirm');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(tron.tokenBalance(TOKEN, RELAY), 0n);
  assert.equal(tron.tokenBalance(TOKEN, RECEIVER), 28_000_000n);
  assert.equal(tron.tokenBalance(TOKEN, PROVIDER_ADDRESS), 2_000_000n);
});

test('tampered, foreign and expired authorizations are refused before anything is sent', async () => {
  tron.mintToken(TOKEN, RELAY, 10_000_000n);
  const r = await gaslessWithdraw({ amount: '1' });
  const submitted = provider.requests.filter((q) => q.path.endsWith('/gasfree/submit')).length;
  const tamper = (f) => { const copy = structuredClone(r); f(copy); return copy; };
  for (const [payload, type] of [
    [tamper((c) => { c.signed_authorization.value = '9000000'; }), 'InvalidAuthorization'],
    [tamper((c) => { c.signed_authorization.receiver = ME; }), 'InvalidAuthorization'],
    [tamper((c) => { c.relay_address = RECEIVER; }), 'InvalidAuthorization'],
    [tamper((c) => { c.chain_id = '728126428'; }), 'InvalidAuthorization'],
    [tamper((c) => { c.verifying_contract = TOKEN; }), 'InvalidAuthorization'],
    [tamper((c) => { c.signed_authorization.service_provider = RECEIVER; }), 'InvalidAuthorization'],
  ]) {
    const res = await walletd.rpc('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: payload });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.json.error_data.error_type, type, res.text);
  }
  for (const payload of [tamper((c) => { c.extra = 1; }), tamper((c) => { delete c.signed_authorization.sig; }),
    tamper((c) => { c.signed_authorization.nonce = 'x'; }), 'text']) {
    const res = await walletd.rpc('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: payload });
    assert.equal(res.json.error_type, 'InvalidParam', res.text);
  }
  const wrongCoin = await walletd.rpc('send_raw_transaction', { coin: 'TRX-devnet', tx_json: r });
  assert.equal(wrongCoin.json.error_type, 'InvalidParam', wrongCoin.text);
  const expired = tamper((c) => { c.signed_authorization.deadline = '1700000000'; });
  const res = await walletd.rpc('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: expired });
  assert.equal(res.status, 400, res.text);
  assert.equal(res.json.error_data.error_type, 'InvalidAuthorization', 'a changed deadline breaks the signature first');
  assert.equal(provider.requests.filter((q) => q.path.endsWith('/gasfree/submit')).length, submitted, 'nothing was submitted');
});

test('preflight refusals: fee above the cap, too little on the relay address, bad deadline, TRX, fallback', async () => {
  const cases = [
    [{ amount: '1', gasless: { max_fee: '0.1' } }, 400, 'MaxFeeExceeded'],
    [{ amount: '100' }, 400, 'InsufficientRelayBalance'],
    [{ amount: '1', gasless: { deadline_seconds: 5 } }, 400, 'InvalidDeadline'],
    [{ amount: '1', gasless: { deadline_seconds: 601 } }, 400, 'InvalidDeadline'],
  ];
  for (const [params, status, type] of cases) {
    const res = await walletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: RECEIVER, fee_method: 'gasless', ...params });
    assert.equal(res.status, status, `${JSON.stringify(params)}: ${res.text}`);
    assert.equal(res.json.error_type, 'Gasless');
    assert.equal(res.json.error_data.error_type, type, res.text);
  }
  for (const [params, type] of [
    [{ gasless: { fallback_to_native: 'yes' } }, 'InvalidRequest'],
    [{ gasless: { deadline_seconds: 0 } }, 'InvalidRequest'],
    [{ gasless: { max_fee: '-1' } }, 'InvalidRequest'],
    [{ gasless: { other: 1 } }, 'InvalidRequest'],
    [{ fee: { type: 'EthGas', gas_price: '1', gas: 1 } }, 'InvalidFeePolicy'],
  ]) {
    const res = await walletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: RECEIVER, amount: '1', fee_method: 'gasless', ...params });
    assert.equal(res.json.error_type, type, res.text);
  }
  const trx = await walletd.rpc('withdraw', { coin: 'TRX-devnet', to: RECEIVER, amount: '1', fee_method: 'gasless' });
  assert.equal(trx.status, 503, trx.text);
  assert.equal(trx.json.error_data.error_type, 'Unavailable');
  const fallback = await walletd.rpc('withdraw', { coin: 'TRX-devnet', to: RECEIVER, amount: '1', fee_method: 'gasless',
    gasless: { fallback_to_native: true } });
  assert.equal(fallback.status, 200, fallback.text);
  assert.equal(fallback.json.result.fee_details.type, 'Tron');
});

test('provider faults map to clear errors: 429, 5xx, malformed answers, a timeout after request_timeout_ms', async () => {
  for (const [fault, status, type] of [
    [{ status: 429 }, 429, 'RateLimited'],
    [{ status: 503 }, 502, 'Upstream'],
    [{ status: 200, body: 'not json' }, 502, 'InvalidProviderResponse'],
    [{ status: 200, body: JSON.stringify({ code: 429, reason: 'TooManyRequests', message: 'slow down', data: null }) }, 429, 'RateLimited'],
    [{ delayMs: 3000 }, 504, 'ProviderUnreachable'],
  ]) {
    provider.injectFault({ match: /\/address\//, ...fault });
    const started = Date.now();
    const res = await walletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: RECEIVER, amount: '1', fee_method: 'gasless' });
    assert.equal(res.status, status, `${JSON.stringify(fault)}: ${res.text}`);
    assert.equal(res.json.error_data.error_type, type, res.text);
    if (fault.delayMs) assert.ok(Date.now() - started < 2900, 'request_timeout_ms (1500) bounds the wait');
  }
});

test('a FAILED transfer ends with failure_reason; poll errors are error events and tracking goes on', async () => {
  const sse = await openSse(`${walletd.url}/event-stream?id=8`, { timeoutMs: 20000 });
  try {
    const enable = await walletd.rpc('stream::gasless_trace::enable', { coin: 'USDT-TRC20-devnet', client_id: 8 });
    assert.equal(enable.status, 200, enable.text);
    provider.failNextTransfer = 'OUT_OF_ENERGY';
    const r = await gaslessWithdraw({ amount: '1' });
    const sent = await walletd.rpc('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: r });
    assert.equal(sent.status, 200, sent.text);
    const traceId = sent.json.result.trace_id;
    provider.injectFault({ match: new RegExp(`/gasfree/${traceId}$`), status: 500, times: 2 });
    const seen = [];
    for (let n = 1; !seen.some((e) => e.message.state === 'failed'); n++) {
      const frames = await sse.waitFor(n);
      seen.push(frames[n - 1].data);
    }
    const errors = seen.filter((e) => e._type === 'ERROR:GASLESS_TRACE:USDT-TRC20-devnet');
    assert.equal(errors.length, 2, JSON.stringify(seen));
    assert.deepEqual(Object.keys(errors[0].message).sort(), ['coin', 'error', 'trace_id']);
    const states = seen.filter((e) => e._type === 'GASLESS_TRACE:USDT-TRC20-devnet').map((e) => e.message.state);
    assert.equal(states.at(-1), 'failed');
    assert.equal(new Set(states).size, states.length, 'each state once');
    assert.equal(seen.at(-1).message.failure_reason, 'OUT_OF_ENERGY');
  } finally {
    await sse.close();
  }
});

test('a transfer submitted before a restart is followed again after it, to the end', async () => {
  provider.stepMs = 1500;
  const before = tron.tokenBalance(TOKEN, RECEIVER);
  const r = await gaslessWithdraw({ amount: '1' });
  const sent = await walletd.rpc('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: r });
  assert.equal(sent.status, 200, sent.text);
  provider.stepMs = 400;
  await walletd.stop();
  walletd = await WalletdProcess.start(config);
  assert.equal((await activate()).status, 200);
  const sse = await openSse(`${walletd.url}/event-stream?id=9`, { timeoutMs: 20000 });
  try {
    const enable = await walletd.rpc('stream::gasless_trace::enable', { coin: 'USDT-TRC20-devnet', client_id: 9 });
    assert.equal(enable.status, 200, enable.text);
    const states = [];
    for (let n = 1; !states.includes('confirmed'); n++) {
      const event = (await sse.waitFor(n))[n - 1].data;
      assert.equal(event.message.trace_id, sent.json.result.trace_id, JSON.stringify(event));
      states.push(event.message.state);
    }
    assert.ok(states.length >= 1 && new Set(states).size === states.length, JSON.stringify(states));
    assert.equal(tron.tokenBalance(TOKEN, RECEIVER) - before, 1_000_000n);
  } finally {
    await sse.close();
  }
  // Once confirmed it is no longer stored: after another restart nothing is polled for it.
  await walletd.stop();
  walletd = await WalletdProcess.start(config);
  assert.equal((await activate()).status, 200);
  const polls = provider.pollsOf(sent.json.result.trace_id);
  const again = await openSse(`${walletd.url}/event-stream?id=10`, { timeoutMs: 5000 });
  try {
    await walletd.rpc('stream::gasless_trace::enable', { coin: 'USDT-TRC20-devnet', client_id: 10 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(provider.pollsOf(sent.json.result.trace_id), polls);
  } finally {
    await again.close();
  }
});

test('a client that reconnects with Last-Event-ID misses no state change', async () => {
  tron.mintToken(TOKEN, RELAY, 2_000_000n);
  const first = await openSse(`${walletd.url}/event-stream?id=11`, { timeoutMs: 20000 });
  const token = first.headers.get('x-stream-resume-token');
  assert.ok(token, 'the stream hands out a resume token');
  const enable = await walletd.rpc('stream::gasless_trace::enable', { coin: 'USDT-TRC20-devnet', client_id: 11 });
  assert.equal(enable.status, 200, enable.text);
  const r = await gaslessWithdraw({ amount: '1' });
  const sent = await walletd.rpc('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: r });
  assert.equal(sent.status, 200, sent.text);
  const [pending] = await first.waitFor(1);
  assert.equal(pending.data.message.state, 'pending');
  await first.close();
  await new Promise((resolve) => setTimeout(resolve, 1500));  // submitted and on_chain happen meanwhile
  const second = await openSse(`${walletd.url}/event-stream?id=11`, { lastEventId: pending.id, resumeToken: token, timeoutMs: 20000 });
  try {
    const states = ['pending'];
    for (let n = 1; !states.includes('confirmed'); n++) {
      const frame = (await second.waitFor(n))[n - 1];
      assert.equal(frame.data._type, 'GASLESS_TRACE:USDT-TRC20-devnet', JSON.stringify(frame.data));
      states.push(frame.data.message.state);
    }
    assert.deepEqual(states, ['pending', 'submitted', 'on_chain', 'confirmed']);
  } finally {
    await second.close();
  }
});

test('HD wallets: relay_address per HD address equals the SDK\'s; a gasless withdraw `from` an HD address', async () => {
  const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
  const hd = (i) => utils.accounts.generateAccountWithMnemonic(MNEMONIC, `m/44'/195'/0'/0/${i}`).address;
  const hdDir = tempDir();
  const hdWalletd = await WalletdProcess.start(writeConfig(hdDir, { passphrase: MNEMONIC, enable_hd: true }));
  try {
    tron.mintToken(TOKEN, sdk.generateGasFreeAddress(hd(1)), 3_000_000n);
    const res = await hdWalletd.rpc('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: [{ url: tron.url }],
      erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet' }], tron_gasless_provider: providerConfig(), min_addresses_number: 3 });
    assert.equal(res.status, 200, res.text);
    const addresses = res.json.result.wallet_balance.accounts[0].addresses;
    assert.equal(addresses.length, 3);
    for (const a of addresses) assert.equal(a.relay_address, sdk.generateGasFreeAddress(a.address), a.address);
    const w = await hdWalletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: RECEIVER, amount: '1', fee_method: 'gasless',
      from: { account_id: 0, chain: 'External', address_id: 1 } });
    assert.equal(w.status, 200, w.text);
    assert.equal(w.json.result.from_address, hd(1));
    assert.equal(w.json.result.relay_address, sdk.generateGasFreeAddress(hd(1)));
    checkPermit(w.json.result);
    const sent = await hdWalletd.rpc('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: w.json.result });
    assert.equal(sent.status, 200, sent.text);
    // Another wallet's authorization is refused: its user is not an address of this wallet.
    tron.mintToken(TOKEN, RELAY, 1_000_000n);
    const foreign = await walletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: RECEIVER, amount: '0.1', fee_method: 'gasless' });
    assert.equal(foreign.status, 200, foreign.text);
    const refused = await hdWalletd.rpc('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: foreign.json.result });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.json.error_data.error_type, 'InvalidAuthorization', refused.text);
    assert.match(refused.json.error, /not an address of this wallet/);
  } finally {
    await hdWalletd.stop();
    cleanup(hdDir);
  }
});

test('a disabled coin is not polled; activated again, its stream picks the transfer up to the end', async () => {
  tron.mintToken(TOKEN, RELAY, 2_000_000n);
  const sse = await openSse(`${walletd.url}/event-stream?id=12`, { timeoutMs: 20000 });
  try {
    await walletd.rpc('stream::gasless_trace::enable', { coin: 'USDT-TRC20-devnet', client_id: 12 });
    provider.stepMs = 1500;
    const r = await gaslessWithdraw({ amount: '1' });
    const sent = await walletd.rpc('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: r });
    provider.stepMs = 400;
    assert.equal(sent.status, 200, sent.text);
    const traceId = sent.json.result.trace_id;
    const [first] = await sse.waitFor(1);
    assert.equal(first.data.message.state, 'pending');
    assert.equal((await walletd.rpc('disable_coin', { coin: 'TRX-devnet', force_disable: true })).status, 200);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const polls = provider.pollsOf(traceId);
    await new Promise((resolve) => setTimeout(resolve, 600));  // six poll intervals
    assert.equal(provider.pollsOf(traceId), polls, 'no polls while the coin is disabled');
    assert.equal((await activate()).status, 200);
    const states = ['pending'];
    for (let n = 2; !states.includes('confirmed'); n++) states.push((await sse.waitFor(n))[n - 1].data.message.state);
    assert.equal(new Set(states).size, states.length, JSON.stringify(states));
  } finally {
    await sse.close();
  }
});

test('trace_status and stream enable refusals', async () => {
  for (const [method, params, status, type] of [
    ['gasless::trace_status', { coin: 'NOPE', trace_id: '6ab4c27c-f66b-4328-b40f-ffdc6cf1ca60' }, 404, 'CoinNotFound'],
    ['gasless::trace_status', { coin: 'TRX-devnet', trace_id: '6ab4c27c-f66b-4328-b40f-ffdc6cf1ca60' }, 400, 'CoinNotSupported'],
    ['gasless::trace_status', { coin: 'USDT-TRC20-devnet', trace_id: 'not a uuid!' }, 400, 'InvalidTraceId'],
    ['gasless::trace_status', { coin: 'USDT-TRC20-devnet', trace_id: '6ab4c27c-f66b-4328-b40f-ffdc6cf1ca60' }, 404, 'TraceNotFound'],
    ['gasless::trace_status', { coin: 'USDT-TRC20-devnet' }, 400, 'InvalidRequest'],
    ['stream::gasless_trace::enable', { coin: 'NOPE' }, 404, 'CoinNotFound'],
    ['stream::gasless_trace::enable', { coin: 'TRX-devnet' }, 400, 'CoinNotSupported'],
    ['stream::gasless_trace::enable', { coin: 'USDT-TRC20-devnet', client_id: -1 }, 400, 'InvalidRequest'],
  ]) {
    const res = await walletd.rpc(method, params);
    assert.equal(res.status, status, `${method} ${JSON.stringify(params)}: ${res.text}`);
    assert.equal(res.json.error_type, type, res.text);
  }
  await walletd.rpc('disable_coin', { coin: 'TRX-devnet', force_disable: true });
  const plain = await walletd.rpc('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: [{ url: tron.url }],
    erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet' }] });
  assert.equal(plain.status, 200, plain.text);
  assert.equal(plain.json.result.eth_addresses_infos[ME].relay_address, undefined);
  const res = await walletd.rpc('stream::gasless_trace::enable', { coin: 'USDT-TRC20-devnet' });
  assert.equal(res.json.error_type, 'GaslessNotConfigured', res.text);
  const unconfigured = await walletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: RECEIVER, amount: '1', fee_method: 'gasless' });
  assert.equal(unconfigured.status, 503, unconfigured.text);
  tron.mintToken(TOKEN, ME, 1_000_000n);  // a native TRC20 transfer spends the address's own tokens
  const fallback = await walletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: RECEIVER, amount: '0.5', fee_method: 'gasless',
    gasless: { fallback_to_native: true } });
  assert.equal(fallback.status, 200, fallback.text);
  assert.equal(fallback.json.result.fee_details.type, 'Tron');
  assert.equal(fallback.json.result.fee_details.coin, 'TRX-devnet');
});

test('the API secret never reaches the log', () => {
  const log = walletd.stderr + (() => { try { return readFileSync(join(dir, 'db', 'walletd.log'), 'utf8'); } catch { return ''; } })();
  assert.ok(!log.includes(SECRET));
});
