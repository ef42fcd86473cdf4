// The package's host-independent part: one walletd node per createWalletd() call, on a wasm
// module compiled once per page (or process) and instantiated per node. The entry points
// (browser.js, node.js) supply the module factory, how to fetch the .wasm, and the default storage.
import { WalletdError } from './walletd-error.js';
import { saplingHost } from './sapling-prover.js';
import { webUsbHost } from './webusb.js';

const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
function toBase64(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** One HTTP request for the core's HttpClient: resolves {status, headers, body} (or body_base64
 * for a binary request, which sends body_base64); rejects when there is no answer (network
 * error, CORS refusal, timeout). */
async function httpRequest({ method, url, headers, body, body_base64: bodyBase64, timeout_ms: timeoutMs }) {
  const binary = bodyBase64 !== undefined;
  let res;
  try {
    const payload = binary ? fromBase64(bodyBase64) : body;
    res = await fetch(url, { method, headers: Object.fromEntries(headers), body: method === 'GET' ? undefined : payload,
      signal: AbortSignal.timeout(timeoutMs) });
    if (binary) return { status: res.status, headers: [...res.headers], body_base64: toBase64(new Uint8Array(await res.arrayBuffer())) };
    return { status: res.status, headers: [...res.headers], body: await res.text() };
  } catch (e) {
    throw new Error(e && e.name === 'TimeoutError' ? `timeout after ${timeoutMs} ms` : String(e && e.message || e));
  }
}

// A password the package uses itself when the configuration brings none (the node requires one).
function generatedPassword() {
  // Letters from two alphabets in turn: no character repeats three times (the password policy).
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const text = [...bytes].map((b) => 'abcdefghijklmnop'[b >> 4] + 'ABCDEFGHIJKLMNOP'[b & 15]).join('');
  return `Wd-${text}-7!`;
}

/**
 * @param {object} entry {loadFactory: () => Promise<factory>, compileWasm: (url) => Promise<WebAssembly.Module>,
 *   defaultWasmUrl: () => URL|string, defaultStorage: () => storage}
 * @param {object} options see index.d.ts (WalletdOptions)
 */
/**
 * WebSocket streams for the core (Electrum's wss:// servers, a CometBFT node's ws:// or wss://
 * /websocket): socketOpen resolves {id} once the socket is open; each message (one line for the
 * core, text or binary decoded as UTF-8), and the close, reach the core through `deliver(id,
 * kind, text)` (kind 0: a message, 1: closed, `text` the code and the reason).
 */
function webSockets(WebSocketClass, deliver) {
  const sockets = new Map();
  let nextSocket = 1;
  return {
    sockets,
    socketOpen({ url, timeout_ms: timeoutMs }) {
      return new Promise((resolve, reject) => {
        const WS = WebSocketClass ?? globalThis.WebSocket;
        if (!WS) return reject(new Error('this environment has no WebSocket (pass createWalletd({ WebSocket }))'));
        let ws;
        try {
          ws = new WS(url);
        } catch (e) {
          return reject(new Error(`cannot open ${url}: ${e?.message ?? e}`));
        }
        ws.binaryType = 'arraybuffer';  // a browser's default, Blob, cannot be decoded at once
        const id = nextSocket++;
        let opened = false;
        const timer = setTimeout(() => { ws.close(); reject(new Error(`${url}: no connection within ${timeoutMs} ms`)); }, timeoutMs);
        ws.onopen = () => { clearTimeout(timer); opened = true; sockets.set(id, ws); resolve({ id }); };
        ws.onmessage = (e) => deliver(id, 0, typeof e.data === 'string' ? e.data : new TextDecoder().decode(e.data));
        ws.onerror = () => {};  // the close that follows says what happened
        ws.onclose = (e) => {
          clearTimeout(timer);
          if (!opened) return reject(new Error(`${url}: the connection was refused or failed (${e.code})`));
          sockets.delete(id);
          deliver(id, 1, `${e.code}${e.reason ? ` ${e.reason}` : ''}`);
        };
      });
    },
    socketSend(id, text) {
      const ws = sockets.get(id);
      if (!ws || ws.readyState !== 1) return false;
      ws.send(text);
      return true;
    },
    socketClose(id) {
      const ws = sockets.get(id);
      sockets.delete(id);
      ws?.close();
    },
  };
}

