// @walletd/core for service workers (an MV3 extension's background, a PWA's worker), where
// import() is refused: the same API as the browser entry, with the glue imported statically.
// Storage defaults to IndexedDB; an extension may pass ChromeStorage to use chrome.storage.
import { createWalletdWith } from './core.js';
import { ChromeStorage } from './chrome-storage.js';
import { IndexedDbStorage } from './indexeddb-storage.js';
import { MemoryStorage } from './memory-storage.js';
import { WalletdError } from './walletd-error.js';
import { compileWasm } from './wasm-loader.js';
import factory from '../dist/walletd_web.mjs';

export { ChromeStorage, IndexedDbStorage, MemoryStorage, WalletdError };

export function createWalletd(options) {
  return createWalletdWith({
    loadFactory: async () => factory,
    compileWasm,
    defaultWasmUrl: () => new URL('../dist/walletd.wasm', import.meta.url),
    defaultStorage: () => new IndexedDbStorage('walletd'),
  }, options);
}
