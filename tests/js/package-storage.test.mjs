// The package's stores other than memory, from the installed tarball (Node entry):
// - FileStorage keeps a wallet's data across instances in a directory, writes each batch
//   atomically (a crash's leftover temporary file is ignored), and serialises batches;
// - ChromeStorage's semantics (tombstoned deletes in the same set(), scans in key order, other
//   namespaces and foreign items untouched) over a stand-in StorageArea with chrome.storage's
//   API; tests/js/extension-mv3.test.mjs runs it on the real chrome.storage in Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createWalletd, ChromeStorage, FileStorage } from '../support/walletd-package.mjs';
import { repoRoot, tempDir, cleanup } from '../support/walletd-process.mjs';

const coins = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');

// chrome.storage.StorageArea's promise API, over a Map: every set() applies whole; values are
// copied through JSON as Chrome does.
class StorageAreaStandIn {
  constructor() { this.items = new Map(); this.calls = []; }
  async get(keys) {
    this.calls.push('get');
    const names = keys === null ? [...this.items.keys()] : [keys].flat();
    return Object.fromEntries(names.filter((n) => this.items.has(n)).map((n) => [n, JSON.parse(this.items.get(n))]));
  }
  async getKeys() { return [...this.items.keys()]; }
  async set(items) { this.calls.push('set'); for (const [n, v] of Object.entries(items)) this.items.set(n, JSON.stringify(v)); }
  async remove(keys) { this.calls.push('remove'); for (const n of [keys].flat()) this.items.delete(n); }
}

test('FileStorage keeps a wallet across instances and writes each batch whole', async () => {
  const dir = tempDir('walletd-file-storage-');
  try {
    const config = { passphrase: 'file storage test' };
    const first = await createWalletd({ config, coins, storage: new FileStorage(dir) });
    await first.call('gui_storage::enable_account', { policy: 'new', account_id: { type: 'iguana' }, name: 'kept on disk' });
    first.dispose();
    const files = readdirSync(dir);
    assert.ok(files.length > 0 && files.every((f) => f.endsWith('.json')), files.join());
    writeFileSync(join(dir, `${files[0]}.tmp`), '{"half a wri');  // a crash between write and rename
    const again = await createWalletd({ config, coins, storage: new FileStorage(dir) });
    assert.equal((await again.call('gui_storage::get_enabled_account', {})).name, 'kept on disk');
    again.dispose();

    const store = new FileStorage(dir);
    await Promise.all([1, 2, 3, 4, 5].map((i) => store.storageApplyBatch({ ns: 't', writes: [[`k${i}`, `v${i}`], ['last', `${i}`]] })));
    await store.storageApplyBatch({ ns: 't', writes: [['k3', null]] });
    const reread = new FileStorage(dir);
    assert.deepEqual(await reread.storageScan({ ns: 't', prefix: 'k' }), [['k1', 'v1'], ['k2', 'v2'], ['k4', 'v4'], ['k5', 'v5']]);
    assert.equal(await reread.storageGet({ ns: 't', key: 'last' }), '5');
    assert.equal(await reread.storageGet({ ns: 't', key: 'k3' }), null);
    assert.equal(await reread.storageGet({ ns: 'other', key: 'k1' }), null);
  } finally {
    cleanup(dir);
  }
});

test('ChromeStorage: one set() per batch, deletes as tombstones then removed, scans in key order', async () => {
  const area = new StorageAreaStandIn();
  area.items.set('theme', JSON.stringify('dark'));  // the extension's own item
  const store = new ChromeStorage(area);
  await store.storageApplyBatch({ ns: 'a', writes: [['k2', 'two'], ['k1', 'one'], ['x', 'ex']] });
  await store.storageApplyBatch({ ns: 'ab', writes: [['k1', 'other namespace']] });
  area.calls = [];
  await store.storageApplyBatch({ ns: 'a', writes: [['k1', null], ['k3', 'three']] });
  assert.deepEqual(area.calls, ['set', 'remove']);
  assert.deepEqual(await store.storageScan({ ns: 'a', prefix: 'k' }), [['k2', 'two'], ['k3', 'three']]);
  assert.deepEqual(await store.storageScan({ ns: 'a', prefix: '' }), [['k2', 'two'], ['k3', 'three'], ['x', 'ex']]);
  assert.deepEqual(await store.storageScan({ ns: 'ab', prefix: '' }), [['k1', 'other namespace']]);
  assert.equal(await store.storageGet({ ns: 'a', key: 'k1' }), null);
  area.items.set('walletd:1:a:k9', JSON.stringify(null));  // a tombstone left by a crash before remove()
  assert.equal(await store.storageGet({ ns: 'a', key: 'k9' }), null);
  assert.deepEqual((await store.storageScan({ ns: 'a', prefix: 'k' })).map(([k]) => k), ['k2', 'k3']);
  assert.equal(JSON.parse(area.items.get('theme')), 'dark');

  const w = await createWalletd({ config: { passphrase: 'chrome storage test' }, coins, storage: store });
  await w.call('gui_storage::enable_account', { policy: 'new', account_id: { type: 'iguana' }, name: 'in chrome.storage' });
  w.dispose();
  const again = await createWalletd({ config: { passphrase: 'chrome storage test' }, coins, storage: new ChromeStorage(area) });
  assert.equal((await again.call('gui_storage::get_enabled_account', {})).name, 'in chrome.storage');
  again.dispose();
});
