// @walletd/core: the walletd core in-process. createWalletd() loads the wasm module (one per
// call), starts a node on IndexedDB storage, and returns an object whose handle() takes the same
// JSON bodies as the daemon's HTTP endpoint and resolves with the same bytes.
import { IndexedDbStorage } from './indexeddb-storage.js';

export { IndexedDbStorage };

let defaultModuleFactory = null;
async function loadModuleFactory() {
  defaultModuleFactory ??= (await import('../dist/walletd_wasm.mjs')).default;
  return defaultModuleFactory;
}

/**
 * @param {object} options
 * @param {object|string} options.config  MM2.json-style configuration (rpc_password, ...)
 * @param {Array|string} options.coins    a KDF coins file
 * @param {object} [options.storage]      an IndexedDbStorage (default: database "walletd")
 * @param {object} [options.moduleOptions] passed to the Emscripten factory (locateFile, wasmBinary)
 */
/** One HTTP request for the core's HttpClient: resolves {status, headers, body}; rejects when
 * there is no answer (network error, CORS refusal, timeout). */
async function httpRequest({ method, url, headers, body, timeout_ms: timeoutMs }) {
  let res;
  try {
    res = await fetch(url, { method, headers: Object.fromEntries(headers), body: method === 'GET' ? undefined : body,
      signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    throw new Error(e && e.name === 'TimeoutError' ? `timeout after ${timeoutMs} ms` : String(e && e.message || e));
  }
  return { status: res.status, headers: [...res.headers], body: await res.text() };
}

export async function createWalletd({ config, coins, storage, moduleOptions = {} } = {}) {
  const store = storage ?? new IndexedDbStorage('walletd');
  const pending = new Map();
  const listeners = new Map();
  let nextId = 1;
  const host = {
    storageGet: (a) => store.storageGet(a),
    storageScan: (a) => store.storageScan(a),
    storageApplyBatch: (a) => store.storageApplyBatch(a),
    httpRequest: httpRequest,
    onAnswer(id, status, body) {
      const p = pending.get(id);
      pending.delete(id);
      p?.resolve({ status, body });
    },
    onEvent(clientId, frame) {
      listeners.get(clientId)?.(frame);
    },
  };
  const factory = await loadModuleFactory();
  const M = await factory({ ...moduleOptions, walletdHost: host });
  M.walletdHost = host;
  M.walletdCompleteOp = (id, ok, result) => M.ccall('walletd_complete_op', null, ['number', 'number', 'string'], [id, ok ? 1 : 0, result]);
  M.walletdDrain = () => M._walletd_drain();

  const call = (fn, ...args) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, { resolve });
      const ptrs = args.map((s) => M.allocateUTF8(s));
      try {
        M[fn](id, ...ptrs);
      } finally {
        ptrs.forEach((p) => M._free(p));
      }
    });

  const toText = (v) => (typeof v === 'string' ? v : JSON.stringify(v));
  const init = await call('_walletd_init', toText(config), toText(coins));
  if (init.status !== 0) throw new Error(`walletd: ${init.body}`);

  return {
    /** One request body (object or batch) → {status, body} exactly as the daemon answers. */
    request: (body) => call('_walletd_handle', toText(body)),
    /** One request body → the response body text. */
    handle: async (body) => (await call('_walletd_handle', toText(body))).body,
    /**
     * Opens event stream `clientId` (the daemon's /event-stream?id=N); `onFrame(frame)` gets each
     * SSE frame text. Returns a function that closes it.
     */
    openEventStream(clientId, onFrame, { lastEventId } = {}) {
      // The listener must be in place before connecting: a resume replays events at once.
      const previous = listeners.get(clientId);
      listeners.set(clientId, onFrame);
      const err = M.ccall('walletd_stream_connect', 'number', ['number', 'number'], [clientId, lastEventId ?? -1]);
      if (err) {
        const text = M.UTF8ToString(err);
        M._free(err);
        if (previous) listeners.set(clientId, previous);
        else listeners.delete(clientId);
        throw new Error(text);
      }
      return () => {
        listeners.delete(clientId);
        M._walletd_stream_disconnect(clientId);
      };
    },
  };
}
