// z_coin_tx_history with the real walletd against the lightwalletd test peer, whose chain holds
// full version-4 transactions (tests/peers/sapling-chain.mjs) made by the independent harness,
// read back over the Electrum test server on the same chain (the transparent side, as KDF reads
// the tip and full transactions):
// a shielding of a transparent coin, a plain shielded payment, and a spend of the wallet's note
// with a payment to another address, change and a DEX fee output. Rows are checked against the
// harness's own account of each transaction: from/to (transparent addresses encoded here with
// bs58check and ARRR's prefixes; shielded recipients the wallet's ovk or the DEX fee ovk can
// recover), amounts, fee, confirmations; then KDF's paging (PageNumber, FromId) and errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import bs58check from 'bs58check';
import { bech32 } from '@scure/base';
import { SaplingChain, arrrCheckpoint } from '../peers/sapling-chain.mjs';
import { randomAddress } from '../peers/sapling-notes.mjs';
import { startLightwalletd } from '../peers/lightwalletd.mjs';
import { startSaplingElectrum } from '../peers/sapling-node.mjs';
import { bech32Long } from '../support/sapling-peer.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, repoRoot } from '../support/walletd-process.mjs';

const coins = JSON.parse(readFileSync(join(repoRoot, 'config/coins.json'), 'utf8'));
const DEX_FEE_ADDRESS = 'zs1rp6426e9r6jkq2nsanl66tkd34enewrmr0uvj0zelhkcwmsy0uvxz2fhm9eu9rl3ukxvgzy2v9f';
const DEX_FEE_OVK = new Uint8Array(32).fill(7);
let chain, peer, electrum, dir, walletd, me, txs, other;

const zatoshi = (text) => Math.round(Number(text) * 1e8);
const display = (hash) => Buffer.from(hash).reverse().toString('hex');
const p2pkh = (hash20) => `76a914${hash20.toString('hex')}88ac`;
const tAddress = (hash20) => bs58check.encode(Buffer.concat([Buffer.from([28, 184]), hash20]));

before(async () => {
  chain = new SaplingChain({ base: arrrCheckpoint(coins) });
  peer = await startLightwalletd(chain);
  electrum = await startSaplingElectrum(chain);
  dir = tempDir();
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'zhtlc history test seed' }));
  const keys = await walletd.rpc('get_private_keys', { coins: ['ARRR'], mode: 'iguana' });
  me = keys.json.result[0];
  const fvk = Uint8Array.from(bech32.fromWords(bech32.decode(me.viewing_key, 1000).words));
  const ovk = fvk.slice(105, 137);
  chain.watch(me.address, fvk.slice(73, 105));
  const otherRaw = randomAddress();
  other = { raw: otherRaw, text: bech32Long('zs', new Uint8Array([...otherRaw.d, ...otherRaw.pkd.toBytes()])) };
  const h20 = createHash('ripemd160').update(randomBytes(32)).digest();
  // F: a transparent coin; A: it is shielded to walletd.
  const funding = chain.send({ tout: [{ value: 200_000_000, script: p2pkh(h20) }] });
  chain.mine(1);
  const shield = chain.send({ tin: [{ txid: funding.hash, n: 0 }], outputs: [{ to: me.address, value: 199_999_000 }] });
  chain.mine(2);
  // B: a shielded payment with a memo.
  const paid = chain.send({ outputs: [{ to: me.address, value: 25_000_000, memo: Buffer.from('thanks') }, { to: 'other', value: 3 }] });
  chain.mine(2);
  // C: walletd's note A spent: 0.4 to another address, change back, a DEX fee output.
  const noteA = chain.wallet.notes.find((n) => n.value === 199_999_000);
  const spend = chain.send({ spends: [noteA.nf], outputs: [
    { to: other.raw, value: 40_000_000, ovk }, { to: me.address, value: 159_997_000, ovk },
    { to: DEX_FEE_ADDRESS, value: 1000, ovk: DEX_FEE_OVK }], fee: 1000 });
  noteA.spentIn = spend;
  chain.mine(3);
  txs = { funding, shield, paid, spend, tAddress: tAddress(h20) };
  await electrum.synced();
  const init = await walletd.rpc('task::enable_z_coin::init', { ticker: 'ARRR', activation_params: {
    mode: { rpc: 'Light', rpc_data: { electrum_servers: [{ url: electrum.tcpUrl }], light_wallet_d_servers: [peer.grpcUrl], sync_params: { height: 1900000 } } } } });
  const done = await walletd.waitTask('enable_z_coin', init.json.result.task_id, 60000);
  assert.equal(done.status, 'Ok', JSON.stringify(done));
});

after(async () => {
  await walletd?.stop();
  await peer?.close();
  await electrum?.stop();
  if (dir) cleanup(dir);
});

const history = (params) => walletd.rpc('z_coin_tx_history', { coin: 'ARRR', ...params });

