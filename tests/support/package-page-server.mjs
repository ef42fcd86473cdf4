// A static server for the package's browser tests: the packed package at /pkg/, the project's
// coins file at /coins.json, other folders at the prefixes given, the page at /; every file served
// with the page's strict Content-Security-Policy (no inline script, no eval; wasm allowed).
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { repoRoot } from './walletd-process.mjs';

export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*";
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };

/** Serves `pageDir` at / and `roots` ({'/prefix/': dir}) beside the package; answers {url, close}. */
export async function servePackagePage(pageDir, roots = {}) {
  const all = { '/pkg/': join(repoRoot, 'build/npm/app/node_modules/@walletd/core'), ...roots, '/': pageDir };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path === '/favicon.ico') { res.writeHead(204); return res.end(); }
    if (path === '/coins.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(readFileSync(join(repoRoot, 'config/coins.json')));
    }
    const [prefix, dir] = Object.entries(all).find(([p]) => path.startsWith(p));
    const file = normalize(join(dir, path.slice(prefix.length) || 'index.html'));
    if (!file.startsWith(dir) || !existsSync(file)) { res.writeHead(404); return res.end(); }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': STRICT_CSP });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/index.html`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
