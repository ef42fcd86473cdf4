// ZHTLC in light mode with the real walletd against the lightwalletd test peer (gRPC over HTTP/2
// through @grpc/grpc-js: h2c, and TLS with failover in the last test): the
// chain continues ARRR's real tree state at 1,900,000 (KDF's coins file), and its notes are made
// by an independent implementation (tests/peers/sapling-notes.mjs on @noble). Activation goes
// through KDF's statuses to Ok; the balance equals the chain's ledger (received minus spent, the
// spends found by nullifiers the harness computes from walletd's exported viewing key); a reorg
// that drops a payment rewinds and resyncs; a restart resumes where the wallet stopped. The
// transparent side (the activation's current_block) is the Electrum test server over the same
// chain, as KDF reads it; an unreachable one fails the activation with KDF's Transport.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bech32 } from '@scure/base';
import { SaplingChain, ZcashTree, arrrCheckpoint } from '../peers/sapling-chain.mjs';
import { startLightwalletd } from '../peers/lightwalletd.mjs';
import { startSaplingElectrum } from '../peers/sapling-node.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, repoRoot } from '../support/walletd-process.mjs';
import { openSse } from '../support/sse-client.mjs';
import { makeTestCertificates } from '../peers/tls-proxy.mjs';

const coins = JSON.parse(readFileSync(join(repoRoot, 'config/coins.json'), 'utf8'));
const cleanups = [];
after(async () => { for (const c of cleanups.reverse()) await c(); });

let chain, peer, electrum, dir, walletd, me, certs;

async function startWalletd() {
  const w = await WalletdProcess.start(join(dir, 'MM2.json'), { env: { SSL_CERT_FILE: certs.ca } });
  cleanups.push(() => w.stop());
  return w;
}

/** nk of an exported extended full viewing key (zxviews…): bytes 73..105 of its 169. */
function nkOf(viewingKey) {
  const { words } = bech32.decode(viewingKey, 1000);
  return Uint8Array.from(bech32.fromWords(words)).slice(73, 105);
}

function activation(extra = {}, rpcData = {}) {
  return { ticker: 'ARRR', activation_params: {
    mode: { rpc: 'Light', rpc_data: { electrum_servers: [{ url: electrum.tcpUrl }], light_wallet_d_servers: [peer.grpcUrl], ...rpcData } },
    ...extra } };
}

/** Runs task::enable_z_coin to the end, collecting every distinct status seen. */
async function activate(params) {
  const init = await walletd.rpc('task::enable_z_coin::init', params);
  assert.equal(init.status, 200, init.text);
  const seen = [];
  for (let i = 0; i < 4000; i++) {
    const res = await walletd.rpc('task::enable_z_coin::status', { task_id: init.json.result.task_id });
    const r = res.json.result;
    const label = r.status === 'InProgress' ? JSON.stringify(r.details) : r.status;
    if (seen.at(-1) !== label) seen.push(label);
    if (r.status !== 'InProgress') return { result: r, seen };
    await new Promise((res2) => setTimeout(res2, 5));
  }
  throw new Error('activation did not finish');
}

const zatoshi = (text) => Math.round(Number(text) * 1e8);

before(async () => {
  chain = new SaplingChain({ base: arrrCheckpoint(coins) });
  dir = tempDir();
  cleanups.push(() => cleanup(dir));
  certs = makeTestCertificates(dir);
  peer = await startLightwalletd(chain, { tls: certs });
  cleanups.push(() => peer.close());
  electrum = await startSaplingElectrum(chain);
  cleanups.push(() => electrum.stop());
  writeConfig(dir, { passphrase: 'zhtlc light test seed' });
  walletd = await startWalletd();
  const keys = await walletd.rpc('get_private_keys', { coins: ['ARRR'], mode: 'iguana' });
  assert.equal(keys.status, 200, keys.text);
  me = keys.json.result[0];
  chain.watch(me.address, nkOf(me.viewing_key));
  // Blocks after the checkpoint: payments to walletd among other people's outputs, one spend.
  chain.send({ outputs: [{ to: 'other', value: 5000 }, { to: me.address, value: 150_000_000, memo: Buffer.from('first') }] });
  chain.mine(2);
  chain.send({ outputs: [{ to: me.address, value: 2_500_000 }, { to: 'other', value: 7 }] });
  chain.send({ outputs: [{ to: 'other', value: 9 }] });
  chain.mine(3);
  chain.spendWalletNotes(1);
  chain.send({ outputs: [{ to: me.address, value: 40_000 }] });
  chain.mine(4);
});

