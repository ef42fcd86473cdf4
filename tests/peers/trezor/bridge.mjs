// Trezor Bridge (trezord-go 2.0.33) in front of test devices, on 127.0.0.1. It answers as the real
// daemon does: every shape, status and error text below is recorded, with its source lines, in
// tests/peers/trezor/recorded/trezord-2.0.md (checked by tests/integration/trezor-bridge-shapes).
//
// - Every API route is a POST and needs an Origin header of Trezor's: https://*.trezor.io or
//   http(s)://localhost:5xxx/8xxx (trezorlib sends https://python.trezor.io). Without one: 403 with
//   an empty body. Unknown path: 404 "404 page not found\n"; an API path with another method: 405.
// - JSON answers end with "\n" and are sniffed by Go as text/plain; charset=utf-8. Every error is
//   400 {"error":"<text>"}\n.
// - "/" and "/configure" → {"version":"2.0.33"}. /enumerate → [{path, vendor, product, debug, session,
//   debugSession}] in that field order, session/debugSession a string or null, sorted by path as
//   strings. A path is trezord's device id, given by an enumeration (biggest id + 1 for a device not
//   seen before) and forgotten when the device is no longer seen: a device plugged in again gets a
//   new path, and /acquire of a path no enumeration has listed is "device not found".
// - /listen (body: the previous list) answers when an enumeration (every 500 ms) differs, else after
//   600 rounds with the list it was given.
// - /acquire/<path>/<previous or null> → {"session":"<n>"}, sessions counted from 1 over the whole
//   process; a previous session that is not the current one is "wrong previous session"; the right
//   one is taken over (a call in flight on it fails "closed device").
// - /release/<session> → {"session":"<session>"} (the route's variables, as trezord encodes them).
// - /call/<session>: hex of (u16 type, u32 length, payload) in, the device's next message the same
//   way out (lowercase, no newline); /post writes only (200, empty body), /read reads only.
// - The device goes away (disconnect(path), or the device's own unplug(): TrezorTestDevice's
//   disconnectAt): the call in flight fails "device disconnected during action", and so does any
//   call on its session until the next enumeration (an /enumerate, a /listen round or the 500 ms
//   background one) releases the session; after that "session not found".
// - A client that closes its request while its call waits loses the session (trezord's auto-release).
// Not emulated: the debug link (/debug/...), the status page (/status/), and a debug build's
// disabled CORS. Every request is logged for tests ("POST /acquire/1/null").
import { createServer } from 'node:http';
import { decode, encode } from './wire.mjs';

const VERSION = '2.0.33';
const ITER_DELAY_MS = 500;   // core.go iterDelay: background enumeration and /listen rounds
const ITER_MAX = 600;        // core.go iterMax: /listen rounds
const ORIGINS = [/^https:\/\/([A-Za-z0-9\-_]+\.)*trezor\.io$/, /^https?:\/\/localhost:[58][0-9]{3}$/];

class BridgeError extends Error {}

// Go's %#U of one byte (hex.InvalidByteError formats rune(byte)): "U+0078 'x'", "U+000A" when not printable.
function goRune(byte) {
  const code = `U+${byte.toString(16).toUpperCase().padStart(4, '0')}`;
  const printable = (byte >= 0x20 && byte <= 0x7e) || (byte >= 0xa1 && byte !== 0xad);
  return printable ? `${code} '${String.fromCharCode(byte)}'` : code;
}

// encoding/hex.DecodeString over the raw body bytes, with its error texts.
function goHexDecode(bytes) {
  const value = (b) => (b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x61 && b <= 0x66 ? b - 0x57 : b >= 0x41 && b <= 0x46 ? b - 0x37 : -1);
  const out = Buffer.alloc(bytes.length >> 1);
  let j = 1;
  for (; j < bytes.length; j += 2) {
    const a = value(bytes[j - 1]);
    const b = value(bytes[j]);
    if (a < 0) throw new BridgeError(`encoding/hex: invalid byte: ${goRune(bytes[j - 1])}`);
    if (b < 0) throw new BridgeError(`encoding/hex: invalid byte: ${goRune(bytes[j])}`);
    out[(j - 1) >> 1] = (a << 4) | b;
  }
  if (bytes.length % 2 === 1) {
    if (value(bytes[j - 1]) < 0) throw new BridgeError(`encoding/hex: invalid byte: ${goRune(bytes[j - 1])}`);
    throw new BridgeError('encoding/hex: odd length hex string');
  }
  return out;
}

