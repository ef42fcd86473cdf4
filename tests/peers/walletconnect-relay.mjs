// A WalletConnect v2 relay ("irn") emulator for the tests: a WebSocket JSON-RPC server on
// 127.0.0.1 (ephemeral port, any path), run in the test's own process. It follows the public
// relay JSON-RPC contract (WalletConnect/walletconnect-specs relay/relay-server.md: irn_publish,
// irn_subscribe, irn_unsubscribe and the irn_subscription push) and what @walletconnect/core and
// sign-client 2.25.0 send and expect — methods, param names, tags and TTLs as read in their
// published sources (core Relayer/Subscriber/Publisher, sign-client Engine and ENGINE_RPC_OPTS)
// and checked by tests/integration/walletconnect-relay-peer.test.mjs:
// - Login: the upgrade's query carries `auth` (the client's relay JWT), `projectId`, `ua`. The JWT
//   is checked with @walletconnect/relay-auth's verifyJWT (EdDSA header, Ed25519 signature by the
//   did:key in `iss`), `aud` must be this relay's URL as the client dialled it (ws://127.0.0.1:<port>
//   or ws://<Host header>, a trailing slash ignored) and `exp` in the future; otherwise the upgrade
//   gets HTTP 401 and the refusal is kept in `refusals`. Accepted logins are kept in `logins`.
// - A client is its JWT `iss` (the did:key of its Ed25519 relay key). Subscriptions belong to the
//   socket (a reconnecting client subscribes again, as sign-client does on every connect); what a
//   client has acknowledged is kept per subscription id, which by default is what sign-client 2.25
//   itself assumes, sha256_hex(topic + iss) (core Subscriber.getSubscriptionId), so a reconnecting
//   client is not sent again what it acknowledged; `randomSubscriptionIds: true` gives random ids.
// - irn_subscribe {topic} → id; irn_batchSubscribe {topics} → [id]; irn_unsubscribe {topic, id} and
//   irn_batchUnsubscribe {subscriptions:[{topic,id}]} → true (by topic; whether the id matched is
//   kept in `unsubscribes`); irn_publish {topic, message, ttl, tag?, prompt?, …} and
//   irn_batchPublish {messages:[…]} → true; irn_fetchMessages {topic} / irn_batchFetchMessages
//   {topics} → {messages:[{topic, message, publishedAt, tag}], hasMore:false}.
// - wc_proposeSession {pairingTopic, sessionProposal, ttl, …} (sign-client's connect(); it never
//   sends irn_subscribe for the pairing topic): the sender is subscribed to the pairing topic and
//   sessionProposal (an encrypted base64 envelope) is published there with tag 1100.
//   wc_approveSession {pairingTopic, sessionTopic, sessionProposalResponse,
//   sessionSettlementRequest, ttl, …} (sign-client's approve(); it subscribes to the session topic
//   locally only): the sender is subscribed to the session topic, the response is published on the
//   pairing topic with tag 1101 and the settle request on the session topic with tag 1102.
// - Mailbox: a message lives `ttl` seconds; it is pushed to every current subscriber of its topic
//   and to later ones right after their subscribe is answered, as
//   {id:<19-digit int>, jsonrpc, method:"irn_subscription", params:{id:<subscription id>,
//   data:{topic, message, publishedAt (ms), tag}}}; the client answers true. Never sent back to the
//   client (iss) that published it; sent once per subscription id per socket, and not again once
//   acknowledged. A republished identical message (publisher retry) is stored once.
// - Ids: clients use 19-digit JSON-RPC ids (beyond 2^53, sometimes as strings, and sign-client
//   answers pushes with "<digits>n" strings); ids are kept exactly as received.
// - WebSocket ping frames every 10 s (sign-client in Node drops a socket that saw no ping or frame
//   for 35 s). Unknown method → -32601; bad params → -32602; unparsable frame → -32700.
// - Every frame both ways is kept in `frames` ({dir:'in'|'out', client:iss, json, at}); every
//   published message in `published`; `n` is a frame's index, for "after this point" waits; an
//   unparsable incoming frame is kept as its text. A handler exception is answered -32603 and kept
//   in `errors`. Faults: dropClients(), delayDelivery(ms), refuseLogins(bool).
// Every timer and socket is closed by stop().
import { WebSocketServer } from 'ws';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth';
import { listenLocal } from './local-server.mjs';