test('the real ARRR checkpoint tree parses and grows as zcashd grows it', () => {
  const tree = ZcashTree.parse(arrrCheckpoint(coins).tree);
  assert.ok(tree.size() > 1_000_000, `size ${tree.size()}`);
  assert.equal(tree.serialize(), arrrCheckpoint(coins).tree);
});

test('task::enable_z_coin: KDF statuses to Ok, the balance is the chain\'s ledger', async () => {
  peer.delayMs = 120;  // each status lasts long enough to be seen
  const { result, seen } = await activate(activation({ scan_blocks_per_iteration: 3, scan_interval_ms: 150 }, { sync_params: { height: 1900000 } }));
  peer.delayMs = 0;
  assert.equal(result.status, 'Ok', JSON.stringify(result));
  const ledger = chain.ledger();
  assert.deepEqual(ledger, { balance: 2_540_000, received: 3, spent: 1 });
  assert.deepEqual(result.details, {
    ticker: 'ARRR', current_block: chain.tipHeight(),
    wallet_balance: { wallet_type: 'Iguana', address: me.address, balance: { spendable: '0.0254', unspendable: '0' } },
    first_sync_block: { requested: 1900000, is_pre_sapling: false, actual: 1900000 },
  });
  // KDF's order: ActivatingCoin, UpdatingBlocksCache, BuildingWalletDb (batches of 3 blocks), Ok.
  const kinds = seen.map((s) => (s.startsWith('{') ? Object.keys(JSON.parse(s))[0] : s.replaceAll('"', '')));
  const order = kinds.filter((k, i) => k !== kinds[i - 1]);
  // RequestingWalletBalance (the Electrum tip) and Finishing are brief: seen or not, in KDF's place.
  const brief = new Set(['RequestingWalletBalance', 'Finishing']);
  assert.deepEqual(order.filter((k) => !brief.has(k)), ['ActivatingCoin', 'UpdatingBlocksCache', 'BuildingWalletDb', 'Ok'], seen.join(' '));
  const expectedTail = ['BuildingWalletDb', 'RequestingWalletBalance', 'Finishing', 'Ok'];
  const tail = order.slice(order.indexOf('BuildingWalletDb'));
  assert.deepEqual(tail, expectedTail.filter((k) => tail.includes(k)), seen.join(' '));
  assert.ok(seen.includes(JSON.stringify({ UpdatingBlocksCache: { current_scanned_block: 1900000, latest_block: 1900012 } })), seen.join(' '));
  const scanned = seen.filter((s) => s.includes('BuildingWalletDb')).map((s) => JSON.parse(s).BuildingWalletDb.current_scanned_block);
  assert.ok(scanned.includes(1900003) && scanned.includes(1900009), `batches of 3: ${scanned}`);
  const calls = peer.calls.log.map((c) => c.method);
  assert.deepEqual(peer.calls.log.find((c) => c.method === 'GetTreeState').request, { height: 1900000 });
  assert.ok(calls.includes('GetBlockRange'));
  const balance = await walletd.rpc('my_balance', { coin: 'ARRR' });
  assert.equal(balance.status, 200, balance.text);
  assert.equal(zatoshi(balance.json.result.balance), ledger.balance);
  assert.equal(balance.json.result.address, me.address);
});

/** The BALANCE:ARRR events among the stream's frames after `seen`. */
const balanceEvents = (stream, seen) => stream.frames.slice(seen).map((f) => f.data).filter((d) => d?._type === 'BALANCE:ARRR').map((d) => d.message);

