// The proxy service emulator (komodo-defi-proxy as KDF's `proxy_signature` crate describes the
// client side): on 127.0.0.1, in front of one upstream (a TRON node or the relay provider). Every
// request must carry `X-Auth-Payload`, a JSON ProxySign {signature_bytes, raw_message {uri,
// body_size, public_key_encoded, expires_at}, address?}; the proxy checks, with node:crypto's
// Ed25519 (OpenSSL) and nothing from walletd:
// - public_key_encoded is libp2p's Ed25519 key (08 01 12 20 ‖ 32 bytes) and `address`, when sent,
//   its peer id;
// - the signature over "Encoded Message for KDP\n" ‖ key ‖ uri ‖ body_size (u64 LE) ‖
//   expires_at (i64 LE);
// - expires_at not passed and at most `maxLifetimeSeconds` ahead;
// - uri = the URL the request was sent to, body_size = the body's length;
// - with `allowedKeys`, the key is one of them.
// A refused request gets HTTP 401 {error}; an accepted one goes upstream without the header,
// with the provider's HMAC headers added when `hmac` {apiKey, apiSecret} is set (the proxy holds
// the credentials), and the upstream answer comes back as it is.
import { request as httpRequest } from 'node:http';
import { listenLocal } from './local-server.mjs';
import { createPublicKey, verify } from 'node:crypto';
import { encodeBase58 } from 'ethers';
import { authorization } from './relay-provider.mjs';

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const LIBP2P_ED25519_PREFIX = Buffer.from([0x08, 0x01, 0x12, 0x20]);

/** libp2p's peer id of a 36-byte protobuf-encoded public key. */
export function peerIdOf(publicKeyEncoded) {
  return encodeBase58(Buffer.concat([Buffer.from([0x00, publicKeyEncoded.length]), publicKeyEncoded]));
}

function bytesOf(value, length) {
  if (!Array.isArray(value) || value.length !== length) return null;
  if (!value.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) return null;
  return Buffer.from(value);
}

function u64le(value) {
  const b = Buffer.alloc(8);
  b.writeBigInt64LE(BigInt(value));
  return b;
}

export class KomodoProxy {
  static async start({ target, hmac = null, maxLifetimeSeconds = 60, allowedKeys = null } = {}) {
    const p = new KomodoProxy();
    Object.assign(p, { target: new URL(target), hmac, maxLifetimeSeconds, allowedKeys });
    p.accepted = [];  // [{method, path, publicKey (hex), bodySize}]
    p.refused = [];   // [{method, path, reason}]
    p.http = await listenLocal((req, res) => p.handle(req, res));
    p.url = p.http.url;
    return p;
  }

  async stop() {
    await this.http.close();
  }

  handle(req, res) {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const verdict = this.check(req, body);
      if (typeof verdict === 'string') {
        this.refused.push({ method: req.method, path: req.url, reason: verdict });
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: verdict }));
        return;
      }
      this.accepted.push({ method: req.method, path: req.url, publicKey: verdict.toString('hex'), bodySize: body.length });
      this.forward(req, body, res);
    });
  }

  /** The signer's raw Ed25519 public key, or why the request is refused. */
  check(req, body) {
    const header = req.headers['x-auth-payload'];
    if (!header) return 'missing X-Auth-Payload';
    let sign;
    try { sign = JSON.parse(header); } catch { return 'X-Auth-Payload is not JSON'; }
    const raw = sign?.raw_message;
    if (!raw || typeof raw.uri !== 'string' || !Number.isSafeInteger(raw.body_size) || !Number.isSafeInteger(raw.expires_at)) {
      return 'raw_message is incomplete';
    }
    const keyEncoded = bytesOf(raw.public_key_encoded, 36);
    const signature = bytesOf(sign.signature_bytes, 64);
    if (!keyEncoded || !keyEncoded.subarray(0, 4).equals(LIBP2P_ED25519_PREFIX)) return 'public_key_encoded is not a libp2p Ed25519 key';
    if (!signature) return 'signature_bytes is not 64 bytes';
    if (sign.address !== undefined && sign.address !== peerIdOf(keyEncoded)) return 'address is not the key\'s peer id';
    const publicKey = keyEncoded.subarray(4);
    const message = Buffer.concat([Buffer.from('Encoded Message for KDP\n'), keyEncoded, Buffer.from(raw.uri),
      u64le(raw.body_size), u64le(raw.expires_at)]);
    const key = createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, publicKey]), format: 'der', type: 'spki' });
    if (!verify(null, message, key, signature)) return 'bad signature';
    const now = Math.floor(Date.now() / 1000);
    if (raw.expires_at < now) return 'expired';
    if (raw.expires_at > now + this.maxLifetimeSeconds) return 'expires too far ahead';
    if (raw.uri !== `http://${req.headers.host}${req.url}`) return `signed for ${raw.uri}, sent to ${req.url}`;
    if (raw.body_size !== body.length) return 'body_size is not the body\'s length';
    if (this.allowedKeys && !this.allowedKeys.includes(publicKey.toString('hex'))) return 'unknown key';
    return publicKey;
  }

  forward(req, body, res) {
    const headers = { 'content-type': req.headers['content-type'] ?? 'application/json', 'content-length': body.length };
    if (this.hmac) {
      const ts = String(Math.floor(Date.now() / 1000));
      headers.timestamp = ts;
      headers.authorization = authorization(this.hmac.apiKey, this.hmac.apiSecret, req.method, req.url, ts);
    }
    const upstream = httpRequest({ host: this.target.hostname, port: this.target.port, method: req.method,
      path: req.url, headers }, (answer) => {
      const chunks = [];
      answer.on('data', (c) => chunks.push(c));
      answer.on('end', () => {
        res.writeHead(answer.statusCode, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
        res.end(Buffer.concat(chunks));
      });
    });
    upstream.on('error', (e) => { res.writeHead(502); res.end(JSON.stringify({ error: e.message })); });
    upstream.end(body);
  }
}
