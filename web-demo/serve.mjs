// Starts the web demo against a local ganache: `node web-demo/serve.mjs` (after the wasm build and
// `node scripts/pack-package.mjs`). It starts ganache (chain 1337, its deterministic accounts),
// deploys the demo token TST-ganache, and serves the page, the packed package and the coins file
// on 127.0.0.1 with the strict CSP a browser-extension page would have. Ctrl-C stops everything.
// Options: --port N (default 8090), --exit-after-ms N (tests).
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { parseEther } from 'ethers';
import { Ganache } from '../tests/peers/ganache.mjs';
import { repoRoot } from '../tests/support/walletd-process.mjs';

export const GANACHE_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self' http://127.0.0.1:*; img-src 'self'";
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json' };

/** Serves the demo; resolves {url, ganache, stop()}. */
export async function startDemo({ port = 0 } = {}) {
  const pkg = join(repoRoot, 'build/npm/app/node_modules/@walletd/core');
  if (!existsSync(pkg)) throw new Error('the package is not packed: run `node scripts/pack-package.mjs` after the wasm build');
  const ganache = await Ganache.start();
  const owner = ganache.funder.address;
  const token = await ganache.deployErc20({ supply: parseEther('1000'), owner });
  const roots = [['/pkg/', pkg], ['/', join(repoRoot, 'web-demo/page')]];
  const settings = JSON.stringify({ node: ganache.url, mnemonic: GANACHE_MNEMONIC, token });
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const send = (status, type, body) => {
      res.writeHead(status, { 'content-type': type, 'content-security-policy': CSP, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (path === '/favicon.ico') return send(204, 'text/plain', '');
    if (path === '/coins.json') return send(200, TYPES['.json'], readFileSync(join(repoRoot, 'config/coins.json')));
    if (path === '/settings.json') return send(200, TYPES['.json'], settings);
    const [prefix, dir] = roots.find(([p]) => path.startsWith(p));
    const file = normalize(join(dir, path.slice(prefix.length) || 'index.html'));
    if (!file.startsWith(dir) || !existsSync(file)) return send(404, 'text/plain', 'not found');
    send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    ganache,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await ganache.stop();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const demo = await startDemo({ port: arg('--port', 8090) });
  console.log(`walletd web demo: ${demo.url}  (ganache at ${demo.ganache.url}; Ctrl-C stops)`);
  const stop = async () => { await demo.stop(); process.exit(0); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const exitAfter = arg('--exit-after-ms', 0);
  if (exitAfter) setTimeout(stop, exitAfter);
}
