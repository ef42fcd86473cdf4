// utxo_merge_params with the real walletd, Electrum mode against litecoind regtest: 60 small
// outputs on the coin's address are merged into one at the loop's next count — every
// `check_every` seconds, as KDF's loop (a float; the first count one interval after activation,
// so never before) — the
// merge transaction is checked by bitcoinjs-lib (every input signed by the address's key, one
// output back to it, the fee as the coins file says) and mined; `max_merge_at_once` caps a
// merge; a coin with few outputs is left alone; disable_coin stops the loop.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Litecoind } from '../peers/litecoind.mjs';
import { ElectrumServer, scriptHash } from '../peers/electrum-server.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';
import { checkUtxoTransaction, freshAddress, sats, startFaucet, waitFor } from '../support/utxo-check.mjs';

const skip = Litecoind.skipReason();
let ltc, electrum, walletd, dir, pay;

before(async () => {
  if (skip) return;
  ltc = await Litecoind.start();
  electrum = await ElectrumServer.start({ ltc, pollMs: 50 });
  pay = await startFaucet(ltc);
  await electrum.synced();
  dir = tempDir('walletd-merge-');
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'walletd merge test' }));
});

after(async () => {
  await walletd?.stop();
  await electrum?.stop();
  await ltc?.stop();
  if (dir) cleanup(dir);
});

async function activate(ticker, merge) {
  const init = await walletd.rpc('task::enable_utxo::init', { ticker, activation_params: {
    mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl }] } }, utxo_merge_params: merge } });
  assert.equal(init.status, 200, init.text);
  const done = await walletd.waitTask('enable_utxo', init.json.result.task_id, 30000);
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  return done.details.wallet_balance.address;
}

const mine = async (n = 1) => {
  await ltc.mine(n, `addr(${freshAddress('p2pkh', 99)})`);
  await electrum.synced();
};
// The address's confirmed outputs, as litecoind's UTXO set holds them.
const outputsOf = async (address) => (await ltc.rpc('scantxoutset', ['start', [`addr(${address})`]])).unspents;
// The mempool transactions that spend to `address` alone (a merge), decoded.
async function mergesTo(address) {
  const found = [];
  for (const txid of await ltc.rpc('getrawmempool')) {
    const tx = await ltc.rpc('getrawtransaction', [txid, true]);
    const to = tx.vout[0].scriptPubKey.address ?? tx.vout[0].scriptPubKey.addresses?.[0];  // Core 0.21: addresses
    if (tx.vout.length === 1 && to === address) found.push(tx);
  }
  return found;
}
// The Electrum script hash of an address, and how often walletd has listed its outputs (each
// count of the merge loop lists them once; nothing else asks here).
const hashOf = async (address) => scriptHash((await ltc.rpc('validateaddress', [address])).scriptPubKey);
const counts = (hash) => electrum.requests.filter(([m, p]) => m === 'blockchain.scripthash.listunspent' && p?.[0] === hash).length;
const spread = (address, count, coins) => Array.from({ length: count }, () => [address, sats(coins)]);

test('60 small outputs are merged into one at the count after check_every seconds, not before', { skip }, async () => {
  // KDF's defaults: check_every 10 s, max_merge_at_once 100 (only merge_at is required).
  const activatedAt = Date.now();
  const address = await activate('LTC-regtest', { merge_at: 50 });
  await pay.many(spread(address, 60, '0.01'));
  await mine(1);
  assert.equal((await outputsOf(address)).length, 60);
  assert.deepEqual(await mergesTo(address), [], 'merged before check_every seconds');
  const [merge] = await waitFor(async () => { const m = await mergesTo(address); return m.length ? m : null; }, 'the merge');
  assert.equal(merge.vin.length, 60);
  assert.ok(Date.now() - activatedAt >= 10000, 'the first count comes one check_every after activation');
  const checked = await checkUtxoTransaction(merge.hex, ltc);
  assert.deepEqual(checked.outputs.map((o) => o.address), [address]);
  assert.equal(checked.outputs[0].value + checked.fee, sats('0.6'));
  // The coins file's txfee (1000 sat/kB) on the estimated size, rounded up.
  assert.ok(checked.fee >= BigInt(checked.vsize) && checked.fee < BigInt(checked.vsize) * 2n, `fee ${checked.fee} for ${checked.vsize} vB`);
  await mine(1);
  const left = await outputsOf(address);
  assert.equal(left.length, 1);
  assert.equal(sats(left[0].amount), checked.outputs[0].value);
  await waitFor(async () => (await walletd.rpc('my_balance', { coin: 'LTC-regtest' })).json.result.balance === String(Number(checked.outputs[0].value) / 1e8), 'the balance');
});

