// FileStorage (Node): walletd's Storage in a directory, one JSON file per namespace. A batch is
// applied to a copy and written whole to a temporary file, flushed to disk, then renamed over
// the old file: after a crash the namespace is either as before the batch or as after it.
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';

export class FileStorage {
  /** @param {string} dir created when missing */
  constructor(dir) {
    this.dir = dir;
    this.namespaces = new Map();  // ns → Promise<Map(key → value)>
    this.queue = Promise.resolve();  // batches are written one at a time
  }

  fileOf(ns) {
    return join(this.dir, encodeURIComponent(ns) + '.json');
  }

  load(ns) {
    if (!this.namespaces.has(ns)) {
      this.namespaces.set(ns, readFile(this.fileOf(ns), 'utf8').then(
        (text) => new Map(Object.entries(JSON.parse(text))),
        (e) => { if (e.code === 'ENOENT') return new Map(); throw e; }));
    }
    return this.namespaces.get(ns);
  }

  async storageGet({ ns, key }) {
    return (await this.load(ns)).get(key) ?? null;
  }

  // Entries of `ns` whose key starts with `prefix`, in key order, as [key, value] pairs.
  async storageScan({ ns, prefix }) {
    const entries = [...(await this.load(ns))].filter(([k]) => k.startsWith(prefix));
    return entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  storageApplyBatch({ ns, writes }) {
    const run = this.queue.then(async () => {
      const next = new Map(await this.load(ns));
      for (const [key, value] of writes) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      await mkdir(this.dir, { recursive: true });
      const tmp = this.fileOf(ns) + '.tmp';
      const file = await open(tmp, 'w');
      try {
        await file.writeFile(JSON.stringify(Object.fromEntries(next)));
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(tmp, this.fileOf(ns));
      const dir = await open(this.dir, 'r');  // the rename itself reaches the disk
      try { await dir.sync(); } finally { await dir.close(); }
      this.namespaces.set(ns, Promise.resolve(next));
      return null;
    });
    this.queue = run.catch(() => {});
    return run;
  }
}
