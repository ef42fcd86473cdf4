// @walletd/core for browsers, workers and extension pages: no Node module is imported. The .wasm
// is compiled once per page (streaming when the server sends application/wasm) and shared by
// every createWalletd() call; storage defaults to IndexedDB. The glue is imported when the first
// walletd is created, in parallel with the .wasm (service workers, where import() is not
// allowed, use '@walletd/core/service-worker').
import { createWalletdWith } from './core.js';
import { ChromeStorage } from './chrome-storage.js';
import { IndexedDbStorage } from './indexeddb-storage.js';
import { MemoryStorage } from './memory-storage.js';
import { WalletdError } from './walletd-error.js';
import { compileWasm } from './wasm-loader.js';

export { ChromeStorage, IndexedDbStorage, MemoryStorage, WalletdError };

let factory = null;

export function createWalletd(options) {
  return createWalletdWith({
    loadFactory: async () => (factory ??= (await import('../dist/walletd_web.mjs')).default),
    compileWasm,
    defaultWasmUrl: () => new URL('../dist/walletd.wasm', import.meta.url),
    defaultStorage: () => new IndexedDbStorage('walletd'),
  }, options);
}
