// The packed package in every bundler web wallets use: for Vite 5, 6, 7 and 8 and webpack 5, a
// fresh app (build/bundler-apps/<name>) installs the tarball like any dependency, with no
// bundler configuration for the package, and runs in Debian's Chromium twice: built (served
// under a strict CSP) and under the bundler's dev server (Vite's dependency pre-bundling,
// webpack-dev-server). Each time the node starts, answers `version`, and derives the first HD
// address of BIP39's test mnemonic, which ethers derives too; no console error, no failed request.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { HDNodeWallet } from 'ethers';
import { chromium } from 'playwright-core';
import { repoRoot } from '../support/walletd-process.mjs';

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'";
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const ETH_ADDRESS = HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'/0/0").address;
let browser;

// No top-level await: Vite 5–7 build for targets without it by default.
const MAIN_JS = `import { createWalletd } from '@walletd/core';
async function main() {
  const coins = await (await fetch('coins.json')).text();
  const walletd = await createWalletd({ config: { passphrase: ${JSON.stringify(MNEMONIC)}, enable_hd: true }, coins });
  const version = await walletd.call('version', {});
  const keys = await walletd.call('get_private_keys', { coins: ['ETH'], mode: 'hd', start_index: 0, end_index: 0 });
  window.result = { version: version.result, address: keys[0].addresses[0].address };
  document.getElementById('out').textContent = JSON.stringify(window.result);
}
main().catch((e) => { window.result = { error: String(e && e.message || e) }; });
`;

// A fresh app: package.json with the tarball as its one dependency, the page, public files.
function writeApp(name, { scriptTag }) {
  const app = join(repoRoot, 'build/bundler-apps', name);
  const tarball = readdirSync(join(repoRoot, 'build/npm')).find((f) => f.endsWith('.tgz'));
  rmSync(app, { recursive: true, force: true });
  mkdirSync(join(app, 'public'), { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: `${name}-wallet`, private: true, type: 'module',
    dependencies: { '@walletd/core': `file:${join(repoRoot, 'build/npm', tarball)}` } }, null, 2));
  writeFileSync(join(app, 'index.html'), `<!doctype html><html><head><title>${name}</title></head><body><pre id="out">…</pre>` +
    `${scriptTag ? '<script type="module" src="/main.js"></script>' : ''}</body></html>\n`);
  writeFileSync(join(app, 'main.js'), MAIN_JS);
  copyCoins(join(app, 'public'));
  writeFileSync(join(app, 'public/favicon.ico'), '');
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'],
    { cwd: app, stdio: ['ignore', 'pipe', 'pipe'], timeout: 180000 });
  return app;
}

function copyCoins(dir) {
  const eth = JSON.parse(readFileSync(join(repoRoot, 'config/coins.json'), 'utf8')).filter((c) => c.coin === 'ETH');
  writeFileSync(join(dir, 'coins.json'), JSON.stringify(eth));
}

// Serves a built app with the strict CSP a web wallet would set.
async function serveStatic(dist) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(dist, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dist) || !existsSync(file)) { res.writeHead(404); return res.end(); }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': CSP });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

