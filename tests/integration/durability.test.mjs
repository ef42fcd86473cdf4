// kill -9 in the middle of 1,000 gui_storage::add_account calls: every acknowledged account is
// there after a restart, and the storage file is intact (its checksum verifies on load).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
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

  const file = readFileSync(join(dir, 'db', 'gui_storage.kv'), 'utf8');
  const newline = file.indexOf('\n');
  const checksum = file.slice('WALLETD-KV 1 '.length, newline);
  assert.equal(createHash('sha256').update(file.slice(newline + 1)).digest('hex'), checksum, 'file checksum');

  w = await WalletdProcess.start(config);
  try {
    const accounts = (await w.rpc('gui_storage::get_accounts')).json.result;
    const present = new Set(accounts.map((a) => a.account_id.account_idx));
    const lost = [...acknowledged].filter((idx) => !present.has(idx));
    assert.deepEqual(lost, [], 'every acknowledged account is present');
    const added = await w.rpc('gui_storage::add_account', { account_id: { type: 'hd', account_idx: 5000 }, name: 'after restart' });
    assert.equal(added.json.result, 'success');
  } finally {
    await w.stop();
    cleanup(dir);
  }
});

test('a corrupted storage file is refused at start with a clear error', async () => {
  const dir = tempDir();
  const config = writeConfig(dir);
  const w = await WalletdProcess.start(config);
  await w.rpc('gui_storage::add_account', { account_id: { type: 'iguana' }, name: 'x' });
  await w.stop();
  const path = join(dir, 'db', 'gui_storage.kv');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(path, readFileSync(path, 'utf8').replace('"x', '"y'));
  await assert.rejects(WalletdProcess.start(config), /corrupt \(checksum mismatch\)/);
  cleanup(dir);
});
