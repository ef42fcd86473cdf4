// A node that goes silent: it forwards JSON-RPC to a real node (ganache) until silence() is
// called, then accepts requests and never answers them. stop() resets every held connection.
import { listenLocal } from './local-server.mjs';

export class SilentNode {
  static async start(target) {
    const n = new SilentNode();
    n.silent = false;
    n.held = 0;
    n.http = await listenLocal((req, res) => {
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
    n.url = n.http.url;
    return n;
  }

  silence() { this.silent = true; }

  async stop() {
    await this.http.close();
  }
}
