// A line-based Electrum client for the peer tests: call() answers by id; notifications are
// collected in `notes`.
import { connect } from 'node:net';

export function client(url) {
  const [host, port] = url.split(':');
  const socket = connect(Number(port), host);
  const pending = new Map(), notes = [];
  let buffer = '', id = 0;
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    buffer += chunk;
    let i;
    while ((i = buffer.indexOf('\n')) >= 0) {
      const msg = JSON.parse(buffer.slice(0, i));
      buffer = buffer.slice(i + 1);
      if (msg.id !== undefined && pending.has(msg.id)) { pending.get(msg.id)(msg); pending.delete(msg.id); } else notes.push(msg);
    }
  });
  return {
    notes,
    call: (method, params = []) => new Promise((resolve) => {
      pending.set(++id, resolve);
      socket.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
    }),
    raw: (text) => socket.write(text),
    close: () => socket.destroy(),
  };
}
