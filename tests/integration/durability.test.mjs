// kill -9 in the middle of 1,000 gui_storage::add_account calls: every acknowledged account is
// there after a restart, and the storage log verifies with an independent reader.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { readStorageLog } from '../support/storage-log.mjs';
import { join } from 'node:path';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

test('acknowledged writes survive SIGKILL and no file is corrupt', { timeout: 180000 }, async () => {
  const dir = tempDir();
  const config = writeConfig(dir);
  let w = await WalletdProcess.start(config);
  const acknowledged = new Set();
  const killAfter = 300 + Math.floor(Math.random() * 400);
  const workers = 8;
  let next = 0;
  let killed = false;
  const worker = async () => {
    while (next < 1000) {
      const idx = next++;
      if (idx === killAfter && !killed) {
        killed = true;
        await w.kill9();
      }
      try {
        const r = await w.rpc('gui_storage::add_account', { account_id: { type: 'hd', account_idx: idx }, name: `account ${idx}` });
        if (r.status === 200 && r.json.result === 'success') acknowledged.add(idx);
      } catch { /* the daemon is gone: not acknowledged */ }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  assert.ok(killed);
  assert.ok(acknowledged.size >= killAfter - workers, `acknowledged ${acknowledged.size}`);

  // The log may end in a torn append (never acknowledged); walletd cuts it on start. Every
  // acknowledged account must be in the good records before it.
  const raw = readFileSync(join(dir, 'db', 'gui_storage.log'));

  w = await WalletdProcess.start(config);
  try {
    const accounts = (await w.rpc('gui_storage::get_accounts')).json.result;
    const present = new Set(accounts.map((a) => a.account_id.account_idx));
    const lost = [...acknowledged].filter((idx) => !present.has(idx));
    assert.deepEqual(lost, [], 'every acknowledged account is present');
    const added = await w.rpc('gui_storage::add_account', { account_id: { type: 'hd', account_idx: 5000 }, name: 'after restart' });
    assert.equal(added.json.result, 'success');
    const log = readStorageLog(join(dir, 'db', 'gui_storage.log'));
    assert.ok(log.bytes <= raw.length + 4096, 'the log was kept, not rewritten');
    const stored = [...log.entries.keys()].filter((k) => k.startsWith('account/')).length;
    assert.equal(stored, present.size + 1, 'an independent reader sees every account');
  } finally {
    await w.stop();
    cleanup(dir);
  }
});

// Expects the daemon to refuse to start; one that starts anyway is stopped, not left running.
async function assertStartRefused(config, pattern) {
  let started;
  try {
    await assert.rejects(WalletdProcess.start(config).then((w) => { started = w; }), pattern);
  } finally {
    await started?.stop();
  }
}

test('damage to acknowledged records is refused at start; a torn append is cut off', async () => {
  const dir = tempDir();
  const config = writeConfig(dir);
  const w = await WalletdProcess.start(config);
  await w.rpc('gui_storage::add_account', { account_id: { type: 'iguana' }, name: 'x' });
  await w.rpc('gui_storage::add_account', { account_id: { type: 'hd', account_idx: 1 }, name: 'second' });
  await w.stop();
  const path = join(dir, 'db', 'gui_storage.log');
  const good = readFileSync(path);
  writeFileSync(path, Buffer.concat([good, Buffer.from('R0000ffff0123456789abcdef\n[["account/torn"')]));
  const restarted = await WalletdProcess.start(config);
  const names = (await restarted.rpc('gui_storage::get_accounts')).json.result.map((a) => a.name);
  assert.deepEqual(names.sort(), ['second', 'x']);
  await restarted.stop();
  assert.equal(readFileSync(path).length, good.length, 'the torn tail was cut');
  const damaged = Buffer.from(good.toString('latin1').replace('"x', '"y'), 'latin1');
  writeFileSync(path, damaged);
  await assertStartRefused(config, /damaged record at byte \d+ with acknowledged records after it/);
  // Every log is checked at start, not only those the start reads: damage to a namespace that no
  // request has touched yet stops the start too.
  writeFileSync(path, good);
  writeFileSync(join(dir, 'db', 'history_x.log'), damaged);
  await assertStartRefused(config, /history_x\.log: damaged record/);
  cleanup(dir);
});

test('a storage file of the earlier single-file format is converted on first use', async () => {
  const dir = tempDir();
  const config = writeConfig(dir);
  mkdirSync(join(dir, 'db'));
  const body = JSON.stringify({ 'account/0': JSON.stringify({ account_id: { type: 'iguana' }, name: 'old', description: '',
    balance_usd: '0', coins: ['KMD'] }) });
  writeFileSync(join(dir, 'db', 'gui_storage.kv'), `WALLETD-KV 1 ${createHash('sha256').update(body).digest('hex')}\n${body}`);
  const w = await WalletdProcess.start(config);
  try {
    const accounts = (await w.rpc('gui_storage::get_accounts')).json.result;
    assert.deepEqual(accounts.map((a) => a.name), ['old']);
    assert.ok(!existsSync(join(dir, 'db', 'gui_storage.kv')));
    assert.equal(readStorageLog(join(dir, 'db', 'gui_storage.log')).entries.size, 1);
  } finally {
    await w.stop();
    cleanup(dir);
  }
});
