// KMD with the real walletd in Electrum mode, against the KMD chain emulator
// (tests/peers/kmd-chain.mjs: overwintered v4 transactions, 1487-byte headers, @bitgo/utxo-lib
// verifying every ZIP-243 signature, komodod's interest and locktime rules) behind the Electrum
// test server. KMD is the coins file's own entry. A withdraw claims the interest its input
// accrued by the chain's median time past: the emulator accepts it only when the claim is within
// what komodod allows, and the answer carries KDF's kmd_rewards (0 included).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { KmdChain, komodoInterest } from '../peers/kmd-chain.mjs';
import { ElectrumServer } from '../peers/electrum-server.mjs';
import { myBalance, waitFor } from '../support/utxo-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD } from '../support/walletd-process.mjs';

const utxolib = createRequire(import.meta.url)('@bitgo/utxo-lib');
const KMD = 'KMD';
const START = 1700000000;
let chain, electrum, walletd, dir, address, script, claim, unclaimed;

before(async () => {
  chain = KmdChain.start({ startTime: START });
  electrum = await ElectrumServer.start({ ltc: chain, pollMs: 50 });
  dir = tempDir('walletd-kmd-');
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'walletd kmd test' }));
});

after(async () => {
  await walletd?.stop();
  await electrum?.stop();
  if (dir) cleanup(dir);
});

const p2pkh = (addr) => utxolib.payments.p2pkh({ hash: utxolib.address.fromBase58Check(addr).hash }).output;
const sats = (text) => Math.round(Number(text) * 1e8);

async function mine(n, options = {}) {
  for (let i = 0; i < n; i++) chain.mine(i === 0 ? options : {});
  await electrum.synced();
}


const balance = () => myBalance(walletd, KMD);
const settle = (check, what) => waitFor(check, what, 15000);

test('KMD activates over Electrum with Zcash-style headers', async () => {
  const init = await walletd.rpc('task::enable_utxo::init', { ticker: KMD,
    activation_params: { tx_history: true, mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl, protocol: 'TCP' }] } } } });
  assert.equal(init.status, 200, init.text);
  const result = await walletd.waitTask('enable_utxo', init.json.result.task_id, 60000);
  assert.equal(result.status, 'Ok', JSON.stringify(result));
  address = result.details.wallet_balance.address;
  assert.match(address, /^R/);
  script = p2pkh(address);
});

test('a withdraw claims the interest accrued by the MTP; komodod\'s rules accept it', async () => {
  // 100 KMD mined to walletd with a locktime a minute before its block; 100 blocks to mature.
  const coinbaseTime = chain.tip.time + 60;
  const height = chain.blocks.length;
  await mine(100, { to: script, value: 100e8, locktime: coinbaseTime - 60, time: coinbaseTime });
  await settle(async () => (await balance()) === '100', 'the mined 100 KMD');

  const to = utxolib.address.toBase58Check(Buffer.alloc(20, 7), 60);
  const mtp = chain.mtp();
  const expected = komodoInterest(height, 100e8, coinbaseTime - 60, mtp);
  assert.ok(expected > 0);
  const w = await walletd.rpc('withdraw', { coin: KMD, to, amount: '10', broadcast: true });
  assert.equal(w.status, 200, w.text);
  const r = w.json.result;
  assert.deepEqual(r.kmd_rewards, { amount: (expected / 1e8).toFixed(8).replace(/\.?0+$/, ''), claimed_by_me: true });
  const tx = chain.parse(r.tx_hex);
  assert.equal(tx.getId(), r.tx_hash);
  assert.equal(tx.locktime, mtp);
  assert.equal(tx.expiryHeight, 0);
  // walletd's fee is inputs + the interest claimed − outputs (komodod counts the interest up to
  // the tip's time, a little more than the claim at the MTP, so its own fee figure is larger).
  assert.ok((await chain.rpc('getrawmempool')).includes(r.tx_hash));
  const outputs = tx.outs.reduce((sum, o) => sum + Number(o.value), 0);
  assert.equal(100e8 + expected - outputs, sats(r.fee_details.amount));
  const change = tx.outs.find((o) => o.script.equals(script));
  assert.equal(Number(change.value), 100e8 - 10e8 - sats(r.fee_details.amount) + expected);
  assert.equal(sats(r.received_by_me), Number(change.value));
  assert.equal(r.spent_by_me, '100');
  claim = r;
  await mine(1);
});

test('nothing accrued: kmd_rewards is there with 0, and the change locks at the MTP', async () => {
  await settle(async () => Number(await balance()) > 89, 'the change');
  const to = utxolib.address.toBase58Check(Buffer.alloc(20, 8), 60);
  const w = await walletd.rpc('withdraw', { coin: KMD, to, amount: '1', broadcast: true });
  assert.equal(w.status, 200, w.text);
  assert.deepEqual(w.json.result.kmd_rewards, { amount: '0', claimed_by_me: true });
  unclaimed = w.json.result;
  assert.ok((await chain.rpc('getrawmempool')).includes(w.json.result.tx_hash));
  await mine(1);
});

