// Trezor Bridge (trezord) in front of test devices, on 127.0.0.1: the HTTP API trezorlib's
// BridgeTransport and @trezor/transport use — every call a POST: "/" (version), /enumerate,
// /acquire/<path>/<previous session or null>, /release/<session>, /call/<session> with the
// message as hex (u16 type, u32 length, payload) answered by the device's next message in the
// same form. disconnect(path) pulls a device out: its call in flight fails as trezord's does and
// /enumerate stops listing it. A device that unplugs itself (TrezorTestDevice's disconnectAt or
// unplug()) is pulled out the same way. That is what trezord 2.x does when the USB device goes away
// under a session: the read of the call in flight fails, answered 400 {"error": "device
// disconnected during action"}; its next enumeration (a background one runs every 500 ms) no longer
// sees the device and releases the session, so later /call, /release on it get 400 {"error":
// "session not found"} and /acquire of the path "device not found". Every request is logged for tests.
import { createServer } from 'node:http';
import { decode, encode } from './wire.mjs';

function toHex({ id, payload }) {
  const head = Buffer.alloc(6);
  head.writeUInt16BE(id, 0);
  head.writeUInt32BE(payload.length, 2);
  return Buffer.concat([head, Buffer.from(payload)]).toString('hex');
}

function fromHex(text) {
  const bytes = Buffer.from(text.trim(), 'hex');
  if (bytes.length < 6 || bytes.readUInt32BE(2) !== bytes.length - 6) throw new Error('malformed message');
  return { id: bytes.readUInt16BE(0), payload: bytes.subarray(6) };
}

// devices: [{ path, device }] (a TrezorTestDevice each).
export async function listenBridge(devices) {
  let nextSession = 1;
  const sessions = new Map();  // session → path
  const pending = new Map();   // path → reject of the call in flight
  const present = new Set(devices.map((d) => d.path));
  const log = [];
  const byPath = new Map(devices.map((d) => [d.path, d.device]));
  const sessionOf = (path) => [...sessions].find(([, p]) => p === path)?.[0] ?? null;

  const routes = {
    '': () => ({ version: '2.0.33' }),
    enumerate: () => [...present].map((path) => ({ path, session: sessionOf(path), product: 0x53c1, vendor: 0x1209,
      debug: false, debugSession: null })),
    acquire: ([path, previous]) => {
      if (!present.has(path)) throw Object.assign(new Error('device not found'), { status: 400 });
      if (String(sessionOf(path)) !== String(previous === 'null' ? null : previous)) {
        throw Object.assign(new Error('wrong previous session'), { status: 400 });
      }
      for (const [s, p] of sessions) if (p === path) sessions.delete(s);
      const session = String(nextSession++);
      sessions.set(session, path);
      return { session };
    },
    release: ([session]) => {
      if (!sessions.delete(session)) throw Object.assign(new Error('session not found'), { status: 400 });
      return {};
    },
    call: ([session], body) => {
      const path = sessions.get(session);
      if (!path || !present.has(path)) throw Object.assign(new Error('session not found'), { status: 400 });
      const device = byPath.get(path);
      const { id, payload } = fromHex(body);
      return new Promise((resolve, reject) => {
        pending.set(path, reject);
        device.attach((name, fields) => {
          pending.delete(path);
          resolve(toHex(encode(name, fields)));
        });
        device.receive(decode(id, payload));
      });
    },
  };

  // The device is gone: the call in flight fails, the path leaves /enumerate, its sessions end.
  function disconnect(path) {
    present.delete(path);
    pending.get(path)?.(Object.assign(new Error('device disconnected during action'), { status: 400 }));
    pending.delete(path);
    for (const [s, p] of sessions) if (p === path) sessions.delete(s);
  }
  for (const { path, device } of devices) device.onDisconnect?.(() => disconnect(path));

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const [route, ...args] = new URL(req.url, 'http://x').pathname.slice(1).split('/');
      log.push(`${req.method} /${[route, ...args].join('/')}`);
      const handler = routes[route];
      try {
        if (req.method !== 'POST' || !handler) throw Object.assign(new Error('not found'), { status: 404 });
        const answer = await handler(args, body);
        const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
        res.writeHead(200, { 'content-type': typeof answer === 'string' ? 'text/plain' : 'application/json' });
        res.end(text);
      } catch (e) {
        res.writeHead(e.status ?? 400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: e.message }));
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    log,
    disconnect,
    connect(path) {
      present.add(path);
    },
    close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(resolve); }),
  };
}