test('rows: newest first, from/to, amounts and fees as the transactions say', async () => {
  const res = await history({});
  assert.equal(res.status, 200, res.text);
  const r = res.json.result;
  assert.equal(r.current_block, chain.tipHeight());
  assert.deepEqual([r.total, r.skipped, r.limit, r.total_pages], [3, 0, 10, 1]);
  assert.deepEqual(r.sync_status, { state: 'Finished' });
  assert.deepEqual(r.paging_options, { PageNumber: 1 });
  assert.deepEqual(r.target, { type: 'iguana' });
  const [c, b, a] = r.transactions;
  const heightOf = (tx) => chain.rawTransaction(tx.hash).height;
  assert.deepEqual(r.transactions.map((t) => t.tx_hash), [display(txs.spend.hash), display(txs.paid.hash), display(txs.shield.hash)]);
  assert.deepEqual(r.transactions.map((t) => t.internal_id), [3, 2, 1]);
  // A: a transparent coin shielded to walletd.
  assert.deepEqual([a.from, a.to], [[txs.tAddress], [me.address]]);
  assert.deepEqual([zatoshi(a.received_by_me), zatoshi(a.spent_by_me), zatoshi(a.my_balance_change), zatoshi(a.transaction_fee)], [199_999_000, 0, 199_999_000, 1000]);
  assert.equal(a.block_height, heightOf(txs.shield));
  assert.equal(a.confirmations, chain.tipHeight() - a.block_height + 1);
  assert.equal(a.timestamp, chain.block(a.block_height).time);
  assert.equal(a.coin, 'ARRR');
  // B: shielded to walletd; the sender's ovk is not walletd's, so only walletd shows in `to`.
  assert.deepEqual([b.from, b.to], [[], [me.address]]);
  assert.deepEqual([zatoshi(b.received_by_me), zatoshi(b.transaction_fee)], [25_000_000, 1000]);
  // C: walletd's spend: its ovk recovers the payment and the change; the DEX fee ovk the fee.
  assert.deepEqual(c.from, [me.address]);
  assert.deepEqual([...c.to].sort(), [me.address, other.text, DEX_FEE_ADDRESS].sort());
  assert.deepEqual([zatoshi(c.spent_by_me), zatoshi(c.received_by_me), zatoshi(c.my_balance_change), zatoshi(c.transaction_fee)],
    [199_999_000, 159_997_000, -40_002_000, 1000]);
  assert.ok(c.my_balance_change.startsWith('-'));
  // Over Electrum: the three rows and the shielding's transparent input's transaction, each
  // once; lightwalletd is not asked for transactions.
  const fetched = electrum.requests.filter(([m]) => m === 'blockchain.transaction.get').map(([, p]) => p[0]);
  assert.deepEqual([...fetched].sort(), [txs.spend, txs.paid, txs.shield, txs.funding].map((t) => display(t.hash)).sort());
  assert.ok(!peer.calls.log.some((call) => call.method === 'GetTransaction'));
});

test('an Electrum server that answers another transaction is not believed: KDF\'s RpcError, no row', async () => {
  electrum.fault = 'lie';
  try {
    const res = await history({});
    assert.deepEqual([res.status, res.json.error_type], [500, 'RpcError'], res.text);
    assert.match(res.json.error, /another transaction/);
  } finally {
    electrum.fault = null;
  }
  assert.equal((await history({})).status, 200);
});

test('paging: PageNumber and FromId as KDF pages; an unknown FromId and an inactive coin are KDF\'s errors', async () => {
  const page2 = (await history({ limit: 2, paging_options: { PageNumber: 2 } })).json.result;
  assert.deepEqual([page2.skipped, page2.total_pages, page2.transactions.map((t) => t.internal_id)], [2, 2, [1]]);
  const after3 = (await history({ limit: 2, paging_options: { FromId: 3 } })).json.result;
  assert.deepEqual([after3.skipped, after3.transactions.map((t) => t.internal_id)], [1, [2, 1]]);
  assert.deepEqual(after3.paging_options, { FromId: 3 });
  const unknown = await history({ paging_options: { FromId: 99 } });
  assert.deepEqual([unknown.status, unknown.json.error_type], [500, 'StorageError']);
  const inactive = await walletd.rpc('z_coin_tx_history', { coin: 'ZOMBIE' });
  assert.deepEqual([inactive.status, inactive.json.error_type], [404, 'CoinIsNotActive']);
  // A page far past the end (its offset overflows 32 bits, the browser's size_t): empty.
  const far = (await history({ limit: 10, paging_options: { PageNumber: 429496730 } })).json.result;
  assert.deepEqual([far.transactions, far.skipped, far.total], [[], 3, 3]);
  const zero = await history({ paging_options: { PageNumber: 0 } });
  assert.equal(zero.json.error_type, 'InvalidRequest');
});

test('withdraw: the plain form is KDF\'s InternalError; the task form names the missing prover (the daemon has none)', async () => {
  const plain = await walletd.rpc('withdraw', { coin: 'ARRR', to: other.text, amount: '0.1' });
  assert.deepEqual([plain.status, plain.json.error_type, plain.json.error], [500, 'InternalError', 'Zcoin doesn\'t support legacy withdraw']);
  const init = await walletd.rpc('task::withdraw::init', { coin: 'ARRR', to: other.text, amount: '0.00001' });
  assert.equal(init.status, 200, init.text);
  const done = await walletd.waitTask('withdraw', init.json.result.task_id);
  assert.deepEqual([done.status, done.details.error_type], ['Error', 'UnsupportedError']);
  assert.match(done.details.error, /need a Sapling prover/);
});
