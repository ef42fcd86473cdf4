// The packed package in a bundler: a fresh Vite app (build/vite-app) installs the tarball like any
// dependency, `vite build` bundles it (the browser entry by the exports conditions, the .wasm as a
// hashed asset through new URL(..., import.meta.url)), and the built app runs in Debian's
// Chromium under a strict CSP: the node starts and answers. The same app under Vite's dev server
// (dependency pre-bundling and all) answers too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { repoRoot } from '../support/walletd-process.mjs';

const app = join(repoRoot, 'build/vite-app');
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'";
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };
let server, url, browser;

function writeApp() {
  const tarball = readdirSync(join(repoRoot, 'build/npm')).find((f) => f.endsWith('.tgz'));
  rmSync(app, { recursive: true, force: true });
  mkdirSync(join(app, 'public'), { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'vite-wallet', private: true, type: 'module',
    dependencies: { '@walletd/core': `file:../npm/${tarball}` } }, null, 2));
  writeFileSync(join(app, 'index.html'), '<!doctype html><html><body><pre id="out">…</pre><script type="module" src="/main.js"></script></body></html>\n');
  writeFileSync(join(app, 'main.js'), `import { createWalletd } from '@walletd/core';
const coins = await (await fetch('/coins.json')).text();
const walletd = await createWalletd({ config: { passphrase: 'vite app' }, coins });
const version = await walletd.call('version', {});
const enabled = await walletd.call('get_enabled_coins', {});
window.result = { version: version.result, coins: enabled.coins };
document.getElementById('out').textContent = JSON.stringify(window.result);
`);
  copyFileSync(join(repoRoot, 'config/coins.json'), join(app, 'public/coins.json'));
  writeFileSync(join(app, 'public/favicon.ico'), '');
}

before(async () => {
  writeApp();
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180000 });
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error']);
  run(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
  const dist = join(app, 'dist');
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path === '/favicon.ico') { res.writeHead(204); return res.end(); }
    const file = normalize(join(dist, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dist) || !existsSync(file)) { res.writeHead(404); return res.end(); }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': CSP });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
});

test('a Vite app bundles the package, ships its .wasm as an asset, and runs it in Chromium', async () => {
  const assets = readdirSync(join(app, 'dist/assets'));
  assert.ok(assets.some((f) => /^walletd-.*\.wasm$/.test(f)), `the .wasm is an asset: ${assets}`);
  const bundled = assets.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(app, 'dist/assets', f), 'utf8')).join('\n');
  assert.doesNotMatch(bundled, /walletd_node|node:fs/, 'the Node entry stayed out of the bundle');
  const page = await (await browser.newContext()).newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`); });
  await page.goto(url);
  await page.waitForFunction(() => window.result, null, { timeout: 30000 });
  const result = await page.evaluate(() => window.result);
  assert.match(result.version, /^\d+\.\d+\.\d+/);
  assert.deepEqual(result.coins, []);
  assert.deepEqual(problems, []);
});

test('the same app under the Vite dev server (pre-bundled dependencies) answers in Chromium', async () => {
  const { createServer: createViteServer } = await import('vite');
  const dev = await createViteServer({ root: app, configFile: false, logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0, strictPort: false } });
  await dev.listen();
  try {
    const page = await (await browser.newContext()).newPage();
    const problems = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`); });
    await page.goto(dev.resolvedUrls.local[0]);
    await page.waitForFunction(() => window.result, null, { timeout: 60000 });
    const result = await page.evaluate(() => window.result);
    assert.match(result.version, /^\d+\.\d+\.\d+/);
    assert.deepEqual(result.coins, []);
    assert.deepEqual(problems, []);
  } finally {
    await dev.close();
  }
});
