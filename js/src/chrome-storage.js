// ChromeStorage: walletd's Storage on an extension's chrome.storage area (local by default), for
// service workers and extension pages, which share it. Each entry is one item named
// `<prefix>:<length of ns>:<ns>:<key>` (no NUL separator: Chrome cuts item names at a NUL).
// A batch is one set() call — Chrome applies the items of one set() together — with deletions
// written as null tombstones in the same call; a later remove() clears the tombstones, and a
// tombstone that outlives a crash reads as absent.
export class ChromeStorage {
  /** @param {chrome.storage.StorageArea} [area] defaults to chrome.storage.local */
  constructor(area = globalThis.chrome?.storage?.local, prefix = 'walletd') {
    if (!area) throw new Error('chrome.storage is not available here; pass a StorageArea');
    this.area = area;
    this.prefix = prefix + ':';
  }

  itemName(ns, key) {
    return `${this.prefix}${ns.length}:${ns}:${key}`;
  }

  async storageGet({ ns, key }) {
    const name = this.itemName(ns, key);
    const value = (await this.area.get(name))[name];
    return typeof value === 'string' ? value : null;
  }

  // Entries of `ns` whose key starts with `prefix`, in key order, as [key, value] pairs.
  async storageScan({ ns, prefix }) {
    const start = this.itemName(ns, prefix);
    const nsStart = this.itemName(ns, '');
    const names = this.area.getKeys ? await this.area.getKeys() : Object.keys(await this.area.get(null));
    const wanted = names.filter((n) => n.startsWith(start)).sort();
    if (wanted.length === 0) return [];
    const items = await this.area.get(wanted);
    return wanted.filter((n) => typeof items[n] === 'string').map((n) => [n.slice(nsStart.length), items[n]]);
  }

  async storageApplyBatch({ ns, writes }) {
    const items = {};
    for (const [key, value] of writes) items[this.itemName(ns, key)] = value;
    await this.area.set(items);
    const tombstones = Object.keys(items).filter((n) => items[n] === null);
    if (tombstones.length > 0) await this.area.remove(tombstones);
    return null;
  }
}
