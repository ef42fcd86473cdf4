// Starts the web demo against local peers: `node web-demo/serve.mjs` (after the wasm build and
// `node scripts/pack-package.mjs`). It starts ganache (chain 1337, its deterministic accounts) and
// deploys the demo token TST-ganache; it starts the TRON node and relay provider emulators of the
// tests, with 10 USDT-TRC20-devnet in the relay address of the ganache mnemonic's first TRON
// address; and it serves the page, the packed package and the coins file on 127.0.0.1 with the
// strict CSP a browser-extension page would have. The TRON node (/wallet…) and the provider
// (/nile/…) are reached through the page's own origin, so the page needs no CORS. Ctrl-C stops
// everything. Options: --port N (default 8090), --exit-after-ms N (tests).
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { createRequire } from 'node:module';
import { HDNodeWallet, parseEther } from 'ethers';
import { Ganache } from '../tests/peers/ganache.mjs';
import { TronNode, base58 } from '../tests/peers/tron-node.mjs';
import { RelayProvider, PROVIDER_ADDRESS } from '../tests/peers/relay-provider.mjs';
import { repoRoot } from '../tests/support/walletd-process.mjs';

export const GANACHE_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self' http://127.0.0.1:*; img-src 'self'";
export const USDT = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';  // USDT-TRC20-devnet's contract in config/coins.json
const RELAY_KEY = { api_key: 'demo-key', api_secret: 'demo-secret' };
const require = createRequire(import.meta.url);
const { TronGasFree } = require('@gasfree/gasfree-sdk');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json' };

/** The TRON address m/44'/195'/0'/0/0 of `mnemonic` and its relay address (the provider's SDK). */
export function tronAccountOf(mnemonic) {
  const evm = HDNodeWallet.fromPhrase(mnemonic, undefined, "m/44'/195'/0'/0/0").address;
  const address = base58('41' + evm.slice(2).toLowerCase());
  return { address, relay: new TronGasFree({ chainId: 3448148188 }).generateGasFreeAddress(address) };
}

// Forwards a request to `target` (same path and query); the answer is passed back as it is.
async function forward(req, res, target) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const headers = { ...req.headers };
  delete headers.host;
  delete headers['content-length'];
  try {
    const answer = await fetch(target + req.url, { method: req.method, headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks) });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  } catch (e) {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(String(e.message));
  }
}

/** Serves the demo; resolves {url, ganache, tron, provider, stop()}. */
export async function startDemo({ port = 0 } = {}) {
  const pkg = join(repoRoot, 'build/npm/app/node_modules/@walletd/core');
  if (!existsSync(pkg)) throw new Error('the package is not packed: run `node scripts/pack-package.mjs` after the wasm build');
  const ganache = await Ganache.start();
  const owner = ganache.funder.address;
  const token = await ganache.deployErc20({ supply: parseEther('1000'), owner });
  const tron = await TronNode.start();
  tron.deployToken(USDT);
  tron.mintToken(USDT, tronAccountOf(GANACHE_MNEMONIC).relay, 10_000_000n);
  const provider = await RelayProvider.start({ tron, apiKey: RELAY_KEY.api_key, apiSecret: RELAY_KEY.api_secret, stepMs: 500,
    tokens: [{ address: USDT, symbol: 'USDT', decimal: 6, activateFee: 1_000_000, transferFee: 250_000 }] });
  const roots = [['/pkg/', pkg], ['/', join(repoRoot, 'web-demo/page')]];
  const settings = JSON.stringify({ node: ganache.url, mnemonic: GANACHE_MNEMONIC, token,
    tron: { service_provider: PROVIDER_ADDRESS, ...RELAY_KEY } });
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const send = (status, type, body) => {
      res.writeHead(status, { 'content-type': type, 'content-security-policy': CSP, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (path === '/favicon.ico') return send(204, 'text/plain', '');
    if (path === '/coins.json') return send(200, TYPES['.json'], readFileSync(join(repoRoot, 'config/coins.json')));
    if (path === '/settings.json') return send(200, TYPES['.json'], settings);
    if (path.startsWith('/wallet')) return forward(req, res, tron.url);
    if (path.startsWith('/nile/')) return forward(req, res, provider.url);
    const [prefix, dir] = roots.find(([p]) => path.startsWith(p));
    const file = normalize(join(dir, path.slice(prefix.length) || 'index.html'));
    if (!file.startsWith(dir) || !existsSync(file)) return send(404, 'text/plain', 'not found');
    send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    ganache,
    tron,
    provider,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await provider.stop();
      await tron.stop();
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