test('kmd_rewards_info: each output\'s accrual or KDF\'s reason, largest first', async () => {
  const info = async () => {
    const r = await walletd.post({ userpass: PASSWORD, method: 'kmd_rewards_info' });
    assert.equal(r.status, 200, r.text);
    return r.json.result;
  };
  // A 5 KMD output (too small to accrue) beside the change of the last withdraw.
  await mine(1, { to: script, value: 5e8, locktime: chain.tip.time });
  await settle(async () => Number(await balance()) > 93, 'the 5 KMD output');
  let rows = await info();
  assert.deepEqual(rows.map((r) => Number(r.amount)).sort((a, b) => b - a), rows.map((r) => Number(r.amount)));
  const small = rows.find((r) => r.amount === '5');
  assert.deepEqual(small.accrued_rewards, { NotAccruedReason: 'UtxoAmountLessThanTen' });
  assert.equal(small.accrue_start_at, undefined);
  const change = rows[0];
  assert.deepEqual(change.accrued_rewards, { NotAccruedReason: 'OneHourNotPassedYet' });
  assert.equal(change.accrue_start_at, change.locktime + 3600);
  assert.equal(change.accrue_stop_at, change.locktime + 365 * 86400);  // a height below 1000000

  // Two hours of blocks later the change accrues what komodod would credit at the MTP.
  for (let i = 0; i < 12; i++) chain.mine({ time: chain.tip.time + 600 });
  await electrum.synced();
  rows = await info();
  const later = rows.find((r) => r.tx_hash === change.tx_hash && r.output_index === change.output_index);
  const expected = komodoInterest(later.height, sats(later.amount), later.locktime, chain.mtp());
  assert.ok(expected > 0);
  assert.deepEqual(later.accrued_rewards, { Accrued: (expected / 1e8).toFixed(8).replace(/\.?0+$/, '') });

  // Outputs of transactions without a locktime, or with a height for one: no accrual.
  await mine(1, { to: script, value: 11e8, locktime: 0 });
  await mine(1, { to: script, value: 12e8, locktime: 400000 });
  await settle(async () => (await info()).some((r) => r.amount === '12'), 'the 11 and 12 KMD outputs');
  rows = await info();
  assert.deepEqual(rows.find((r) => r.amount === '11').accrued_rewards, { NotAccruedReason: 'LocktimeNotSet' });
  assert.deepEqual(rows.find((r) => r.amount === '12').accrued_rewards, { NotAccruedReason: 'LocktimeLessThanThreshold' });

  // An output still in the mempool: TransactionInMempool, with a start but no stop.
  const self = await walletd.rpc('withdraw', { coin: KMD, to: address, amount: '20', broadcast: true });
  assert.equal(self.status, 200, self.text);
  rows = await info();
  const pending = rows.find((r) => r.tx_hash === self.json.result.tx_hash && r.amount === '20');
  assert.deepEqual(pending.accrued_rewards, { NotAccruedReason: 'TransactionInMempool' });
  assert.equal(pending.height, undefined);
  assert.equal(pending.accrue_start_at, pending.locktime + 3600);
  assert.equal(pending.accrue_stop_at, undefined);
});

test('history rows carry kmd_rewards as KDF recomputes them (at each transaction\'s locktime), and the fee the claim hid', async () => {
  const rows = await settle(async () => {
    const r = await walletd.rpc('my_tx_history', { coin: KMD, limit: 500 });
    const list = r.json.result?.transactions ?? [];
    return list.some((t) => t.tx_hash === claim.tx_hash) && list.some((t) => t.tx_hash === unclaimed.tx_hash) ? list : null;
  }, 'the withdraws in the history').catch(async (e) => {
    const r = await walletd.rpc('my_tx_history', { coin: KMD, limit: 500 });
    throw new Error(`${e.message}: ${r.text.slice(0, 600)}`);
  });
  const row = (hash) => rows.find((t) => t.tx_hash === hash);
  // The claim: the interest walletd claimed at the MTP it locked the transaction at, and the
  // miner's fee (not inputs − outputs, which the interest makes negative).
  assert.deepEqual(row(claim.tx_hash).kmd_rewards, claim.kmd_rewards);
  assert.equal(row(claim.tx_hash).fee_details.amount, claim.fee_details.amount);
  assert.deepEqual(row(unclaimed.tx_hash).kmd_rewards, { amount: '0', claimed_by_me: true });
  assert.equal(row(unclaimed.tx_hash).fee_details.amount, unclaimed.fee_details.amount);
  for (const t of rows) assert.ok(t.kmd_rewards, `every KMD row has kmd_rewards: ${t.tx_hash}`);
});

test('kmd_rewards_info without KMD active: KDF\'s legacy error', async () => {
  assert.equal((await walletd.rpc('disable_coin', { coin: KMD })).status, 200);
  const r = await walletd.post({ userpass: PASSWORD, method: 'kmd_rewards_info' });
  assert.equal(r.status, 500);
  assert.match(r.json.error, /KMD is not activated/);
});
