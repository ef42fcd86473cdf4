// A TLS front for an HTTP JSON-RPC node (here ganache), so walletd's HTTPS path meets a real
// OpenSSL server: certificates come from the openssl CLI — a test CA with a server certificate
// for 127.0.0.1, and a self-signed certificate no CA vouches for. Listens on 127.0.0.1 only.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { join } from 'node:path';

function openssl(args, cwd) {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * Writes into `dir`: ca.pem (the test CA), server.pem/server.key (signed by it, SAN IP
 * 127.0.0.1 only) and rogue.pem/rogue.key (self-signed, also for 127.0.0.1). Returns the paths.
 */
export function makeTestCertificates(dir) {
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem',
    '-days', '2', '-subj', '/CN=walletd test CA'], dir);
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr',
    '-subj', '/CN=127.0.0.1'], dir);
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial',
    '-out', 'server.pem', '-days', '2', '-extfile', 'server.ext'], dir);
  return {
    ca: join(dir, 'ca.pem'), cert: join(dir, 'server.pem'), key: join(dir, 'server.key'),
    ...makeRogue(dir),
  };
}

function makeRogue(dir) {
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'rogue.key', '-out', 'rogue.pem',
    '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], dir);
  return { rogueCert: join(dir, 'rogue.pem'), rogueKey: join(dir, 'rogue.key') };
}

export class TlsProxy {
  /** Serves HTTPS on a free 127.0.0.1 port and forwards each POST body to `target`. */
  static async start({ target, cert, key }) {
    const proxy = new TlsProxy();
    proxy.server = createServer({ cert: readFileSync(cert), key: readFileSync(key) }, async (req, res) => {
      const chunks = [];
      for await (const c of req) chunks.push(c);
      try {
        const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' },
          body: Buffer.concat(chunks), signal: AbortSignal.timeout(5000) });
        res.writeHead(upstream.status, { 'content-type': 'application/json' });
        res.end(await upstream.text());
      } catch (e) {
        res.writeHead(502);
        res.end(String(e));
      }
    });
    await new Promise((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    proxy.url = `https://127.0.0.1:${proxy.server.address().port}`;
    return proxy;
  }

  stop() {
    this.server.closeAllConnections?.();
    return new Promise((resolve) => this.server.close(resolve));
  }
}
