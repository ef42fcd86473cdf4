// MemoryStorage: walletd's Storage in memory — for Node scripts and tests, or a page that must not
// persist anything. A batch applies whole (it is synchronous); nothing survives the process.
export class MemoryStorage {
  constructor() {
    this.namespaces = new Map();  // ns → Map(key → value)
  }

  async storageGet({ ns, key }) {
    return this.namespaces.get(ns)?.get(key) ?? null;
  }

  // Entries of `ns` whose key starts with `prefix`, in key order, as [key, value] pairs.
  async storageScan({ ns, prefix }) {
    const entries = [...(this.namespaces.get(ns) ?? new Map())].filter(([k]) => k.startsWith(prefix));
    return entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  async storageApplyBatch({ ns, writes }) {
    if (!this.namespaces.has(ns)) this.namespaces.set(ns, new Map());
    const store = this.namespaces.get(ns);
    for (const [key, value] of writes) {
      if (value === null) store.delete(key);
      else store.set(key, value);
    }
    return null;
  }
}