// wire.Validate: protobuf fields of wire type 0 (varint) or 2 (length-delimited) only.
function validProtobuf(buf) {
  let i = 0;
  const uvarint = () => {
    let v = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (i >= buf.length) throw new Error('EOF');
      const b = buf[i++];
      v |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    throw new Error('overflow');
  };
  try {
    while (i < buf.length) {
      const type = uvarint() & 7n;
      if (type !== 0n && type !== 2n) return false;
      const value = uvarint();
      if (type === 2n) {
        if (value > 4n * 1024n * 1024n) return false;
        i += Number(value);  // bytes.Reader.Seek past the end is no error
      }
    }
    return true;
  } catch {
    return false;
  }
}

// core.decodeRaw: u16 type, u32 length, payload of that length and valid protobuf — else "malformed data".
function decodeRaw(bin) {
  if (bin.length < 6 || bin.readUInt32BE(2) !== bin.length - 6 || !validProtobuf(bin.subarray(6))) {
    throw new BridgeError('malformed data');
  }
  return { id: bin.readUInt16BE(0), payload: bin.subarray(6) };
}

function encodeRaw({ id, payload }) {
  const head = Buffer.alloc(6);
  head.writeUInt16BE(id, 0);
  head.writeUInt32BE(payload.length, 2);
  return Buffer.concat([head, Buffer.from(payload)]);
}

// strconv.Atoi's outcome for a path: the id, or its error text.
function atoi(text) {
  const syntax = new BridgeError(`strconv.Atoi: parsing ${JSON.stringify(text)}: invalid syntax`);
  if (!/^[+-]?[0-9]+$/.test(text)) throw syntax;
  const n = BigInt(text);
  if (n > 9223372036854775807n || n < -9223372036854775808n) {
    throw new BridgeError(`strconv.Atoi: parsing ${JSON.stringify(text)}: value out of range`);
  }
  return Number(n);
}

