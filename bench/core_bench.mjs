// Runs one of walletd's C++ benchmark programs (built by the native-release or native-debug and
// wasm-release presets) and answers its one JSON line, or null when that build is missing. The
// programs take [seconds] [host] and print {"host", <figures>, "sample", ...}.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** `kind` is 'native' or 'wasm'; `name` the program, e.g. 'tron_signing_bench'; `args` follow. */
export function runCoreBench(name, seconds, kind, args = []) {
  const native = ['native-release', 'native-debug'].map((p) => join(root, 'build', p, 'bench', name)).find(existsSync);
  const wasm = join(root, 'build/wasm-release/bench', `${name}.js`);
  const out = kind === 'native'
    ? native && execFileSync(native, [String(seconds), 'native', ...args], { encoding: 'utf8' })
    : existsSync(wasm) && execFileSync(process.execPath, [wasm, String(seconds), 'wasm', ...args], { encoding: 'utf8' });
  return out ? JSON.parse(out) : null;
}
