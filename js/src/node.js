// @walletd/core for Node (20+): the same API as in browsers; the .wasm is read from the package
// and compiled once per process; storage defaults to memory (pass FileStorage(dir), or
// IndexedDbStorage over an IndexedDB implementation, or your own store, to keep data).
import { readFile } from 'node:fs/promises';
import { createWalletdWith } from './core.js';
import { ChromeStorage } from './chrome-storage.js';
import { FileStorage } from './file-storage.js';
import { IndexedDbStorage } from './indexeddb-storage.js';
import { MemoryStorage } from './memory-storage.js';
import { WalletdError } from './walletd-error.js';
import { createAirgapSaplingProver } from './sapling-prover.js';
import { TREZOR_USB_FILTERS, requestTrezor } from './webusb.js';

export { ChromeStorage, FileStorage, IndexedDbStorage, MemoryStorage, TREZOR_USB_FILTERS, WalletdError,
  createAirgapSaplingProver, requestTrezor };

let factory = null;
const compiled = new Map();  // wasm URL → Promise<WebAssembly.Module>

function compileWasm(url) {
  const key = String(url);
  if (!compiled.has(key)) compiled.set(key, readFile(new URL(key)).then((bytes) => WebAssembly.compile(bytes)));
  return compiled.get(key);
}

export function createWalletd(options) {
  return createWalletdWith({
    loadFactory: async () => (factory ??= (await import('../dist/walletd_node.mjs')).default),
    compileWasm,
    defaultWasmUrl: () => new URL('../dist/walletd.wasm', import.meta.url),
    defaultStorage: () => new MemoryStorage(),
  }, options);
}