// Go's json.Encoder output: HTML-escaped, with a trailing newline.
function goJson(value) {
  return `${JSON.stringify(value).replace(/[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}

// /listen's body decoded as []core.EnumerateEntry: Go's error texts for the common failures.
function decodeEntries(text) {
  const trimmed = text.trim();
  if (trimmed === '') throw new BridgeError('EOF');
  let value;
  try {
    value = JSON.parse(trimmed);
  } catch {
    throw new BridgeError(`invalid character '${trimmed[0]}' looking for beginning of value`);
  }
  if (value === null) return null;  // a nil slice: never DeepEqual to an enumeration
  if (!Array.isArray(value)) {
    const kind = typeof value === 'object' ? 'object' : typeof value === 'boolean' ? 'bool' : typeof value;
    throw new BridgeError(`json: cannot unmarshal ${kind} into Go value of type []core.EnumerateEntry`);
  }
  return value.map((e) => ({ path: typeof e?.path === 'string' ? e.path : '', vendor: Number.isInteger(e?.vendor) ? e.vendor : 0,
    product: Number.isInteger(e?.product) ? e.product : 0, debug: e?.debug === true,
    session: typeof e?.session === 'string' ? e.session : null, debugSession: typeof e?.debugSession === 'string' ? e.debugSession : null }));
}

const byPathString = (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

// devices: [{ path, device, vendor?, product?, debug? }] — `path` names the device on the "bus" (what
// disconnect/connect take); the path trezord lists is its own id, the same for the devices present at
// the first enumeration in the order given. vendor/product default to a T1/T2 firmware over WebUSB.
export async function listenBridge(devices) {
  const bus = devices.map(({ path, device, vendor = 0x1209, product = 0x53c1, debug = false }) => ({ key: path, device, vendor, product, debug }));
  const byKey = new Map(bus.map((d) => [d.key, d]));
  const present = new Set(bus.map((d) => d.key));
  const log = [];
  const usbPaths = new Map();  // id → bus key (core.go c.usbPaths)
  let biggestID = 0;
  let lastInfos = [];          // [{ id, key, vendor, product, debug }]
  let callsInProgress = 0;
  let latestSessionID = 0;
  const sessions = new Map();  // session → { path (as acquired), key, busy }
  const conn = new Map();      // bus key → { replies: [], reader: null } while a session holds it open

  // The device's answers queue on its connection, for the call or read that reads them next.
  for (const entry of bus) {
    entry.device.onDisconnect?.(() => disconnect(entry.key));
  }
  function open(key) {
    const c = { replies: [], reader: null };
    conn.set(key, c);
    byKey.get(key).device.attach((name, fields) => {
      if (conn.get(key) !== c) return;
      const bytes = encodeRaw(encode(name, fields));
      if (c.reader) {
        const { resolve } = c.reader;
        c.reader = null;
        resolve(bytes);
      } else {
        c.replies.push(bytes);
      }
    });
  }
  // Closing the device (release, take-over): a read in flight fails as webusb's closed handle does.
  function close(key, error = 'closed device') {
    const c = conn.get(key);
    conn.delete(key);
    c?.reader?.reject(new BridgeError(error));
  }
  function release(session) {
    const s = sessions.get(session);
    if (!s) throw new BridgeError('session not found');
    sessions.delete(session);
    close(s.key);
  }

  function enumerate() {
    let infos = lastInfos;
    if (callsInProgress === 0) {
      const seen = bus.filter((d) => present.has(d.key));
      for (const d of seen) {
        if (![...usbPaths.values()].includes(d.key)) usbPaths.set(++biggestID, d.key);
      }
      for (const [id, key] of usbPaths) if (!present.has(key)) usbPaths.delete(id);
      const idOf = new Map([...usbPaths].map(([id, key]) => [key, String(id)]));
      infos = seen.map((d) => ({ id: idOf.get(d.key), key: d.key, vendor: d.vendor, product: d.product, debug: d.debug }));
      lastInfos = infos;
    }
    const entries = infos.map((info) => {
      const held = [...sessions].find(([, s]) => s.path === info.id);
      return { path: info.id, vendor: info.vendor, product: info.product, debug: info.debug, session: held ? held[0] : null, debugSession: null };
    }).sort(byPathString);
    for (const [id, s] of [...sessions]) {
      if (!infos.some((info) => info.id === s.path)) {
        sessions.delete(id);
        close(s.key, 'device disconnected during action');
      }
    }
    return entries;
  }
  const background = setInterval(() => { if (lastInfos.length > 0) enumerate(); }, ITER_DELAY_MS);
  background.unref();

  async function acquire(path, previous) {
    const prev = previous === undefined || previous === 'null' ? '' : previous;
    const current = [...sessions].find(([, s]) => s.path === path)?.[0] ?? '';
    if (current !== prev) throw new BridgeError('wrong previous session');
    if (prev !== '') release(prev);
    const key = usbPaths.get(atoi(path));
    if (key === undefined) throw new BridgeError('device not found');
    if (!present.has(key)) {
      await new Promise((resolve) => setTimeout(resolve, 300));  // tryConnect: 3 retries 100 ms apart
      throw new BridgeError('device not found');
    }
    const session = String(++latestSessionID);
    sessions.set(session, { path, key, busy: false });
    open(key);
    return { session };
  }

  // mode: 'call' (write, read), 'post' (write only, not held back by a call in flight), 'read'.
  async function call(mode, session, body, closed) {
    const message = mode === 'read' ? null : goHexDecode(body);
    const s = sessions.get(session);
    if (!s) throw new BridgeError('session not found');
    if (mode !== 'post') {
      if (s.busy) throw new BridgeError('other call in progress');
      s.busy = true;
    }
    callsInProgress++;
    try {
      const raw = message && decodeRaw(message);
      if (closed()) return '';
      const c = conn.get(s.key);
      if (!c) throw new BridgeError('closed device');
      if (raw) {
        if (!present.has(s.key)) throw new BridgeError('device disconnected during action');
        let decoded;
        try {
          decoded = decode(raw.id, raw.payload);
        } catch {
          decoded = null;  // not a message the firmware knows: it answers Failure, as Trezor's firmware does
        }
        const { device } = byKey.get(s.key);
        if (decoded) device.receive(decoded);
        else c.replies.push(encodeRaw(encode('Failure', { code: 'Failure_UnexpectedMessage', message: 'Unexpected message' })));
      }
      if (mode === 'post') return '';
      if (!present.has(s.key)) throw new BridgeError('device disconnected during action');
      const reply = c.replies.length ? c.replies.shift() : await new Promise((resolve, reject) => { c.reader = { resolve, reject }; });
      return reply.toString('hex');
    } finally {
      callsInProgress--;
      if (mode !== 'post') s.busy = false;
    }
  }
  // The device is gone: the read in flight fails, the path leaves the next enumeration.
  function disconnect(key) {
    present.delete(key);
    const c = conn.get(key);
    if (c?.reader) {
      const { reject } = c.reader;
      c.reader = null;
      reject(new BridgeError('device disconnected during action'));
    }
  }

  async function listen(text, closed) {
    const given = decodeEntries(text);
    let entries = given === null ? null : [...given].sort(byPathString);
    for (let i = 0; i < ITER_MAX; i++) {
      const now = enumerate();
      if (entries === null || JSON.stringify(now) !== JSON.stringify(entries)) return now;
      if (closed()) return null;
      await new Promise((resolve) => setTimeout(resolve, ITER_DELAY_MS));
    }
    return entries;
  }

  const routes = [
    [/^\/$/, () => goJson({ version: VERSION })],
    [/^\/configure$/, () => goJson({ version: VERSION })],
    [/^\/listen$/, (m, body, closed) => listen(body.toString(), closed).then(goJson)],
    [/^\/enumerate$/, () => goJson(enumerate())],
    [/^\/acquire\/([^/]+)(?:\/([^/]+))?$/, (m) => acquire(m[1], m[2]).then(goJson)],
    [/^\/release\/([^/]+)$/, (m) => { release(m[1]); return goJson({ session: m[1] }); }],
    [/^\/call\/([^/]+)$/, (m, body, closed) => call('call', m[1], body, closed)],
    [/^\/post\/([^/]+)$/, (m, body, closed) => call('post', m[1], body, closed)],
    [/^\/read\/([^/]+)$/, (m, body, closed) => call('read', m[1], body, closed)],
  ];

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const path = new URL(req.url, 'http://x').pathname;
      log.push(`${req.method} ${path}`);
      const send = (status, text, headers = {}) => {
        if (res.writableEnded || res.destroyed) return;
        const body = Buffer.from(text);
        res.writeHead(status, { ...(body.length ? { 'Content-Type': 'text/plain; charset=utf-8' } : {}),
          'Content-Length': body.length, ...headers });
        res.end(body);
      };
      const origin = req.headers.origin ?? '';
      if (req.method === 'GET' && path === '/') {
        if (origin !== '') { send(403, ''); return; }
        // http.Redirect's body for a GET, and its Content-Type.
        const location = 'http://127.0.0.1:21325/status/';
        send(301, `<a href="${location}">Moved Permanently</a>.\n\n`, { Location: location, 'Content-Type': 'text/html; charset=utf-8' });
        return;
      }
      const route = routes.find(([pattern]) => pattern.test(path));
      if (!route) { send(404, '404 page not found\n', { 'X-Content-Type-Options': 'nosniff' }); return; }
      if (req.method !== 'POST') { send(405, ''); return; }
      if (!ORIGINS.some((pattern) => pattern.test(origin))) { send(403, ''); return; }
      let ended = false;
      res.on('close', () => { ended = true; });
      const closed = () => ended && !res.writableEnded;
      try {
        const text = await route[1](path.match(route[0]), Buffer.concat(chunks), closed);
        if (closed()) return;
        send(200, text ?? '', { 'Access-Control-Allow-Origin': origin });
      } catch (e) {
        if (!(e instanceof BridgeError)) throw e;
        send(400, goJson({ error: e.message }), { 'Access-Control-Allow-Origin': origin });
      }
    });
  });
  // A call whose client has gone: its session is released at once (trezord's ctx.Done watcher in
  // core.Call), which closes the device under the read in flight.
  server.on('request', (req, res) => {
    res.on('close', () => {
      const [, session] = new URL(req.url, 'http://x').pathname.match(/^\/(?:call|post|read)\/([^/]+)$/) ?? [];
      if (!res.writableEnded && session && sessions.has(session)) release(session);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    log,
    disconnect,
    connect(key) {
      present.add(key);
    },
    close: () => new Promise((resolve) => {
      clearInterval(background);
      server.closeAllConnections?.();
      server.close(resolve);
    }),
  };
}
