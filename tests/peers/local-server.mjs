// An HTTP server for the peers: on 127.0.0.1 at a free port, and a close() that also ends the
// kept-alive connections (server.close alone waits for them), so a test's after() returns.
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';

/** Starts `handler` on 127.0.0.1; resolves {server, url, close()}. */
export async function listenLocal(handler) {
  const server = createServer(handler);
  const sockets = new Set();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${server.address().port}`,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A TCP port free on 127.0.0.1 now, for a peer that must be told its port before it starts. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