export const TAGS = { sessionPropose: 1100, sessionProposeResponse: 1101, sessionSettle: 1102 };
const DEFAULT_TTL = 300;
const MAX_TTL = 30 * 24 * 3600;
const MAX_WAIT_MS = 60000;
const BIG = '\u0000big:';       // marks a big integer inside a JSON string while parsing
const BIG_JSON = '\\u0000big:';  // the same, as JSON text

/** JSON.parse that keeps integers of 16+ digits exactly (as BigInt). */
export function parseFrame(text) {
  const guarded = text.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g,
    (token) => (/^-?\d{16,}$/.test(token) ? `"${BIG_JSON}${token}"` : token));
  return JSON.parse(guarded, (_, v) => (typeof v === 'string' && v.startsWith(BIG) ? BigInt(v.slice(BIG.length)) : v));
}

/** JSON.stringify writing BigInt as a bare integer. */
export function stringifyFrame(value) {
  return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${BIG}${v}` : v)).replace(/"\\u0000big:(-?\d+)"/g, '$1');
}

/** A JSON-RPC id as a comparable string ("123n" — sign-client's BigInt form — is 123). */
const idKey = (id) => String(id).replace(/n$/, '');
const sha256hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const stripSlash = (url) => String(url ?? '').replace(/\/+$/, '');
/** A 19-digit relay→client request id (ms clock × 10^6 + entropy, as the relay's clients do). */
const deliveryId = () => BigInt(Date.now()) * 1000000n + BigInt(randomInt(1000000));

class RpcError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}
const invalid = (message) => new RpcError(-32602, `Invalid params: ${message}`);

function requireString(params, key) {
  if (typeof params?.[key] !== 'string' || params[key] === '') throw invalid(`${key} must be a non-empty string`);
  return params[key];
}
function requireArray(params, key) {
  if (!Array.isArray(params?.[key])) throw invalid(`${key} must be an array`);
  return params[key];
}
function requireStrings(params, key) {
  const list = requireArray(params, key);
  if (!list.every((t) => typeof t === 'string' && t !== '')) throw invalid(`${key} must hold non-empty strings`);
  return list;
}
function optionalTtl(params, fallback) {
  const ttl = params?.ttl ?? fallback;
  if (!Number.isInteger(ttl) || ttl <= 0 || ttl > MAX_TTL) throw invalid(`ttl must be an integer in 1..${MAX_TTL}`);
  return ttl;
}
function publishParams(p) {
  const topic = requireString(p, 'topic');
  const message = requireString(p, 'message');
  if (p.ttl === undefined) throw invalid('ttl is required');
  const ttl = optionalTtl(p);
  if (p.tag !== undefined && !Number.isInteger(p.tag)) throw invalid('tag must be an integer');
  return { topic, message, ttl, tag: p.tag ?? 0, prompt: p.prompt ?? false };
}

export class WalletConnectRelay {
  constructor({ pingIntervalMs = 10000, randomSubscriptionIds = false } = {}) {
    this.pingIntervalMs = pingIntervalMs;
    this.randomSubscriptionIds = randomSubscriptionIds;
    this.url = null;
    this.logins = [];        // accepted JWTs: {iss, sub, aud, iat, exp, projectId, ua, header}
    this.refusals = [];      // refused upgrades: {reason, auth, at}
    this.frames = [];        // {n, dir, client, json, at}
    this.published = [];     // every accepted publication: {topic, message, tag, ttl, prompt, publishedAt, method, client}
    this.unsubscribes = [];  // {client, topic, id, matched}
    this.errors = [];        // exceptions thrown by a method handler (answered -32603)
    this.clients = new Set();
    this.mailbox = new Map(); // topic → [{seq, topic, message, tag, ttl, publishedAt, expiresAt, publisher, ackedBy:Set}]
    this.timers = new Set();
    this.waiters = new Set();
    this.seq = 0;
    this.refusing = false;
    this.heldUntil = 0;
    this.stopped = false;
  }

  /** Starts listening; resolves the relay URL (ws://127.0.0.1:<port>). */
  async start() {
    this.http = await listenLocal((req, res) => {
      res.writeHead(426, { 'content-type': 'text/plain' });
      res.end('WebSocket upgrade required');
    });
    this.url = this.http.url.replace(/^http:/, 'ws:');
    this.wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
    this.http.server.on('upgrade', (req, socket, head) => { this.upgrade(req, socket, head); });
    this.every(this.pingIntervalMs, () => this.heartbeat());
    return this.url;
  }

  async stop() {
    this.stopped = true;
    for (const t of this.timers) { clearTimeout(t); clearInterval(t); }
    this.timers.clear();
    for (const w of this.waiters) w.fail(new Error('relay stopped'));
    for (const c of this.clients) c.ws.terminate();
    this.clients.clear();
    if (this.wss) await new Promise((resolve) => this.wss.close(resolve));
    if (this.http) await this.http.close();
  }

  // ---- fault switches and test helpers ----

  /** Sends raw text frames to every socket of the client logged in as `iss` (a misbehaving
   * relay: frames of unexpected shapes the client must survive). */
  inject(iss, ...texts) {
    for (const c of this.clients) {
      if (c.iss !== iss || c.ws.readyState !== c.ws.OPEN) continue;
      for (const text of texts) c.ws.send(text);
    }
  }

  /** Terminates every client socket (no close handshake); clients have to reconnect. */
  dropClients() {
    for (const c of this.clients) c.ws.terminate();
  }

  /** Holds every push for `ms` from now, then sends what is due. */
  delayDelivery(ms) {
    this.heldUntil = Date.now() + ms;
    this.later(ms, () => {
      if (Date.now() < this.heldUntil) return;
      this.heldUntil = 0;
      for (const c of this.clients) for (const topic of c.subs.keys()) this.flush(c, topic);
    });
  }

  /** While on, every upgrade is refused with 401. */
  refuseLogins(on = true) { this.refusing = Boolean(on); }

  /** Resolves the first frame (already seen or coming) for which predicate(frame) holds. */
  waitFor(predicate, timeoutMs = 10000) {
    const seen = this.frames.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = {
        predicate,
        done: (f) => { clearTimeout(timer); this.timers.delete(timer); this.waiters.delete(waiter); resolve(f); },
        fail: (e) => { clearTimeout(timer); this.timers.delete(timer); this.waiters.delete(waiter); reject(e); },
      };
      const timer = setTimeout(() => waiter.fail(new Error(`relay.waitFor: no matching frame in ${timeoutMs} ms`)),
        Math.min(timeoutMs, MAX_WAIT_MS));
      this.timers.add(timer);
      this.waiters.add(waiter);
    });
  }

  /** Every message published on `topic` (expired ones too), in order. */
  publishedOn(topic) { return this.published.filter((p) => p.topic === topic); }

  /** The iss of every connected client (one entry per socket). */
  connected() { return [...this.clients].map((c) => c.iss); }

  // ---- timers ----

  later(ms, fn) {
    const t = setTimeout(() => { this.timers.delete(t); fn(); }, ms);
    this.timers.add(t);
  }

  every(ms, fn) {
    const t = setInterval(fn, ms);
    this.timers.add(t);
  }

  heartbeat() {
    for (const c of this.clients) if (c.ws.readyState === c.ws.OPEN) c.ws.ping();
    const now = Date.now();
    for (const [topic, list] of this.mailbox) {
      const live = list.filter((m) => m.expiresAt > now);
      if (live.length) this.mailbox.set(topic, live); else this.mailbox.delete(topic);
    }
  }

  // ---- login ----

  async upgrade(req, socket, head) {
    const query = new URL(req.url, 'http://relay').searchParams;
    const auth = query.get('auth');
    const verdict = await this.checkLogin(auth, req.headers.host);
    if (this.stopped) { socket.destroy(); return; }
    if (verdict.reason) {
      this.refusals.push({ reason: verdict.reason, auth, at: Date.now() });
      const body = `Unauthorized: ${verdict.reason}`;
      socket.end(`HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      return;
    }
    const { header, payload } = verdict;
    const login = { iss: payload.iss, sub: payload.sub, aud: payload.aud, iat: payload.iat, exp: payload.exp,
      projectId: query.get('projectId'), ua: query.get('ua'), header };
    this.logins.push(login);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, login));
  }

  /** {header, payload} for a good relay JWT, else {reason}. */
  async checkLogin(auth, host) {
    if (this.refusing) return { reason: 'logins refused (fault switch)' };
    if (!auth) return { reason: 'missing auth' };
    let decoded;
    try {
      decoded = decodeJWT(auth);
      if (!(await verifyJWT(auth))) return { reason: 'bad JWT signature' };
    } catch (e) {
      return { reason: `bad JWT: ${e.message}` };
    }
    const { header, payload } = decoded;
    const mine = [this.url, `ws://${host}`].map(stripSlash);
    if (!mine.includes(stripSlash(payload.aud))) return { reason: `aud ${payload.aud} is not ${this.url}` };
    if (!Number.isInteger(payload.exp) || payload.exp <= Math.floor(Date.now() / 1000)) return { reason: 'JWT expired' };
    return { header, payload };
  }

  accept(ws, login) {
    const client = { ws, iss: login.iss, subs: new Map(), sent: new Set(), inflight: new Map() };
    this.clients.add(client);
    ws.on('message', (data) => this.onFrame(client, data.toString()));
    ws.on('close', () => this.clients.delete(client));
    ws.on('error', () => {});
  }

  // ---- frames ----

  log(dir, client, json) {
    const frame = { n: this.frames.length, dir, client: client.iss, json, at: Date.now() };
    this.frames.push(frame);
    for (const w of [...this.waiters]) {
      let hit = false;
      try { hit = w.predicate(frame); } catch { hit = false; }
      if (hit) w.done(frame);
    }
  }

  send(client, json) {
    if (client.ws.readyState !== client.ws.OPEN) return false;
    this.log('out', client, json);
    client.ws.send(stringifyFrame(json));
    return true;
  }

  onFrame(client, text) {
    let msg;
    try { msg = parseFrame(text); } catch {
      this.log('in', client, text);
      this.send(client, { id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } });
      return;
    }
    this.log('in', client, msg);
    if (msg && typeof msg === 'object' && !Array.isArray(msg) && msg.method === undefined && msg.id !== undefined) {
      this.onAnswer(client, msg);
      return;
    }
    if (!msg || typeof msg !== 'object' || Array.isArray(msg) || msg.jsonrpc !== '2.0' || typeof msg.method !== 'string') {
      this.send(client, { id: msg?.id ?? null, jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } });
      return;
    }
    const handler = this.methods[msg.method];
    if (!handler) {
      this.send(client, { id: msg.id, jsonrpc: '2.0', error: { code: -32601, message: `Method not found: ${msg.method}` } });
      return;
    }
    const after = [];
    let result;
    try {
      result = handler.call(this, client, msg.params ?? {}, after);
    } catch (e) {
      if (!(e instanceof RpcError)) this.errors.push(e);
      const code = e instanceof RpcError ? e.code : -32603;
      this.send(client, { id: msg.id, jsonrpc: '2.0', error: { code, message: e.message } });
      return;
    }
    this.send(client, { id: msg.id, jsonrpc: '2.0', result });
    for (const fn of after) fn();
  }

  /** A client's answer to an irn_subscription push. */
  onAnswer(client, msg) {
    const key = idKey(msg.id);
    const pending = client.inflight.get(key);
    if (!pending) return;
    client.inflight.delete(key);
    if (msg.result === true) pending.message.ackedBy.add(pending.subId);
  }

  // ---- subscriptions and the mailbox ----

  subscribe(client, topic) {
    if (!client.subs.has(topic)) {
      client.subs.set(topic, this.randomSubscriptionIds ? randomBytes(32).toString('hex') : sha256hex(topic + client.iss));
    }
    return client.subs.get(topic);
  }

  unsubscribe(client, topic, id) {
    this.unsubscribes.push({ client: client.iss, topic, id, matched: client.subs.get(topic) === id });
    client.subs.delete(topic);
  }

  live(topic) {
    const now = Date.now();
    return (this.mailbox.get(topic) ?? []).filter((m) => m.expiresAt > now);
  }

  /** Stores a message and pushes it to the topic's subscribers (after the caller's answer). */
  publish(client, { topic, message, ttl, tag, prompt }, method, after) {
    const publishedAt = Date.now();
    this.published.push({ topic, message, tag, ttl, prompt, publishedAt, method, client: client.iss });
    const list = this.live(topic);
    if (list.some((m) => m.message === message)) return;
    const m = { seq: ++this.seq, topic, message, tag, ttl, publishedAt, expiresAt: publishedAt + ttl * 1000,
      publisher: client.iss, ackedBy: new Set() };
    list.push(m);
    this.mailbox.set(topic, list);
    after.push(() => { for (const c of this.clients) if (c.subs.has(topic)) this.deliver(c, c.subs.get(topic), m); });
  }

  flush(client, topic) {
    const subId = client.subs.get(topic);
    if (!subId) return;
    for (const m of this.live(topic)) this.deliver(client, subId, m);
  }

  deliver(client, subId, m) {
    if (m.publisher === client.iss || m.ackedBy.has(subId) || m.expiresAt <= Date.now()) return;
    const once = `${subId}|${m.seq}`;
    if (client.sent.has(once) || Date.now() < this.heldUntil) return;
    client.sent.add(once);
    const id = deliveryId();
    client.inflight.set(idKey(id), { subId, message: m });
    this.send(client, { id, jsonrpc: '2.0', method: 'irn_subscription',
      params: { id: subId, data: { topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag } } });
  }

  fetch(client, topics) {
    const messages = topics.flatMap((t) => this.live(t).filter((m) => m.publisher !== client.iss)
      .map((m) => ({ topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag })));
    return { messages, hasMore: false };
  }
}

