// @walletd/core for browsers, workers and extension pages: no Node module is imported. The .wasm
// is compiled once per page (streaming when the server sends application/wasm) and shared by
// every createWalletd() call; storage defaults to IndexedDB.
import { createWalletdWith } from './core.js';
import { IndexedDbStorage } from './indexeddb-storage.js';
import { MemoryStorage } from './memory-storage.js';
import { WalletdError } from './walletd-error.js';

export { IndexedDbStorage, MemoryStorage, WalletdError };

let factory = null;
const compiled = new Map();  // wasm URL → Promise<WebAssembly.Module>

async function compileWasm(url) {
  const key = String(url);
  if (!compiled.has(key)) {
    compiled.set(key, (async () => {
      const res = await fetch(key);
      if (!res.ok) throw new Error(`walletd: could not load ${key} (HTTP ${res.status})`);
      if (WebAssembly.compileStreaming && res.headers.get('content-type')?.startsWith('application/wasm')) {
        return WebAssembly.compileStreaming(res);
      }
      return WebAssembly.compile(await res.arrayBuffer());
    })());
    compiled.get(key).catch(() => compiled.delete(key));  // a failed load may be retried
  }
  return compiled.get(key);
}

export function createWalletd(options) {
  return createWalletdWith({
    loadFactory: async () => (factory ??= (await import('../dist/walletd_web.mjs')).default),
    compileWasm,
    defaultWasmUrl: () => new URL('../dist/walletd.wasm', import.meta.url),
    defaultStorage: () => new IndexedDbStorage('walletd'),
  }, options);
}
