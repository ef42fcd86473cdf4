// @walletd/core for browsers, workers and extension pages: no Node module is imported. The glue
// is imported statically, so it loads with the page's module graph rather than after
// createWalletd() is called (and service workers, which refuse import(), can use this entry too).
// The .wasm is compiled once per page (streaming when the server sends application/wasm) and
// shared by every createWalletd() call; storage defaults to IndexedDB.
import { createWalletdWith } from './core.js';
import { ChromeStorage } from './chrome-storage.js';
import { IndexedDbStorage } from './indexeddb-storage.js';
import { MemoryStorage } from './memory-storage.js';
import { WalletdError } from './walletd-error.js';
import { createAirgapSaplingProver } from './sapling-prover.js';
import { TREZOR_USB_FILTERS, requestTrezor } from './webusb.js';
import { compileWasm, prebundledWasmUrl } from './wasm-loader.js';
import factory from '../dist/walletd_web.mjs';

export { ChromeStorage, IndexedDbStorage, MemoryStorage, TREZOR_USB_FILTERS, WalletdError, createAirgapSaplingProver,
  requestTrezor };

const defaultWasmUrl = new URL('../dist/walletd.wasm', import.meta.url);

export function createWalletd(options) {
  return createWalletdWith({
    loadFactory: async () => factory,
    // The package's own .wasm, or where Vite's dev server still serves it when pre-bundling
    // moved this module; a wasmUrl the application gives is taken as it is.
    compileWasm: (url) => compileWasm(url, url === defaultWasmUrl ? prebundledWasmUrl(import.meta.url) : null),
    defaultWasmUrl: () => defaultWasmUrl,
    defaultStorage: () => new IndexedDbStorage('walletd'),
  }, options);
}
