// The npm package as a consumer gets it: imported from the tarball that scripts/pack-package.mjs
// packed and installed into build/npm/app (resolved through the package's `exports`, Node entry).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './walletd-process.mjs';

const loader = join(repoRoot, 'build/npm/app/load.mjs');
if (!existsSync(loader)) throw new Error('the package is not packed: run `node scripts/pack-package.mjs` after the wasm build');
export const { createWalletd, createAirgapSaplingProver, ChromeStorage, FileStorage, IndexedDbStorage, MemoryStorage, WalletdError,
  TREZOR_USB_FILTERS, requestTrezor } = await import(pathToFileURL(loader));
