// An HTTP server for the peers: on 127.0.0.1 at a free port, and a close() that also ends the
// kept-alive connections (server.close alone waits for them), so a test's after() returns.
import { createServer } from 'node:http';

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
