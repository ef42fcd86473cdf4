// The daemon's NativeStreamConnector (tests/support/stream_probe, the real connector on a real
// core thread) against `ws` 8 servers: ws:// and wss:// are RFC 6455 clients whose lines are
// WebSocket text messages — the handshake's path and Host, masked frames (`ws` refuses unmasked
// ones), 16- and 64-bit lengths, a message with newlines kept whole (CometBFT indents its JSON),
// pings answered with the same data, fragments reassembled, the server's close echoed and ending
// the stream, an oversize message refused with 1009, refused handshakes and a silent server; and
// tcp:// / ssl:// still newline-delimited after the refactor.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { join } from 'node:path';
import { once } from 'node:events';
import { WebSocketServer } from 'ws';
import { makeTestCertificates } from '../peers/tls-proxy.mjs';
import { repoRoot, tempDir, cleanup } from '../support/walletd-process.mjs';

const MAX_LINE = 8 << 20;  // NativeStreamConnector::kMaxLineBytes
let probe, pending = [], buffered = '', dir, certs;
const servers = [], rawSockets = new Set();

function probeBinary() {
  const found = ['native-release', 'native-debug'].map((p) => join(repoRoot, 'build', p, 'tests/support/stream_probe')).find(existsSync);
  if (!found) throw new Error('stream_probe not built');
  return found;
}

/** Sends one command to stream_probe; resolves its JSON answer (bounded by a timeout). */
function ask(command, timeoutMs = 10000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stream_probe did not answer ${command.op}`)), timeoutMs);
    pending.push((answer) => { clearTimeout(timer); resolve(answer); });
    probe.stdin.write(JSON.stringify(command) + '\n');
  });
}

const listen = async (server) => { servers.push(server); server.listen(0, '127.0.0.1'); await once(server, 'listening'); return server.address().port; };

/**
 * A `ws` server on /websocket (other paths: 404) over `server` (http or https). `connections`
 * lists each connection with what it received; echo mode sends every text message back.
 */
async function startWs(server, { echo = true } = {}) {
  const wss = new WebSocketServer({ noServer: true });
  const s = { connections: [], wss };
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url, 'http://x').pathname !== '/websocket') {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const c = { ws, req, received: [], pongs: [], closed: null };
      c.closedPromise = new Promise((resolve) => ws.on('close', (code, reason) => { c.closed = { code, reason: String(reason) }; resolve(c.closed); }));
      ws.on('message', (data, isBinary) => {
        c.received.push({ text: String(data), isBinary });
        if (echo) ws.send(String(data));
      });
      ws.on('pong', (data) => c.pongs.push(String(data)));
      ws.on('error', () => {});
      s.connections.push(c);
    });
  });
  s.port = await listen(server);
  s.last = () => s.connections.at(-1);
  return s;
}

/** A raw TCP server that answers the handshake with `answer(acceptValue)` (bytes or string). */
async function startRaw(answer) {
  const server = createTcpServer((socket) => {
    rawSockets.add(socket);
    let head = '', answered = false;
    socket.on('data', (d) => {
      head += d;
      const key = /sec-websocket-key: *(\S+)/i.exec(head)?.[1];
      if (answered || !head.includes('\r\n\r\n') || !key) return;
      answered = true;
      const accept = createHash('sha1').update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
      const reply = answer(accept);
      if (reply !== null) socket.write(reply);
    });
    socket.on('error', () => {});
  });
  return listen(server);
}

const switching = (accept) => `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`;
const until = async (check, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) { assert.ok(Date.now() < end, 'timed out'); await new Promise((r) => setTimeout(r, 10)); }
};

let plain, secure, rogue;

before(async () => {
  dir = tempDir('walletd-ws-');
  certs = makeTestCertificates(dir);
  plain = await startWs(createHttpServer((req, res) => { res.writeHead(426); res.end(); }));
  secure = await startWs(createHttpsServer({ cert: readFileSync(certs.cert), key: readFileSync(certs.key) }));
  rogue = await startWs(createHttpsServer({ cert: readFileSync(certs.rogueCert), key: readFileSync(certs.rogueKey) }));
  probe = spawn(probeBinary(), [], { env: { ...process.env, SSL_CERT_FILE: certs.ca } });
  probe.stdout.setEncoding('utf8');  // a character may straddle two chunks
  probe.stdout.on('data', (d) => {
    buffered += d;
    let nl;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      pending.shift()?.(JSON.parse(line));
    }
  });
});

after(async () => {
  probe?.stdin.end();
  if (probe && probe.exitCode === null) {
    const timer = setTimeout(() => probe.kill('SIGKILL'), 5000);
    await once(probe, 'exit');
    clearTimeout(timer);
  }
  for (const s of [plain, secure, rogue]) for (const c of s?.connections ?? []) c.ws.terminate();
  for (const socket of rawSockets) socket.destroy();
  for (const server of servers) { server.closeAllConnections?.(); server.close(); }
  cleanup(dir);
});

test('the daemon opens tcp, ssl, ws and wss streams', async () => {
  for (const scheme of ['tcp', 'ssl', 'ws', 'wss']) assert.deepEqual(await ask({ op: 'supports', scheme }), { supports: true }, scheme);
  assert.deepEqual(await ask({ op: 'supports', scheme: 'http' }), { supports: false });
  assert.match((await ask({ op: 'connect', id: 'x', url: `http://127.0.0.1:${plain.port}/websocket` })).error, /tcp:\/\/, ssl:\/\/, ws:\/\/ and wss:\/\//);
});

