// The package's typed API, from the packed tarball: call() resolves with `result` and needs no
// userpass; a refusal is a WalletdError with KDF's envelope fields and the daemon's HTTP status;
// MemoryStorage is Node's default; dispose() stops timers and streams (the process can exit) and
// later calls reject; the browser entry and the web glue import no Node module; the package ships
// only its glue, .wasm and types.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createWalletd, MemoryStorage, WalletdError } from '../support/walletd-package.mjs';
import { repoRoot } from '../support/walletd-process.mjs';

const coins = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');
const installed = join(repoRoot, 'build/npm/app/node_modules/@walletd/core');

test('call() answers the result; refusals are WalletdError with the envelope and status', async () => {
  const w = await createWalletd({ config: { passphrase: 'package api test' }, coins });
  try {
    const version = await w.call('version', {});
    assert.match(version.result, /^\d+\.\d+\.\d+/);
    assert.deepEqual(await w.call('get_enabled_coins', {}), { coins: [] });
    await assert.rejects(w.call('my_balance', { coin: 'ETH' }), (e) => {
      assert.ok(e instanceof WalletdError);
      assert.equal(e.error_type, 'NoSuchCoin');
      assert.equal(e.status, 400);
      assert.deepEqual(e.error_data, { coin: 'ETH' });
      assert.equal(typeof e.error_path, 'string');
      return true;
    });
    await assert.rejects(w.call('no_such_method', {}), (e) => e instanceof WalletdError && e.error_type === 'NoSuchMethod' && e.status === 400);
    await assert.rejects(w.call('withdraw', { coin: 'ETH' }), (e) => e instanceof WalletdError && e.status === 400);
  } finally {
    w.dispose();
  }
});

test('MemoryStorage keeps data for one instance, and is the default', async () => {
  const storage = new MemoryStorage();
  const w = await createWalletd({ config: { passphrase: 'memory storage test' }, coins, storage });
  await w.call('gui_storage::enable_account', { policy: 'new', account_id: { type: 'iguana' }, name: 'kept in memory' });
  assert.equal((await w.call('gui_storage::get_enabled_account', {})).name, 'kept in memory');
  const again = await createWalletd({ config: { passphrase: 'memory storage test' }, coins, storage });
  assert.equal((await again.call('gui_storage::get_enabled_account', {})).name, 'kept in memory');
  const fresh = await createWalletd({ config: { passphrase: 'memory storage test' }, coins });
  await assert.rejects(fresh.call('gui_storage::get_enabled_account', {}), WalletdError);
  for (const x of [w, again, fresh]) x.dispose();
});

test('dispose() stops a node with a live stream: timers cleared, later calls rejected', async () => {
  const w = await createWalletd({ config: { passphrase: 'dispose test', event_streaming_configuration: {} }, coins });
  const frames = [];
  w.openEventStream(1, (f) => frames.push(f));
  await w.call('stream::heartbeat::enable', { client_id: 1, config: { stream_interval_seconds: 0.05 } }).catch(() => {});
  w.dispose();
  await assert.rejects(w.call('version', {}), (e) => e instanceof WalletdError && e.error_type === 'Disposed');
  const seen = frames.length;
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(frames.length, seen, 'no frames after dispose');
});

test('the browser entry imports no Node module; the package ships only glue, wasm and types', () => {
  const nodeImport = /from ['"]node:|import\(['"](node:)?(fs|path|url|module|crypto)['"]\)|require\(/;
  for (const f of ['browser.js', 'core.js', 'indexeddb-storage.js', 'memory-storage.js', 'walletd-error.js', 'sapling-prover.js']) {
    assert.doesNotMatch(readFileSync(join(installed, 'src', f), 'utf8'), nodeImport, f);
  }
  const glue = readFileSync(join(installed, 'dist/walletd_web.mjs'), 'utf8');
  assert.doesNotMatch(glue, /import\(['"](module|path|url|fs)['"]\)|require\(['"]/, 'the web glue');
  assert.doesNotMatch(glue, /\beval\(|new Function\(/, 'no eval in the web glue');
  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  assert.deepEqual(Object.keys(pkg.exports['.']), ['types', 'node', 'default']);
  assert.deepEqual(readdirSync(join(installed, 'dist')).sort(),
    ['walletd.wasm', 'walletd_node.mjs', 'walletd_web.mjs']);
});
