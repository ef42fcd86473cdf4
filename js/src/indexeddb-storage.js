// IndexedDbStorage: walletd's Storage on IndexedDB. One object store holds every namespace under
// the key [ns, key]; a batch is one readwrite transaction, so it applies whole or not at all and
// is durable when the transaction completes.
const STORE = 'kv';

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export class IndexedDbStorage {
  /** @param {string} dbName @param {IDBFactory} [factory] defaults to globalThis.indexedDB */
  constructor(dbName = 'walletd', factory = globalThis.indexedDB) {
    if (!factory) throw new Error('IndexedDB is not available; pass an IDBFactory');
    this.dbName = dbName;
    this.factory = factory;
    this.db = null;
  }

  async open() {
    if (this.db) return this.db;
    const req = this.factory.open(this.dbName, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    this.db = await request(req);
    return this.db;
  }

  close() {
    this.db?.close();
    this.db = null;
  }

  async storageGet({ ns, key }) {
    const db = await this.open();
    const value = await request(db.transaction(STORE, 'readonly').objectStore(STORE).get([ns, key]));
    return value === undefined ? null : value;
  }

  // Entries of `ns` whose key starts with `prefix`, in key order, as [key, value] pairs.
  async storageScan({ ns, prefix }) {
    const db = await this.open();
    const range = IDBKeyRange.bound([ns, prefix], [ns, prefix + '\uffff']);
    const store = db.transaction(STORE, 'readonly').objectStore(STORE);
    const [keys, values] = await Promise.all([request(store.getAllKeys(range)), request(store.getAll(range))]);
    return keys.map((k, i) => [k[1], values[i]]).filter(([k]) => k.startsWith(prefix));
  }

  async storageApplyBatch({ ns, writes }) {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite', { durability: 'strict' });
    const store = tx.objectStore(STORE);
    for (const [key, value] of writes) {
      if (value === null) store.delete([ns, key]);
      else store.put(value, [ns, key]);
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
    });
    return null;
  }
}