test('ws://: the handshake, one text message per line both ways, 16- and 64-bit lengths', async () => {
  assert.deepEqual(await ask({ op: 'connect', id: 'a', url: `ws://127.0.0.1:${plain.port}/websocket?client=walletd#frag` }), { ok: true });
  const c = plain.last();
  assert.equal(c.req.url, '/websocket?client=walletd');
  assert.equal(c.req.headers.host, `127.0.0.1:${plain.port}`);
  assert.equal(c.req.headers['sec-websocket-version'], '13');
  assert.equal(Buffer.from(c.req.headers['sec-websocket-key'], 'base64').length, 16);
  const subscribe = JSON.stringify({ jsonrpc: '2.0', method: 'subscribe', id: 0, params: { query: "tm.event='NewBlock'" } });
  assert.deepEqual(await ask({ op: 'write', id: 'a', line: subscribe }), { ok: true });
  assert.deepEqual(await ask({ op: 'read', id: 'a' }), { line: subscribe });
  assert.deepEqual(c.received, [{ text: subscribe, isBinary: false }]);  // masked (ws refuses unmasked), text
  for (const size of [125, 126, 200, 65535, 65536, 70000, 1 << 20]) {
    const line = 'é'.repeat(size / 2) + 'x'.repeat(size % 2);
    assert.deepEqual(await ask({ op: 'write', id: 'a', line }), { ok: true });
    assert.equal((await ask({ op: 'read', id: 'a' })).line, line, `${size}`);
  }
  const indented = JSON.stringify({ jsonrpc: '2.0', id: 0, result: {} }, null, 2);  // CometBFT's style
  c.ws.send(indented);
  c.ws.send('');
  c.ws.send(Buffer.from('binary'), { binary: true });
  assert.deepEqual(await ask({ op: 'read', id: 'a' }), { line: indented });
  assert.deepEqual(await ask({ op: 'read', id: 'a' }), { line: '' });
  assert.deepEqual(await ask({ op: 'read', id: 'a' }), { line: 'binary' });
  assert.deepEqual(await ask({ op: 'close', id: 'a' }), { ok: true });
  assert.deepEqual(await c.closedPromise, { code: 1000, reason: '' });  // the client said goodbye
});