test('max_merge_at_once caps a merge (smallest first); disable_coin stops the loop', { skip }, async () => {
  const address = await activate('LTC-regtest-segwit', { merge_at: 30, check_every: 0.5, max_merge_at_once: 40 });
  await pay.many([...spread(address, 59, '0.001'), [address, sats('1')]]);
  await mine(1);
  const [merge] = await waitFor(async () => { const m = await mergesTo(address); return m.length ? m : null; }, 'the merge');
  assert.equal(merge.vin.length, 40);
  const checked = await checkUtxoTransaction(merge.hex, ltc);
  assert.equal(checked.outputs[0].value + checked.fee, sats('0.04'), 'the 40 smallest outputs');
  await mine(1);
  assert.equal((await outputsOf(address)).length, 21);
  // 21 outputs: under merge_at, left alone for three counts (a round's merge would be broadcast
  // before the next round counts).
  await mine(1);
  const hash = await hashOf(address);
  const seen = counts(hash);
  await waitFor(async () => counts(hash) >= seen + 3, 'three more counts');
  assert.deepEqual(await mergesTo(address), []);
  assert.equal((await walletd.rpc('disable_coin', { coin: 'LTC-regtest-segwit' })).status, 200);
  // Disabled: the loop ends and the coin's Electrum connection with it.
  await waitFor(async () => ![...electrum.sessions].some((s) => s.scriptHashes.has(hash)), 'the disabled coin\'s connection to close');
  const last = counts(hash);
  await pay.many(spread(address, 40, '0.001'));
  await mine(2);
  assert.equal(counts(hash), last, 'a disabled coin counted its outputs');
  assert.deepEqual(await mergesTo(address), [], 'a disabled coin merged');
  assert.equal((await outputsOf(address)).length, 61);
});

test('utxo_merge_params is read as KDF reads it: merge_at required, the rest defaulted, unknown keys ignored', { skip }, async () => {
  for (const merge of [{ check_every: 1, max_merge_at_once: 10 }, { merge_at: '10', check_every: 1, max_merge_at_once: 10 },
    { merge_at: 10, check_every: '1' }, { merge_at: -1 }]) {
    const res = await walletd.rpc('task::enable_utxo::init', { ticker: 'LTC', activation_params: {
      mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl }] } }, utxo_merge_params: merge } });
    assert.equal(res.json.error_type, 'InvalidRequest', `${JSON.stringify(merge)}: ${res.text}`);
  }
  // What KDF accepts (its own tests send check_every as a float; 0 and 1 are not refused).
  await walletd.rpc('disable_coin', { coin: 'LTC-regtest' });
  for (const merge of [{ merge_at: 1, check_every: 0, max_merge_at_once: 1001 }, { merge_at: 10, check_every: 2.5, every: 2 }]) {
    const res = await walletd.rpc('task::enable_utxo::init', { ticker: 'LTC-regtest', activation_params: {
      mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl }] } }, utxo_merge_params: merge } });
    assert.equal(res.status, 200, `${JSON.stringify(merge)}: ${res.text}`);
    assert.equal((await walletd.waitTask('enable_utxo', res.json.result.task_id, 30000)).status, 'Ok');
    assert.equal((await walletd.rpc('disable_coin', { coin: 'LTC-regtest' })).status, 200);
  }
});