test('a reorganisation that drops a payment: the wallet rewinds and follows the new chain; BALANCE events tell both', async () => {
  const stream = await openSse(`${walletd.url}/event-stream?id=5`, { timeoutMs: 60000 });
  const enabled = await walletd.rpc('stream::balance::enable', { coin: 'ARRR', client_id: 5 });
  assert.deepEqual(enabled.json.result, { streamer_id: 'BALANCE:ARRR' }, enabled.text);
  const paidAt = chain.tipHeight() + 1;
  chain.send({ outputs: [{ to: me.address, value: 1_000_000 }] });
  chain.mine(1);
  // The background round (every 10 s) sees the payment…
  await until(async () => zatoshi((await walletd.rpc('my_balance', { coin: 'ARRR' })).json.result.balance) === 3_540_000, 25000);
  // …then the chain drops it for longer empty blocks.
  const seenBefore = peer.calls.log.length;
  chain.reorg(paidAt - 1, 4);
  assert.equal(chain.ledger().balance, 2_540_000);
  await until(async () => zatoshi((await walletd.rpc('my_balance', { coin: 'ARRR' })).json.result.balance) === 2_540_000, 25000);
  // walletd was at paidAt + 1; the next block (paidAt + 2) did not follow, so it rewound to a
  // snapshot at least 10 blocks below that (KDF's depth) and scanned the new blocks from there.
  await until(async () => peer.calls.log.slice(seenBefore).some((c) => c.method === 'GetBlockRange' && c.request.end.height === chain.tipHeight()), 25000);
  const ranges = peer.calls.log.slice(seenBefore).filter((c) => c.method === 'GetBlockRange');
  assert.ok(ranges.at(-1).request.start.height <= paidAt + 2 - 10 + 1, JSON.stringify(ranges));
  await until(async () => balanceEvents(stream, 0).length >= 2, 10000);  // at the round's end
  const told = balanceEvents(stream, 0);
  stream.close();
  assert.deepEqual(told.map((m) => m.balance), [{ spendable: '0.0354', unspendable: '0' }, { spendable: '0.0254', unspendable: '0' }]);
  assert.ok(told.every((m) => m.ticker === 'ARRR' && m.address === me.address), JSON.stringify(told));
});

test('a restart resumes from the stored wallet: no tree state, no block scanned twice', async () => {
  await new Promise((r) => setTimeout(r, 1500));  // the rescan's last batches (150 ms apart) and saves
  await walletd.stop();
  const stoppedAt = chain.tipHeight();
  chain.mine(2);
  walletd = await startWalletd();
  const before = peer.calls.log.length;
  const { result } = await activate(activation());
  assert.equal(result.status, 'Ok', JSON.stringify(result));
  assert.equal(zatoshi(result.details.wallet_balance.balance.spendable), chain.ledger().balance);
  const calls = peer.calls.log.slice(before);
  assert.ok(!calls.some((c) => c.method === 'GetTreeState'), JSON.stringify(calls));
  const ranges = calls.filter((c) => c.method === 'GetBlockRange');
  assert.equal(ranges.length, 1, JSON.stringify(calls));
  assert.equal(ranges[0].request.end.height, chain.tipHeight());
  assert.equal(ranges[0].request.start.height, stoppedAt + 1, JSON.stringify(ranges[0].request));
});

test('a reorganisation deeper than every snapshot rebuilds the wallet from its checkpoint', async () => {
  const seen = peer.calls.log.length;
  chain.reorg(chain.base.height, 6);  // every block after the checkpoint replaced
  chain.send({ outputs: [{ to: me.address, value: 777_000 }] });
  chain.mine(1);
  assert.deepEqual(chain.ledger(), { balance: 777_000, received: 1, spent: 0 });
  await until(async () => zatoshi((await walletd.rpc('my_balance', { coin: 'ARRR' })).json.result.balance) === 777_000, 30000);
  const trees = peer.calls.log.slice(seen).filter((c) => c.method === 'GetTreeState');
  assert.deepEqual(trees.map((c) => c.request.height), [1900000]);
});

