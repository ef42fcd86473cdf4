// Fetches and compiles walletd.wasm once per URL for the browser entries (pages, workers,
// extension service workers): streaming when the server sends application/wasm; a failed load
// is forgotten so that it can be retried.
const compiled = new Map();  // wasm URL → Promise<WebAssembly.Module>

export function compileWasm(url) {
  const key = String(url);
  if (!compiled.has(key)) {
    compiled.set(key, (async () => {
      const res = await fetch(key);
      if (!res.ok) throw new Error(`walletd: could not load ${key} (HTTP ${res.status})`);
      if (WebAssembly.compileStreaming && res.headers.get('content-type')?.startsWith('application/wasm')) {
        return WebAssembly.compileStreaming(res);
      }
      return WebAssembly.compile(await res.arrayBuffer());
    })());
    compiled.get(key).catch(() => compiled.delete(key));
  }
  return compiled.get(key);
}
