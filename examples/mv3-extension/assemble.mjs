// Copies this example and the installed package (build/npm/app/node_modules/@walletd/core, made
// by scripts/pack-package.mjs) into one folder Chromium can load as an unpacked extension.
// Usage: node examples/mv3-extension/assemble.mjs <out-dir>
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');

export function assembleExtension(out) {
  const pkg = join(repoRoot, 'build/npm/app/node_modules/@walletd/core');
  if (!existsSync(pkg)) throw new Error(`${pkg} is missing: run node scripts/pack-package.mjs first`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const f of ['manifest.json', 'background.js', 'console.html', 'console.js']) cpSync(join(here, f), join(out, f));
  for (const d of ['src', 'dist']) cpSync(join(pkg, d), join(out, 'walletd', d), { recursive: true });
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = resolve(process.argv[2] ?? join(repoRoot, 'build/mv3-extension'));
  console.log(`unpacked extension in ${assembleExtension(out)}`);
}
