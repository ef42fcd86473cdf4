// A node that goes silent: it forwards JSON-RPC to a real node (ganache) until silence() is
// called, then accepts requests and never answers them. stop() resets every held connection.
import { createServer } from 'node:http';

export class SilentNode {
  static async start(target) {
    const n = new SilentNode();
    n.silent = false;
    n.held = 0;
    n.sockets = new Set();
    n.server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', async () => {
        if (n.silent) { n.held++; return; } // never answered
        try {
          const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body,
            signal: AbortSignal.timeout(10000) });
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(await answer.text());
        } catch {
          res.destroy();
        }
      });
    });
    n.server.on('connection', (s) => { n.sockets.add(s); s.on('close', () => n.sockets.delete(s)); });
    await new Promise((resolve) => n.server.listen(0, '127.0.0.1', resolve));
    n.url = `http://127.0.0.1:${n.server.address().port}`;
    return n;
  }

  silence() { this.silent = true; }

  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