export async function createWalletdWith(entry, { config, coins, storage, wasmUrl, ethereumProvider, saplingProver, WebSocket: WebSocketClass,
  usb = globalThis.navigator?.usb, moduleOptions = {} } = {}) {
  const conf = typeof config === 'string' ? JSON.parse(config) : { ...(config ?? {}) };
  conf.rpc_password ??= generatedPassword();
  const store = storage ?? entry.defaultStorage();
  const pending = new Map();
  const listeners = new Map();
  let nextId = 1;
  let disposed = false;
  const host = {
    storageGet: (a) => store.storageGet(a),
    storageScan: (a) => store.storageScan(a),
    storageApplyBatch: (a) => store.storageApplyBatch(a),
    httpRequest,
    onAnswer(id, status, body) {
      const p = pending.get(id);
      pending.delete(id);
      p?.resolve({ status, body });
    },
    onEvent(clientId, frame) {
      listeners.get(clientId)?.(frame);
    },
  };
  const sockets = webSockets(WebSocketClass, (id, kind, text) => {
    if (!disposed) M.ccall('walletd_socket_event', null, ['number', 'number', 'string'], [id, kind, text]);
  });
  Object.assign(host, { socketOpen: sockets.socketOpen, socketSend: sockets.socketSend, socketClose: sockets.socketClose });
  if (ethereumProvider) {
    // EIP-1193: a refusal travels to the core as {code, message} (4001: the user said no).
    host.ethereumRequest = async ({ method, params }) => {
      try {
        return await ethereumProvider.request({ method, params });
      } catch (e) {
        throw new Error(JSON.stringify({ code: Number.isInteger(e?.code) ? e.code : -1, message: String(e?.message ?? e) }));
      }
    };
  }
  if (saplingProver) Object.assign(host, saplingHost(saplingProver));
  if (usb) Object.assign(host, webUsbHost(usb));
  // Marks for whoever profiles start-up (performance.getEntriesByType('mark')).
  const mark = (name) => globalThis.performance?.mark?.(`walletd:${name}`);
  mark('start');
  // The glue, the .wasm and the storage (IndexedDB's first open creates the database) load at once.
  const [factory, compiled] = await Promise.all([
    entry.loadFactory().then((f) => (mark('glue-loaded'), f)),
    entry.compileWasm(wasmUrl ?? entry.defaultWasmUrl()).then((m) => (mark('wasm-compiled'), m)),
    store.open?.(),
  ]);
  const M = await factory({
    ...moduleOptions,
    walletdHost: host,
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
      return {};
    },
  });
  mark('instantiated');
  M.walletdHost = host;
  M.walletdCompleteOp = (id, ok, result) => {
    if (!disposed) M.ccall('walletd_complete_op', null, ['number', 'number', 'string'], [id, ok ? 1 : 0, result]);
  };
  M.walletdDrain = () => M._walletd_drain();

  const invoke = (fn, ...args) => {
    if (disposed) return Promise.reject(new WalletdError(503, { error: 'walletd was disposed', error_type: 'Disposed' }));
    return new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, { resolve });
      const ptrs = args.map((s) => M.allocateUTF8(s));
      try {
        M[fn](id, ...ptrs);
      } finally {
        ptrs.forEach((p) => M._free(p));
      }
    });
  };
  const toText = (v) => (typeof v === 'string' ? v : JSON.stringify(v));
  const init = await invoke('_walletd_init', JSON.stringify(conf), toText(coins));
  if (init.status !== 0) throw new WalletdError(400, { error: init.body, error_type: 'InvalidConfig' });
  mark('node-started');
  let rpcId = 0;

  return {
    /** One request body (object or batch) → {status, body} exactly as the daemon answers. */
    request: (body) => invoke('_walletd_handle', toText(body)),
    /** One request body → the response body text. */
    handle: async (body) => (await invoke('_walletd_handle', toText(body))).body,
    /** `method(params)` → its result; a refusal throws WalletdError. No userpass needed. */
    async call(method, params = {}) {
      const id = ++rpcId;
      const answer = await invoke('_walletd_handle',
        JSON.stringify({ mmrpc: '2.0', userpass: conf.rpc_password, method, params, id }));
      let json;
      try { json = JSON.parse(answer.body); } catch { throw new WalletdError(answer.status, { error: answer.body }); }
      if (json.error !== undefined || answer.status >= 400) throw new WalletdError(answer.status, json);
      return json.result;
    },
    /**
     * Opens event stream `clientId` (the daemon's /event-stream?id=N); `onFrame(frame)` gets each
     * SSE frame text. Returns a function that closes it.
     */
    openEventStream(clientId, onFrame, { lastEventId } = {}) {
      if (disposed) throw new WalletdError(503, { error: 'walletd was disposed', error_type: 'Disposed' });
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
        if (!disposed) M._walletd_stream_disconnect(clientId);
      };
    },
    /** Stops this node: timers cleared, streams closed, calls in flight rejected; the module is
     * left to the garbage collector. Storage is not touched (close an IndexedDbStorage yourself). */
    dispose() {
      if (disposed) return;
      disposed = true;
      M.walletdDisposed = true;
      for (const handle of M.walletdTimers ?? []) clearTimeout(handle);
      for (const ws of sockets.sockets.values()) ws.close();
      sockets.sockets.clear();
      listeners.clear();
      const error = new WalletdError(503, { error: 'walletd was disposed', error_type: 'Disposed' });
      for (const p of pending.values()) p.resolve({ status: 503, body: JSON.stringify({ error: error.message, error_type: 'Disposed' }) });
      pending.clear();
    },
  };
}
