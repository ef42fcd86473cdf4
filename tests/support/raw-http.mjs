// Raw HTTP over node:net for the tests that must control every byte (slow clients, pipelining,
// malformed framing). Every wait is bounded.
import net from 'node:net';

/** Opens a TCP connection to 127.0.0.1:port; resolves the socket with `received` text. */
export function openSocket(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.received = '';
    socket.ended = false;
    socket.setEncoding('latin1');
    socket.on('data', (d) => { socket.received += d; });
    socket.on('close', () => { socket.ended = true; });
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

/** Resolves once `predicate(socket)` holds or the socket closed; rejects after `timeoutMs`. */
export async function waitUntil(socket, predicate, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate(socket) && !socket.ended) {
    if (Date.now() > deadline) throw new Error(`timed out; received so far: ${socket.received.slice(0, 200)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Sends `bytes`, waits for `count` complete responses (or close); resolves them parsed. */
export async function exchange(port, bytes, { count = 1, timeoutMs = 5000 } = {}) {
  const socket = await openSocket(port);
  socket.write(Buffer.from(bytes, 'latin1'));
  try {
    await waitUntil(socket, (s) => parseResponses(s.received).length >= count, timeoutMs);
  } finally {
    socket.destroy();
  }
  return parseResponses(socket.received);
}

/** Parses complete HTTP/1.1 responses (Content-Length framing) out of `text`. */
export function parseResponses(text) {
  const out = [];
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const head = rest.slice(0, end).split('\r\n');
    const status = Number(head[0].split(' ')[1]);
    const headers = {};
    for (const line of head.slice(1)) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    if (status === 100) { rest = rest.slice(end + 4); continue; }
    const length = Number(headers['content-length'] ?? NaN);
    if (Number.isNaN(length) || rest.length < end + 4 + length) break;
    const body = rest.slice(end + 4, end + 4 + length);
    out.push({ status, headers, body, json: (() => { try { return JSON.parse(body); } catch { return undefined; } })() });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}

/** A POST request's bytes with a JSON body. */
export function postBytes(body, { host = 'localhost', headers = '' } = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return `POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n${headers}Content-Length: ${Buffer.byteLength(text, 'latin1')}\r\n\r\n${text}`;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
