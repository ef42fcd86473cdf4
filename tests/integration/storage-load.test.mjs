// gui_storage at scale: 10,000 accounts, then 2,000 mixed writes from 8 connections while a
// ninth connection measures `version`. A write costs O(record) (one appended log record, fsynced
// by group commit off the core thread), so the store's size does not slow writes or the core.
// Figures are printed (node's client, then wrk's, which is not the bottleneck); correctness is
// asserted: every acknowledged write is there after kill -9.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { WalletdProcess, tempDir, writeConfig, cleanup, repoRoot, PASSWORD } from '../support/walletd-process.mjs';
import { percentile } from '../support/raw-http.mjs';
import { runWrk, parseWrk, VERSION_SCRIPT } from '../support/wrk.mjs';

test('10,000 accounts, 2,000 mixed writes from 8 connections, then kill -9', { timeout: 240000 }, async () => {
  const dir = tempDir();
  const config = writeConfig(dir);
  let w = await WalletdProcess.start(config);
  try {
    let next = 0;
    const fill = async () => {
      while (next < 10000) {
        const idx = next++;
        const r = await w.rpc('gui_storage::add_account', { account_id: { type: 'hd', account_idx: idx }, name: `account ${idx}` });
        assert.equal(r.json.result, 'success');
      }
    };
    let started = performance.now();
    await Promise.all(Array.from({ length: 8 }, fill));
    console.log(`node's fetch: 10,000 add_account from 8 connections: ${(10000 / ((performance.now() - started) / 1000)).toFixed(0)} writes/s`);

    // Measured with a C client (wrk), so that the figures are walletd's and not node's: 8
    // connections writing for 4 s while a ninth measures `version`.
    const [writes, versions] = await Promise.all([
      runWrk(['-t2', '-c8', '-d4s', '-s', join(repoRoot, 'tests/support/storage-mix.lua'), w.url],
        { env: { WALLETD_PASSWORD: PASSWORD }, timeoutMs: 30000 }),
      runWrk(['-t1', '-c1', '-d3s', '--latency', '-s', VERSION_SCRIPT, w.url], { timeoutMs: 30000 }),
    ]);
    const rate = parseWrk(writes).rps;
    const p99 = `${parseWrk(versions).p99.toFixed(2)} ms`;
    assert.ok(!/Non-2xx/.test(writes), `every write succeeded:\n${writes}`);
    console.log(`wrk: mixed writes at 10,000 accounts from 8 connections: ${Number(rate).toFixed(0)} writes/s (target >= 1,000); ` +
      `version p99 during writes ${p99} (target < 10 ms)`);

    const expected = new Map(); // idx -> name (null: deleted)
    let op = 0;
    const mixed = async () => {
      while (op < 2000) {
        const i = op++;
        const idx = (i * 7919) % 10000;
        if (i % 4 === 3) {
          const r = await w.rpc('gui_storage::delete_account', { account_id: { type: 'hd', account_idx: idx } });
          if (r.json.result === 'success') expected.set(idx, null);
        } else if (i % 4 === 2) {
          const r = await w.rpc('gui_storage::set_account_balance', { account_id: { type: 'hd', account_idx: idx }, balance_usd: `${i}.5` });
          assert.ok(r.json.result === 'success' || r.json.error_type === 'NoSuchAccount');
        } else {
          const name = `renamed ${i}`;
          const r = await w.rpc('gui_storage::set_account_name', { account_id: { type: 'hd', account_idx: idx }, name });
          if (r.json.result === 'success') expected.set(idx, name);
        }
      }
    };
    const latencies = [];
    let writing = true;
    const probe = (async () => {
      while (writing) {
        const t0 = performance.now();
        const r = await fetch(w.url, { method: 'POST', body: '{"mmrpc":"2.0","method":"version"}' });
        await r.text();
        latencies.push(performance.now() - t0);
        await new Promise((res) => setTimeout(res, 5));
      }
    })();
    started = performance.now();
    await Promise.all(Array.from({ length: 8 }, mixed));
    const seconds = (performance.now() - started) / 1000;
    writing = false;
    await probe;
    console.log(`node's fetch: 2,000 mixed writes at 10,000 accounts: ${(2000 / seconds).toFixed(0)} writes/s (bound by the node client); ` +
      `version during writes p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms`);

    await w.kill9();
    w = await WalletdProcess.start(config);
    const accounts = (await w.rpc('gui_storage::get_accounts')).json.result;
    const byIdx = new Map(accounts.map((a) => [a.account_id.account_idx, a]));
    for (const [idx, name] of expected) {
      if (name === null) assert.ok(!byIdx.has(idx), `account ${idx} stays deleted`);
      else if (byIdx.has(idx)) assert.equal(byIdx.get(idx).name, name, `account ${idx}`);
    }
    assert.equal(accounts.length, 10000 - [...expected.values()].filter((v) => v === null).length);
  } finally {
    await w.stop();
    cleanup(dir);
  }
});