test('TLS (h2 by ALPN) after a dead server: failover, the same balance; a server of another namespace says so', async () => {
  await walletd.rpc('disable_coin', { coin: 'ARRR' });
  const { result } = await activate(activation({}, { light_wallet_d_servers: ['http://127.0.0.1:1', peer.grpcTlsUrl] }));
  assert.equal(result.status, 'Ok', JSON.stringify(result));
  assert.equal(zatoshi(result.details.wallet_balance.balance.spendable), chain.ledger().balance);
  assert.equal(peer.calls.log.at(-1).via, 'grpc');
  // Zcash's namespace (cash.z.wallet.sdk.rpc) is not Pirate's: UNIMPLEMENTED, named in the error.
  const zcash = await startLightwalletd(chain, { service: 'cash.z.wallet.sdk.rpc.CompactTxStreamer' });
  try {
    await walletd.rpc('disable_coin', { coin: 'ARRR' });
    const { result: refused } = await activate(activation({}, { light_wallet_d_servers: [zcash.grpcUrl] }));
    assert.equal(refused.status, 'Error');
    assert.equal(refused.details.error_type, 'Transport', JSON.stringify(refused));
    assert.match(refused.details.error_data ?? refused.details.error, /gRPC status 12/);
  } finally {
    await zcash.close();
  }
});

test('the transparent side: current_block is the Electrum server\'s tip; an unreachable server fails the activation with Transport after the sync', async () => {
  await walletd.rpc('disable_coin', { coin: 'ARRR' });
  chain.mine(1);
  await electrum.synced();
  const ok = await activate(activation());
  assert.equal(ok.result.status, 'Ok', JSON.stringify(ok.result));
  assert.equal(ok.result.details.current_block, chain.tipHeight());
  assert.ok(electrum.requests.some(([m]) => m === 'blockchain.headers.subscribe'));
  await walletd.rpc('disable_coin', { coin: 'ARRR' });
  const dead = await activate(activation({}, { electrum_servers: [{ url: '127.0.0.1:1' }] }));
  assert.equal(dead.result.status, 'Error');
  assert.equal(dead.result.details.error_type, 'Transport', JSON.stringify(dead.result));
  assert.match(dead.result.details.error, /Electrum server.*127\.0\.0\.1:1/);
  const bad = await walletd.rpc('task::enable_z_coin::init', activation({}, { electrum_servers: [{ url: 5 }] }));
  assert.equal(bad.json.error_type, 'InvalidRequest', bad.text);
});

test('zcash_params_path: missing and wrong files are KDF\'s errors; no lightwalletd server is EmptyLightwalletdUris', async () => {
  await walletd.rpc('disable_coin', { coin: 'ARRR' });
  const params = join(dir, 'zcash-params');
  const missing = await activate(activation({ zcash_params_path: params }));
  assert.equal(missing.result.details.error_type, 'CoinCreationError');
  assert.deepEqual(missing.result.details.error_data, { ticker: 'ARRR', error: 'ZCashParamsNotFound' });
  mkdirSync(params);
  writeFileSync(join(params, 'sapling-spend.params'), 'not the spend parameters');
  writeFileSync(join(params, 'sapling-output.params'), 'not the output parameters');
  const wrong = await activate(activation({ zcash_params_path: params }));
  assert.deepEqual(wrong.result.details.error_data, { ticker: 'ARRR', error: 'SaplingParamsInvalidChecksum' });
  // KDF's serde default: no mode is Light with no servers.
  const none = await walletd.rpc('task::enable_z_coin::init', { ticker: 'ARRR', activation_params: {} });
  assert.equal(none.json.error_type, 'CoinCreationError', none.text);
  assert.equal(none.json.error, 'Error on platform coin ARRR creation: EmptyLightwalletdUris');
});

async function until(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}