test('ws://: a ping is answered with its data; fragments (a ping between them) are one line', async () => {
  assert.deepEqual(await ask({ op: 'connect', id: 'b', url: `ws://127.0.0.1:${plain.port}/websocket` }), { ok: true });
  const c = plain.last();
  c.ws.ping('are you there');
  await until(() => c.pongs.length === 1);
  assert.deepEqual(c.pongs, ['are you there']);
  c.ws.send('{"jsonrpc":"2.0",', { fin: false });
  c.ws.ping('between');
  c.ws.send('"id":1,', { fin: false });
  c.ws.send('"result":{}}', { fin: true });
  assert.deepEqual(await ask({ op: 'read', id: 'b' }), { line: '{"jsonrpc":"2.0","id":1,"result":{}}' });
  await until(() => c.pongs.length === 2);
  assert.equal(c.pongs[1], 'between');
  assert.deepEqual(await ask({ op: 'write', id: 'b', line: 'still open' }), { ok: true });
  assert.deepEqual(await ask({ op: 'read', id: 'b' }), { line: 'still open' });
  await ask({ op: 'close', id: 'b' });
});

test('ws://: the server\'s close is echoed and ends the stream after the lines before it', async () => {
  assert.deepEqual(await ask({ op: 'connect', id: 'c', url: `ws://127.0.0.1:${plain.port}/websocket` }), { ok: true });
  const c = plain.last();
  c.ws.send('last words');
  c.ws.close(1001, 'going away');
  assert.deepEqual(await c.closedPromise, { code: 1001, reason: '' });  // our close echoed the code
  assert.deepEqual(await ask({ op: 'read', id: 'c' }), { line: 'last words' });
  assert.match((await ask({ op: 'read', id: 'c' })).error, /the server closed the connection \(WebSocket close 1001 going away\)/);
  assert.match((await ask({ op: 'write', id: 'c', line: 'x' })).error, /WebSocket close 1001/);
  await ask({ op: 'close', id: 'c' });
  // A server that just drops the connection ends the stream as a TCP server does.
  assert.deepEqual(await ask({ op: 'connect', id: 'd', url: `ws://127.0.0.1:${plain.port}/websocket` }), { ok: true });
  plain.last().ws.terminate();
  assert.match((await ask({ op: 'read', id: 'd' })).error, /^the server closed the connection$/);
  await ask({ op: 'close', id: 'd' });
});

test('ws://: a message over 8 MiB (whole or in fragments) is refused with close 1009', async () => {
  for (const fragments of [[MAX_LINE + 1], [MAX_LINE / 2, MAX_LINE / 2, 1]]) {
    assert.deepEqual(await ask({ op: 'connect', id: 'e', url: `ws://127.0.0.1:${plain.port}/websocket` }), { ok: true });
    const c = plain.last();
    c.ws.send('fine');
    fragments.forEach((size, i) => c.ws.send('x'.repeat(size), { fin: i === fragments.length - 1 }));
    assert.deepEqual(await ask({ op: 'read', id: 'e' }), { line: 'fine' });
    assert.match((await ask({ op: 'read', id: 'e' })).error, /the server sent a WebSocket message over 8 MiB/);
    assert.equal((await c.closedPromise).code, 1009);  // the rest was read and dropped, not reset
    await ask({ op: 'close', id: 'e' });
  }
});

