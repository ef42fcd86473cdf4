// Fetches and compiles walletd.wasm once per URL for the browser entries (pages, workers,
// extension service workers): streaming when the server sends application/wasm; a failed load
// is forgotten so that it can be retried. What answers at a URL is checked to be WebAssembly
// before it is compiled, so that a dev server's HTML fallback page (a 200 for any path) ends in an
// error that says what to configure, and an alternative location can be tried first.
const compiled = new Map();  // wasm URL → Promise<WebAssembly.Module>
const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];

// Under Vite 5–7's dev server the package is pre-bundled into <cacheDir>/deps/ (by default
// node_modules/.vite/deps/), where the entry's ../dist/walletd.wasm does not exist and the server
// answers the app's index.html. The package's own files are still served from node_modules.
export function prebundledWasmUrl(moduleUrl) {
  const at = /\/node_modules\/\.vite\/deps(_temp_[^/]*)?\/[^/]*$/.exec(new URL(moduleUrl).pathname);
  if (!at) return null;
  const url = new URL(moduleUrl);
  url.pathname = url.pathname.slice(0, at.index) + '/node_modules/@walletd/core/dist/walletd.wasm';
  url.search = '';
  return url;
}

async function fetchWasm(url) {
  const res = await fetch(url);
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && WebAssembly.compileStreaming && type.startsWith('application/wasm')) return WebAssembly.compileStreaming(res);
  const bytes = res.ok ? new Uint8Array(await res.arrayBuffer()) : new Uint8Array();
  if (WASM_MAGIC.every((b, i) => bytes[i] === b)) return WebAssembly.compile(bytes);
  const what = res.ok ? `${type || 'no content type'}, not WebAssembly` : `HTTP ${res.status}`;
  throw new Error(`walletd: could not load walletd.wasm from ${url} (${what})`);
}

// Tries each URL in order; the error names the options that point the package at its .wasm.
async function compileFirst(urls) {
  const failures = [];
  for (const url of urls) {
    try {
      return await fetchWasm(String(url));
    } catch (e) {
      failures.push(e.message);
    }
  }
  throw new Error(`${failures.join('; ')}. If a bundler's dev server moved the package (Vite 5–7 pre-bundling), ` +
    `add optimizeDeps: { exclude: ['@walletd/core'] } to its config; otherwise serve the package's dist/walletd.wasm ` +
    `and pass its URL as createWalletd({ wasmUrl })`);
}

export function compileWasm(url, ...alternatives) {
  const urls = [url, ...alternatives.filter(Boolean)];
  const key = urls.map(String).join(' ');
  if (!compiled.has(key)) {
    compiled.set(key, compileFirst(urls));
    compiled.get(key).catch(() => compiled.delete(key));
  }
  return compiled.get(key);
}
