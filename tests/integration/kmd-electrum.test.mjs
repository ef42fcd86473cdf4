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
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

const utxolib = createRequire(import.meta.url)('@bitgo/utxo-lib');
const KMD = 'KMD';
const START = 1700000000;
let chain, electrum, walletd, dir, address, script;

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
    activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl, protocol: 'TCP' }] } } } });
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
  await mine(1);
});

test('nothing accrued: kmd_rewards is there with 0, and the change locks at the MTP', async () => {
  await settle(async () => Number(await balance()) > 89, 'the change');
  const to = utxolib.address.toBase58Check(Buffer.alloc(20, 8), 60);
  const w = await walletd.rpc('withdraw', { coin: KMD, to, amount: '1', broadcast: true });
  assert.equal(w.status, 200, w.text);
  assert.deepEqual(w.json.result.kmd_rewards, { amount: '0', claimed_by_me: true });
  assert.ok((await chain.rpc('getrawmempool')).includes(w.json.result.tx_hash));
  await mine(1);
});
