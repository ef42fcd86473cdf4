// walletd's npm package against the JS libraries in the same Chromium page (Debian's chromium via
// playwright-core): EIP-1559 transfers signed per second and HD addresses derived per second.
// Needs the wasm build and `node scripts/pack-package.mjs`. Usage: node bench/browser/run.mjs [seconds]
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { repoRoot } from '../../tests/support/walletd-process.mjs';
import { listenLocal } from '../../tests/peers/local-server.mjs';

const seconds = Number(process.argv[2] ?? 3);
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };
const roots = [['/pkg/', join(repoRoot, 'build/npm/app/node_modules/@walletd/core')], ['/node_modules/', join(repoRoot, 'node_modules')],
  ['/', join(repoRoot, 'bench/browser/page')]];

// A JSON-RPC node that answers at once: the chain id, a block, a balance and the nonce.
const node = await listenLocal((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-max-age': '600' };
    if (req.method === 'OPTIONS') { res.writeHead(204, cors); return res.end(); }  // the page's preflight
    const { id, method } = JSON.parse(body);
    const result = { eth_chainId: '0x539', eth_blockNumber: '0x10', eth_getBalance: '0xde0b6b3a7640000', eth_getTransactionCount: '0x0',
      eth_call: '0x' + '0'.repeat(64) }[method] ?? null;
    res.writeHead(200, { 'content-type': 'application/json', ...cors });
    res.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
  });
});
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (path === '/coins.json') { res.writeHead(200, { 'content-type': 'application/json' }); return res.end(readFileSync(join(repoRoot, 'config/coins.json'))); }
  const [prefix, dir] = roots.find(([p]) => path.startsWith(p));
  const file = normalize(join(dir, path.slice(prefix.length) || 'index.html'));
  if (!file.startsWith(dir) || !existsSync(file)) { res.writeHead(404); return res.end(); }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html?seconds=${seconds}&node=${encodeURIComponent(node.url)}`);
  await page.waitForFunction(() => window.benchResult, null, { timeout: (seconds * 6 + 60) * 1000 });
  const r = await page.evaluate(() => window.benchResult);
  if (r.error) throw new Error(r.error);
  if (!r.sameFirstAddress) throw new Error('walletd and @scure/bip32 disagree on the first address');
  const row = (what, a, b, unit) => console.log(`${what.padEnd(44)} walletd ${a.toFixed(0).padStart(7)} ${unit}   ${b[0].padEnd(26)} ${b[1].toFixed(0).padStart(7)} ${unit}   (${(a / b[1]).toFixed(2)}×)`);
  console.log(`In Chromium ${browser.version()}, ${seconds} s per figure:`);
  row('EIP-1559 transfers signed (nonce given)', r.walletdSign, ['ethers signTransaction', r.ethersSign], '/s');
  row('  the core alone (100 per batch request)', r.walletdSignBatch, ['ethers signTransaction', r.ethersSign], '/s');
  console.log(`  one call() signs at ${(100 * r.walletdSign / r.walletdSignBatch).toFixed(0)}% of the core's batch rate`);
  row('  the same, nonce fetched from the node', r.walletdSignFetch, ['ethers signTransaction', r.ethersSign], '/s');
  const us = (perSecond) => 1e6 / perSecond;
  const extra = (us(r.walletdSignFetch) - us(r.walletdSign)) / 1000;
  console.log(`  each request: ${extra.toFixed(2)} ms more than with the nonce given, of which ${r.walletdFetchMs.toFixed(2)} ms ` +
    `inside fetch(); the page's own fetch to the same node: ${(us(r.pageFetch) / 1000).toFixed(2)} ms (target ≤ 1.5 ms)`);
  console.log(`a version call round trip: ${us(r.walletdVersion).toFixed(1)} µs (target ≤ 25 µs)`);
  row('HD addresses m/44\'/60\'/0\'/0/i', r.walletdHd, ['@scure/bip32 + computeAddress', r.scureHd], '/s');
  console.log('(walletd\'s figures are whole sign_raw_transaction requests through the package: JSON in, parse, sign,\n' +
    ' JSON out; without a nonce each request also waits for one fetch to a local stub node)');
} finally {
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
  await node.close();
}
