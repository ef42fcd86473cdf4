// A node behind a gate: it forwards JSON-RPC to a real node (ganache) while the gate is open;
// closed, it holds each request (counted in `held`) until open() lets them through in order. A
// test uses it to stop a client between two of its requests. stop() closes the listener.
import { listenLocal } from './local-server.mjs';

export class GatedNode {
  static async start(target) {
    const n = new GatedNode();
    n.target = target;
    n.waiting = [];
    n.held = 0;
    n.closed = false;
    n.http = await listenLocal((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        if (!n.closed) return n.forward(body, res);
        n.held++;
        n.waiting.push(() => n.forward(body, res));
      });
    });
    n.url = n.http.url;
    return n;
  }

  close() { this.closed = true; }

  open() {
    this.closed = false;
    for (const go of this.waiting.splice(0)) go();
  }

  async forward(body, res) {
    try {
      const answer = await fetch(this.target, { method: 'POST', headers: { 'content-type': 'application/json' }, body,
        signal: AbortSignal.timeout(10000) });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(await answer.text());
    } catch {
      res.destroy();
    }
  }

  async stop() {
    this.open();
    await this.http.close();
  }
}
