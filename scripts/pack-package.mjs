// Packs the npm package (js/) the way it would be published and installs the tarball into a
// throw-away consumer app (build/npm/app), which is what the package tests import — never the
// source tree. Prints the tarball and the browser download (glue + .wasm, gzip -9) sizes.
// Usage: node scripts/pack-package.mjs   (after the wasm-release build filled js/dist)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'build/npm');
const app = join(out, 'app');
for (const f of ['walletd_web.mjs', 'walletd_node.mjs', 'walletd.wasm']) {
  if (!existsSync(join(root, 'js/dist', f))) throw new Error(`js/dist/${f} is missing: build the wasm-release preset first`);
}
rmSync(out, { recursive: true, force: true });
mkdirSync(app, { recursive: true });
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
const [{ filename }] = JSON.parse(npm(['pack', '--json', '--pack-destination', out], join(root, 'js')));
const tarball = join(out, filename);
writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'walletd-package-consumer', private: true, type: 'module' }, null, 2));
npm(['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', tarball], app);
writeFileSync(join(app, 'load.mjs'), "// What a consumer imports.\nexport * from '@walletd/core';\n");

const gz = (f) => gzipSync(readFileSync(join(root, 'js/dist', f)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`packed ${filename} (${kb(statSync(tarball).size)}), installed into build/npm/app`);
console.log(`browser download: walletd.wasm ${kb(gz('walletd.wasm'))} gz + walletd_web.mjs ${kb(gz('walletd_web.mjs'))} gz = ${kb(gz('walletd.wasm') + gz('walletd_web.mjs'))} gz (target ≤ 600 KB)`);