WalletConnectRelay.prototype.methods = {
  irn_subscribe(client, params, after) {
    const topic = requireString(params, 'topic');
    const id = this.subscribe(client, topic);
    after.push(() => this.flush(client, topic));
    return id;
  },
  irn_batchSubscribe(client, params, after) {
    const topics = requireStrings(params, 'topics');
    const ids = topics.map((t) => this.subscribe(client, t));
    after.push(() => topics.forEach((t) => this.flush(client, t)));
    return ids;
  },
  irn_unsubscribe(client, params) {
    this.unsubscribe(client, requireString(params, 'topic'), requireString(params, 'id'));
    return true;
  },
  irn_batchUnsubscribe(client, params) {
    const subs = requireArray(params, 'subscriptions');
    subs.forEach((s) => { requireString(s, 'topic'); requireString(s, 'id'); });
    subs.forEach((s) => this.unsubscribe(client, s.topic, s.id));
    return true;
  },
  irn_publish(client, params, after) {
    this.publish(client, publishParams(params), 'irn_publish', after);
    return true;
  },
  irn_batchPublish(client, params, after) {
    const messages = requireArray(params, 'messages').map(publishParams);
    messages.forEach((m) => this.publish(client, m, 'irn_batchPublish', after));
    return true;
  },
  irn_fetchMessages(client, params) {
    return this.fetch(client, [requireString(params, 'topic')]);
  },
  irn_batchFetchMessages(client, params) {
    const topics = requireStrings(params, 'topics');
    return this.fetch(client, topics);
  },
  wc_proposeSession(client, params, after) {
    const topic = requireString(params, 'pairingTopic');
    const message = requireString(params, 'sessionProposal');
    const ttl = optionalTtl(params, DEFAULT_TTL);
    this.subscribe(client, topic);
    this.publish(client, { topic, message, ttl, tag: TAGS.sessionPropose, prompt: false }, 'wc_proposeSession', after);
    after.push(() => this.flush(client, topic));
    return true;
  },
  wc_approveSession(client, params, after) {
    const pairingTopic = requireString(params, 'pairingTopic');
    const sessionTopic = requireString(params, 'sessionTopic');
    const response = requireString(params, 'sessionProposalResponse');
    const settle = requireString(params, 'sessionSettlementRequest');
    const ttl = optionalTtl(params, DEFAULT_TTL);
    this.subscribe(client, sessionTopic);
    this.publish(client, { topic: pairingTopic, message: response, ttl, tag: TAGS.sessionProposeResponse, prompt: false },
      'wc_approveSession', after);
    this.publish(client, { topic: sessionTopic, message: settle, ttl, tag: TAGS.sessionSettle, prompt: false },
      'wc_approveSession', after);
    after.push(() => this.flush(client, sessionTopic));
    return true;
  },
};