test('ws://: refused handshakes, a silent server, frames right after the 101, a masked frame', async () => {
  assert.match((await ask({ op: 'connect', id: 'f', url: `ws://127.0.0.1:${plain.port}/other` })).error,
    /WebSocket handshake with 127\.0\.0\.1:\d+: the server answered "HTTP\/1\.1 404 Not Found"/);
  const wrongAccept = await startRaw(() => switching('AAAAAAAAAAAAAAAAAAAAAAAAAAA='));
  assert.match((await ask({ op: 'connect', id: 'f', url: `ws://127.0.0.1:${wrongAccept}` })).error, /Sec-WebSocket-Accept does not match/);
  const silent = await startRaw(() => null);
  const started = Date.now();
  assert.match((await ask({ op: 'connect', id: 'f', url: `ws://127.0.0.1:${silent}/`, timeout_ms: 600 })).error, /handshake .*: timed out/);
  assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
  // The first frames may share the 101's packet: they are the first lines.
  const eager = await startRaw((accept) => Buffer.concat([Buffer.from(switching(accept)), Buffer.from([0x81, 0x02, 0x68, 0x69, 0x81, 0x00])]));
  assert.deepEqual(await ask({ op: 'connect', id: 'g', url: `ws://127.0.0.1:${eager}` }), { ok: true });
  assert.deepEqual(await ask({ op: 'read', id: 'g' }), { line: 'hi' });
  assert.deepEqual(await ask({ op: 'read', id: 'g' }), { line: '' });
  await ask({ op: 'close', id: 'g' });
  const masking = await startRaw((accept) => Buffer.concat([Buffer.from(switching(accept)),
    Buffer.from([0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58])]));  // RFC 6455 5.7
  assert.deepEqual(await ask({ op: 'connect', id: 'h', url: `ws://127.0.0.1:${masking}` }), { ok: true });
  assert.match((await ask({ op: 'read', id: 'h' })).error, /masked a frame/);
  await ask({ op: 'close', id: 'h' });
});

test('wss://: TLS checked against the trust store (SSL_CERT_FILE), unless verification is off', async () => {
  assert.deepEqual(await ask({ op: 'connect', id: 's', url: `wss://127.0.0.1:${secure.port}/websocket` }), { ok: true });
  const c = secure.last();
  assert.equal(c.req.headers.host, `127.0.0.1:${secure.port}`);
  const line = 'y'.repeat(100000);
  assert.deepEqual(await ask({ op: 'write', id: 's', line }), { ok: true });
  assert.equal((await ask({ op: 'read', id: 's' })).line, line);
  c.ws.ping('tls');
  await until(() => c.pongs.length === 1);
  c.ws.close(1000);
  assert.equal((await c.closedPromise).code, 1000);
  assert.match((await ask({ op: 'read', id: 's' })).error, /WebSocket close 1000/);
  await ask({ op: 'close', id: 's' });

  assert.match((await ask({ op: 'connect', id: 't', url: `wss://127.0.0.1:${rogue.port}/websocket` })).error, /certificate is not trusted/);
  assert.deepEqual(await ask({ op: 'connect', id: 't', url: `wss://127.0.0.1:${rogue.port}/websocket`, verify: false }), { ok: true });
  assert.deepEqual(await ask({ op: 'write', id: 't', line: 'unverified' }), { ok: true });
  assert.deepEqual(await ask({ op: 'read', id: 't' }), { line: 'unverified' });
  await ask({ op: 'close', id: 't' });
  assert.deepEqual(await rogue.last().closedPromise, { code: 1000, reason: '' });
});

test('tcp:// and ssl:// stay newline-delimited: lines split across packets, several per packet', async () => {
  const attach = (socket) => {
    let buffer = '';
    socket.on('data', (d) => {
      buffer += d;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line === 'split') { socket.write('{"par'); setTimeout(() => socket.write('t":1}\n'), 30); } else socket.write(`${line}\n${line}!\n`);
      }
    });
    socket.on('error', () => {});
    rawSockets.add(socket);
  };
  const tcp = await listen(createTcpServer(attach));
  const ssl = await listen(createTlsServer({ cert: readFileSync(certs.cert), key: readFileSync(certs.key) }, attach));
  for (const url of [`tcp://127.0.0.1:${tcp}`, `127.0.0.1:${tcp}`, `ssl://127.0.0.1:${ssl}`]) {
    assert.deepEqual(await ask({ op: 'connect', id: 'n', url }), { ok: true }, url);
    await ask({ op: 'write', id: 'n', line: 'hello' });
    assert.deepEqual(await ask({ op: 'read', id: 'n' }), { line: 'hello' });
    assert.deepEqual(await ask({ op: 'read', id: 'n' }), { line: 'hello!' });
    await ask({ op: 'write', id: 'n', line: 'split' });
    assert.deepEqual(await ask({ op: 'read', id: 'n' }), { line: '{"part":1}' });
    await ask({ op: 'close', id: 'n' });
  }
});