// Opens the app in a new context and checks its answers and the page's console and requests.
async function checkPage(url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const problems = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`); });
    await page.goto(url);
    await page.waitForFunction(() => window.result, null, { timeout: 60000 });
    const result = await page.evaluate(() => window.result);
    assert.equal(result.error, undefined);
    assert.match(result.version, /^\d+\.\d+\.\d+/);
    assert.equal(result.address, ETH_ADDRESS);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
}

function viteBundler(name, pkg) {
  return {
    name,
    async build(app) {
      const { build } = await import(pkg);
      await build({ root: app, configFile: false, logLevel: 'warn' });
      const assets = readdirSync(join(app, 'dist/assets'));
      assert.ok(assets.some((f) => /^walletd-.*\.wasm$/.test(f)), `the .wasm is an asset: ${assets}`);
      const bundled = assets.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(app, 'dist/assets', f), 'utf8')).join('\n');
      assert.doesNotMatch(bundled, /walletd_node|node:fs/, 'the Node entry stayed out of the bundle');
      return join(app, 'dist');
    },
    async dev(app) {
      const { createServer: createViteServer } = await import(pkg);
      const server = await createViteServer({ root: app, configFile: false, logLevel: 'warn',
        server: { host: '127.0.0.1', port: 0, strictPort: false, headers: { 'content-security-policy': CSP } } });
      await server.listen();
      return { url: server.resolvedUrls.local[0], close: () => server.close() };
    },
  };
}

// webpack needs an entry and a page for any app; nothing in it is about the package.
async function webpackCompiler(app, mode) {
  const { default: webpack } = await import('webpack');
  const { default: HtmlWebpackPlugin } = await import('html-webpack-plugin');
  return webpack({ mode, context: app, entry: './main.js', devtool: mode === 'development' ? 'source-map' : false,
    output: { path: join(app, 'dist'), clean: true }, infrastructureLogging: { level: 'error' }, stats: 'errors-warnings',
    performance: { hints: false }, plugins: [new HtmlWebpackPlugin({ template: join(app, 'index.html') })] });
}

const webpackBundler = {
  name: 'webpack 5',
  scriptTag: false,
  async build(app) {
    const compiler = await webpackCompiler(app, 'production');
    const stats = await new Promise((resolve, reject) => compiler.run((e, s) => (e ? reject(e) : resolve(s))));
    await new Promise((resolve) => compiler.close(resolve));
    assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
    assert.deepEqual(stats.compilation.warnings.map(String), []);
    const dist = join(app, 'dist');
    assert.ok(readdirSync(dist).some((f) => f.endsWith('.wasm')), 'the .wasm is an asset');
    cpSync(join(app, 'public'), dist, { recursive: true });
    return dist;
  },
  async dev(app) {
    const { default: WebpackDevServer } = await import('webpack-dev-server');
    const server = new WebpackDevServer({ host: '127.0.0.1', port: 0, static: join(app, 'public'), hot: false, liveReload: false,
      client: false, headers: { 'content-security-policy': CSP } }, await webpackCompiler(app, 'development'));
    await server.start();
    return { url: `http://127.0.0.1:${server.server.address().port}/`, close: () => server.stop() };
  },
};

const BUNDLERS = [viteBundler('Vite 5', 'vite5'), viteBundler('Vite 6', 'vite6'), viteBundler('Vite 7', 'vite7'),
  viteBundler('Vite 8', 'vite'), webpackBundler];

before(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
});

after(async () => {
  await browser?.close();
});

for (const bundler of BUNDLERS) {
  const dir = bundler.name.replace(/\s+/g, '').toLowerCase();
  test(`${bundler.name}: a fresh app's build runs the package in Chromium under a strict CSP`, async () => {
    const app = writeApp(`${dir}-build`, { scriptTag: bundler.scriptTag ?? true });
    const served = await serveStatic(await bundler.build(app));
    try {
      await checkPage(served.url);
    } finally {
      await served.close();
    }
  });
  test(`${bundler.name}: the same app under the dev server answers in Chromium`, async () => {
    const app = writeApp(`${dir}-dev`, { scriptTag: bundler.scriptTag ?? true });
    const server = await bundler.dev(app);
    try {
      await checkPage(server.url);
    } finally {
      await server.close();
    }
  });
}

// Where the package cannot find its .wasm by itself (here: Vite 6 pre-bundling into a cache
// folder of the app's choosing), the first call fails with an error naming the option that
// fixes it, and that option does.
test('Vite 6 with its own cacheDir: the error names optimizeDeps.exclude, which fixes it', async () => {
  const app = writeApp('vite6-cachedir', { scriptTag: true });
  const { createServer: createViteServer } = await import('vite6');
  const open = async (optimizeDeps) => {
    const server = await createViteServer({ root: app, configFile: false, logLevel: 'silent', cacheDir: 'wallet-cache', optimizeDeps,
      server: { host: '127.0.0.1', port: 0, strictPort: false } });
    await server.listen();
    return server;
  };
  let server = await open({});
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.resolvedUrls.local[0]);
    await page.waitForFunction(() => window.result, null, { timeout: 60000 });
    const { error } = await page.evaluate(() => window.result);
    await context.close();
    assert.match(error, /could not load walletd\.wasm from http:\/\/127\.0\.0\.1:\d+\/wallet-cache\/dist\/walletd\.wasm \(text\/html, not WebAssembly\)/);
    assert.match(error, /optimizeDeps: \{ exclude: \['@walletd\/core'\] \}/);
  } finally {
    await server.close();
  }
  server = await open({ exclude: ['@walletd/core'] });
  try {
    await checkPage(server.resolvedUrls.local[0]);
  } finally {
    await server.close();
  }
});
