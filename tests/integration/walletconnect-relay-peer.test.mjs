// The WalletConnect relay emulator (tests/peers/walletconnect-relay.mjs) checked with the real
// clients, no walletd: two @walletconnect/sign-client 2.25.0 instances (a dApp and a wallet) pair,
// settle a session, sign a personal_sign with ethers, ping both ways, survive the relay dropping
// their sockets and end the session — all through the emulator only. Raw `ws` clients then check
// what the sign-clients do not exercise: the JWT refusals (401), the mailbox (TTL, no echo, a
// later subscriber gets what was stored, no re-delivery of what was acknowledged), fetch, unsubscribe
// and the JSON-RPC errors.
//
// Network: sign-client's only outside calls are Verify (attestation / public key fetches when a
// proposal or request arrives) and the events (telemetry) client; both return early when
// process.env.IS_VITEST === 'true' (@walletconnect/utils isTestRun(), read by core's Verify
// constructor and EventClient.init), and telemetryEnabled:false turns the events client off too.
// IS_VITEST is set before sign-client is imported (dynamically, below). globalThis.fetch is also
// replaced by a recorder that fails, and the last test asserts it was never called.
// Each sign-client needs its own customStoragePrefix: Core instances are shared process-wide
// through globalThis[`_walletConnectCore_${prefix}`], so two clients without distinct prefixes
// would share one relay connection and one client id.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { Wallet, getBytes, hexlify, toUtf8Bytes, verifyMessage } from 'ethers';
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth';
import { WalletConnectRelay, parseFrame, stringifyFrame } from '../peers/walletconnect-relay.mjs';
import { sleep, until } from '../support/until.mjs';

process.env.IS_VITEST = 'true';
const { SignClient } = await import('@walletconnect/sign-client');

const CHAIN = 'eip155:1337';
const METHODS = ['personal_sign', 'eth_signTransaction', 'eth_sendTransaction'];
const EVENTS = ['accountsChanged', 'chainChanged'];
// Vector V4 of the wallet-policies notes: key, address, message and its RFC 6979 signature.
const KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const MESSAGE_HEX = hexlify(toUtf8Bytes('Authenticate with KDF'));
const V4_SIGNATURE = '0xdf664d6adc893cc7441eee504547591d81d9475bf0482730f4e68dcc108b89b23f784d1359cbde19f44d482c3ba1556639242727e4884ba7b4a6bf65a30491431c';

const withTimeout = (promise, ms, what) => {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`timeout: ${what}`)), ms); })])
    .finally(() => clearTimeout(timer));
};
const envelopeType = (b64) => Buffer.from(b64, 'base64')[0];
const isBase64 = (s) => typeof s === 'string' && /^[A-Za-z0-9+/]+={0,2}$/.test(s) && s.length % 4 === 0;

let relay, dapp, wallet, signer, session, dappIss, walletIss;
const fetches = [];
const realFetch = globalThis.fetch;

async function makeClient(name) {
  return SignClient.init({
    projectId: 'walletd-test',
    relayUrl: relay.url,
    customStoragePrefix: `relay-peer-${name}`,
    telemetryEnabled: false,
    logger: 'silent',
    metadata: { name, description: `${name} (relay emulator test)`, url: `https://${name}.invalid`, icons: [] },
  });
}

async function closeClient(client) {
  if (!client) return;
  await client.core.relayer.transportClose().catch(() => {});
  client.core.heartbeat.stop();
}

before(async () => {
  globalThis.fetch = async (url) => { fetches.push(String(url)); throw new Error(`network disabled in this test: ${url}`); };
  relay = new WalletConnectRelay();
  await relay.start();
  signer = new Wallet(KEY);
  dapp = await makeClient('dapp');
  wallet = await makeClient('wallet');
  dappIss = await dapp.core.crypto.getClientId();
  walletIss = await wallet.core.crypto.getClientId();
  wallet.on('session_proposal', async ({ id }) => {
    await wallet.approve({ id, namespaces: { eip155: { chains: [CHAIN], accounts: [`${CHAIN}:${signer.address}`], methods: METHODS, events: EVENTS } } });
  });
  wallet.on('session_request', async ({ id, topic, params }) => {
    const { method, params: args } = params.request;
    const response = method === 'personal_sign'
      ? { id, jsonrpc: '2.0', result: await signer.signMessage(getBytes(args[0])) }
      : { id, jsonrpc: '2.0', error: { code: 5201, message: 'unsupported in this test' } };
    await wallet.respond({ topic, response });
  });
});

after(async () => {
  await closeClient(dapp);
  await closeClient(wallet);
  await relay?.stop();
  globalThis.fetch = realFetch;
  // Closing the transport and the heartbeat is enough for a passing run to exit. After a failure
  // sign-client may still hold its own request timers (5 min for a ping or request awaiting an
  // answer), so end the process soon after this hook; unref'd, it never delays a clean exit.
  setTimeout(() => process.exit(), 2000).unref();
});

test('a dApp and a wallet pair and settle a session through the relay', { timeout: 30000 }, async () => {
  const { uri, approval } = await dapp.connect({ requiredNamespaces: { eip155: { chains: [CHAIN], methods: METHODS, events: EVENTS } } });
  const pairingTopic = uri.match(/^wc:([0-9a-f]{64})@2\?/)[1];
  const approved = new Promise((resolve) => wallet.once('session_proposal', resolve));
  await withTimeout(wallet.pair({ uri }), 20000, 'pair');
  await withTimeout(approved, 20000, 'session_proposal');
  session = await withTimeout(approval(), 20000, 'approval');
  assert.deepEqual(session.namespaces.eip155.accounts, [`${CHAIN}:${signer.address}`]);
  const walletSession = await until(() => wallet.session.getAll().find((x) => x.topic === session.topic && x.acknowledged),
    20000, 'wallet acknowledged');
  assert.equal(walletSession.peer.metadata.name, 'dapp');

  // Both logged in with valid JWTs whose aud is this relay.
  for (const iss of [dappIss, walletIss]) {
    const login = relay.logins.find((l) => l.iss === iss);
    assert.ok(login, `login of ${iss}`);
    assert.equal(login.aud, relay.url);
    assert.equal(login.projectId, 'walletd-test');
    assert.match(login.ua, /^wc-2\/js-2\.25\.0\//);
    assert.deepEqual(login.header, { alg: 'EdDSA', typ: 'JWT' });
    assert.ok(login.exp > login.iat && login.exp - login.iat === 86400);
    assert.match(login.sub, /^[0-9a-f]{64}$/);
  }
  // The proposal went as wc_proposeSession (no irn_subscribe for the pairing topic by the dApp),
  // the wallet subscribed to the pairing topic, the approval went as wc_approveSession.
  const inFrom = (iss, method) => relay.frames.filter((f) => f.dir === 'in' && f.client === iss && f.json.method === method);
  const propose = inFrom(dappIss, 'wc_proposeSession');
  assert.equal(propose.length, 1);
  assert.equal(propose[0].json.params.pairingTopic, pairingTopic);
  assert.equal(propose[0].json.params.ttl, 300);
  assert.ok(!inFrom(dappIss, 'irn_subscribe').some((f) => f.json.params.topic === pairingTopic));
  assert.ok(inFrom(walletIss, 'irn_subscribe').some((f) => f.json.params.topic === pairingTopic));
  const approve = inFrom(walletIss, 'wc_approveSession');
  assert.equal(approve.length, 1);
  assert.equal(approve[0].json.params.pairingTopic, pairingTopic);
  assert.equal(approve[0].json.params.sessionTopic, session.topic);
  assert.deepEqual(relay.publishedOn(pairingTopic).map((p) => [p.tag, p.method, p.client]),
    [[1100, 'wc_proposeSession', dappIss], [1101, 'wc_approveSession', walletIss]]);
  const onSession = relay.publishedOn(session.topic);
  assert.deepEqual(onSession.slice(0, 2).map((p) => [p.tag, p.ttl, p.client]), [[1102, 300, walletIss], [1103, 300, dappIss]]);
  // The dApp subscribed to the session topic itself (after the 1101 response).
  assert.ok(inFrom(dappIss, 'irn_subscribe').some((f) => f.json.params.topic === session.topic));
});

test('personal_sign goes to the wallet and its signature comes back', { timeout: 30000 }, async () => {
  const signature = await withTimeout(dapp.request({ topic: session.topic, chainId: CHAIN,
    request: { method: 'personal_sign', params: [MESSAGE_HEX, signer.address] } }), 20000, 'personal_sign');
  assert.equal(verifyMessage(getBytes(MESSAGE_HEX), signature), signer.address);
  assert.equal(signature, V4_SIGNATURE);
  const tags = relay.publishedOn(session.topic).map((p) => p.tag);
  assert.ok(tags.includes(1108) && tags.includes(1109), `request/response tags: ${tags}`);
});

test('pings go both ways', { timeout: 30000 }, async () => {
  await withTimeout(dapp.ping({ topic: session.topic }), 20000, 'dApp ping');
  await withTimeout(wallet.ping({ topic: session.topic }), 20000, 'wallet ping');
  const pings = relay.publishedOn(session.topic).filter((p) => p.tag === 1114).map((p) => p.client);
  assert.ok(pings.includes(dappIss) && pings.includes(walletIss));
});

test('what the clients publish is a type-0 envelope; pushes carry topic, message, publishedAt, tag', () => {
  const published = relay.frames.filter((f) => f.dir === 'in' && /^(irn_publish|irn_batchPublish|wc_)/.test(f.json.method ?? ''));
  assert.ok(published.length >= 8, `${published.length} publications`);
  for (const { json } of published) {
    const p = json.params;
    const messages = json.method === 'wc_proposeSession' ? [p.sessionProposal]
      : json.method === 'wc_approveSession' ? [p.sessionProposalResponse, p.sessionSettlementRequest]
        : json.method === 'irn_batchPublish' ? p.messages.map((m) => m.message) : [p.message];
    for (const m of messages) {
      assert.ok(isBase64(m), `${json.method}: base64`);
      assert.equal(envelopeType(m), 0, `${json.method} tag ${p.tag}: envelope type 0`);
    }
    assert.equal(typeof p.ttl, 'number');
    if (json.method === 'irn_publish') assert.equal(typeof p.tag, 'number');
    // Relay ids are 19-digit integers (sent as strings or numbers).
    assert.match(String(json.id), /^\d{19}$/);
  }
  const pushes = relay.frames.filter((f) => f.dir === 'out' && f.json.method === 'irn_subscription');
  assert.ok(pushes.length >= 6);
  for (const { json, client } of pushes) {
    assert.match(json.params.id, /^[0-9a-f]{64}$/);
    assert.deepEqual(Object.keys(json.params.data).sort(), ['message', 'publishedAt', 'tag', 'topic']);
    assert.notEqual(relay.publishedOn(json.params.data.topic).find((p) => p.message === json.params.data.message).client, client, 'no echo');
    const answer = relay.frames.find((f) => f.dir === 'in' && f.client === client && f.json.method === undefined
      && String(f.json.id).replace(/n$/, '') === String(json.id));
    assert.equal(answer?.json.result, true, 'the client acknowledged the push');
  }
});

test('after the relay drops every socket the clients reconnect, resubscribe and a ping still works', { timeout: 30000 }, async () => {
  const before = relay.logins.length;
  const mark = relay.frames.length;
  relay.dropClients();
  // sign-client notices the close, reconnects (0.1 s later) and batch-subscribes its topics again.
  // A request sent before it noticed would be lost with the socket and only re-sent by its
  // publisher after 15 s (initial publish timeout) + a 5 s heartbeat, so wait for the resubscribe.
  for (const iss of [dappIss, walletIss]) {
    const frame = await relay.waitFor((f) => f.n >= mark && f.dir === 'in' && f.client === iss
      && f.json.method === 'irn_batchSubscribe' && f.json.params.topics.includes(session.topic), 15000);
    assert.ok(frame);
  }
  const logins = relay.logins.slice(before).map((l) => l.iss);
  assert.ok(logins.includes(dappIss) && logins.includes(walletIss), 'both logged in again');
  await withTimeout(dapp.ping({ topic: session.topic }), 10000, 'ping after drop');
  // Held deliveries still arrive (later).
  relay.delayDelivery(1500);
  const t0 = Date.now();
  await withTimeout(wallet.ping({ topic: session.topic }), 10000, 'ping with delayed delivery');
  assert.ok(Date.now() - t0 >= 1400, 'the ping waited for the held delivery');
});

test('the wallet ends the session and the dApp sees session_delete', { timeout: 30000 }, async () => {
  const deleted = new Promise((resolve) => dapp.once('session_delete', resolve));
  await withTimeout(wallet.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } }), 20000, 'disconnect');
  const event = await withTimeout(deleted, 20000, 'session_delete');
  assert.equal(event.topic, session.topic);
  assert.ok(relay.publishedOn(session.topic).some((p) => p.tag === 1112 && p.client === walletIss));
  // sign-client unsubscribes with the id it computed itself, sha256(topic + client id), which is
  // the id this relay hands out by default.
  const unsub = await relay.waitFor((f) => f.dir === 'in' && f.client === walletIss && f.json.method === 'irn_unsubscribe'
    && f.json.params.topic === session.topic, 10000);
  assert.ok(relay.unsubscribes.some((u) => u.client === walletIss && u.id === unsub.json.params.id && u.matched));
});

// ---- raw clients ----

const SEED_A = new Uint8Array(32).fill(0x33);
const SEED_B = new Uint8Array(32).fill(0x44);

async function jwt(seed, { aud = relay.url, ttl = 3600, iat } = {}) {
  return signJWT(randomBytes(32).toString('hex'), aud, ttl, generateKeyPair(seed), iat);
}

/** Opens a raw socket; resolves {status} on refusal or a small JSON-RPC client. */
function raw(auth, path = '/', base = relay.url) {
  const query = new URLSearchParams({ projectId: 'walletd-test', ua: 'raw-test' });
  if (auth !== undefined) query.set('auth', auth);
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}${path}?${query}`);
    const timer = setTimeout(() => { ws.terminate(); reject(new Error('raw connect timeout')); }, 5000);
    ws.on('unexpected-response', (req, res) => { clearTimeout(timer); resolve({ status: res.statusCode }); req.destroy(); });
    ws.on('error', (e) => { clearTimeout(timer); reject(e); });
    ws.on('open', () => {
      clearTimeout(timer);
      const pending = new Map();
      const pushes = [];
      let next = 1;
      ws.on('message', (data) => {
        const msg = parseFrame(data.toString());
        if (msg.method === 'irn_subscription') {
          pushes.push(msg.params);
          ws.send(stringifyFrame({ id: msg.id, jsonrpc: '2.0', result: true }));
        } else pending.get(String(msg.id))?.(msg);
      });
      resolve({
        ws, pushes,
        call: (method, params) => new Promise((res, rej) => {
          const id = 1000000000000000000n + BigInt(next++);
          const t = setTimeout(() => rej(new Error(`${method}: no answer`)), 5000);
          pending.set(String(id), (m) => { clearTimeout(t); res(m); });
          ws.send(stringifyFrame({ id, jsonrpc: '2.0', method, params }));
        }),
        close: () => new Promise((res) => { ws.once('close', res); ws.close(); }),
      });
    });
  });
}

test('the relay refuses a missing, forged, misaddressed or expired JWT with 401 and accepts a good one', { timeout: 30000 }, async () => {
  const refusedBefore = relay.refusals.length;
  assert.equal((await raw(undefined)).status, 401);
  assert.equal((await raw('not.a.jwt')).status, 401);
  const good = await jwt(SEED_A);
  const [h, p, s] = good.split('.');
  const forged = [h, Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url')), sub: 'x'.repeat(64) })).toString('base64url'), s].join('.');
  assert.equal((await raw(forged)).status, 401);
  assert.equal((await raw(await jwt(SEED_A, { aud: 'wss://relay.walletconnect.org' }))).status, 401);
  assert.equal((await raw(await jwt(SEED_A, { ttl: 60, iat: Math.floor(Date.now() / 1000) - 120 }))).status, 401);
  relay.refuseLogins(true);
  assert.equal((await raw(good)).status, 401);
  relay.refuseLogins(false);
  assert.equal(relay.refusals.length - refusedBefore, 6);
  assert.match(relay.refusals.at(-3).reason, /aud/);
  assert.match(relay.refusals.at(-2).reason, /expired/);

  const ok = await raw(await jwt(SEED_A, { aud: `${relay.url}/` }), '/any/path');
  assert.ok(ok.ws, 'trailing-slash aud and any path accepted');
  await ok.close();
});

test('mailbox: stored for ttl, no echo, later subscribers served, acknowledged messages not re-sent', { timeout: 30000 }, async () => {
  const a = await raw(await jwt(SEED_A));
  let b = await raw(await jwt(SEED_B));
  const issA = relay.logins.at(-2).iss;
  const issB = relay.logins.at(-1).iss;
  const topic = randomBytes(32).toString('hex');
  const short = randomBytes(32).toString('hex');
  const m1 = Buffer.from([0, ...randomBytes(40)]).toString('base64');
  const m2 = Buffer.from([0, ...randomBytes(40)]).toString('base64');

  const subA = await a.call('irn_subscribe', { topic });
  assert.match(subA.result, /^[0-9a-f]{64}$/);
  assert.equal((await a.call('irn_publish', { topic, message: m1, ttl: 300, tag: 1108, prompt: true })).result, true);
  assert.equal((await a.call('irn_publish', { topic: short, message: m2, ttl: 1, tag: 1114 })).result, true);
  const subB = await b.call('irn_subscribe', { topic });
  await until(() => b.pushes.length, 5000, 'push to the later subscriber');
  assert.equal(b.pushes[0].id, subB.result);
  assert.equal(b.pushes[0].data.topic, topic);
  assert.equal(b.pushes[0].data.message, m1);
  assert.equal(b.pushes[0].data.tag, 1108);
  assert.ok(Math.abs(b.pushes[0].data.publishedAt - Date.now()) < 5000);
  await sleep(200);
  assert.equal(a.pushes.length, 0, 'never echoed to the publisher');

  // Same client (iss) on a new socket: what it acknowledged is not sent again; fetch still lists it.
  await b.close();
  b = await raw(await jwt(SEED_B));
  assert.equal(relay.logins.at(-1).iss, issB);
  await b.call('irn_batchSubscribe', { topics: [topic] });
  await sleep(300);
  assert.equal(b.pushes.length, 0);
  const fetched = await b.call('irn_batchFetchMessages', { topics: [topic, short] });
  assert.equal(fetched.result.hasMore, false);
  assert.deepEqual(fetched.result.messages.map((m) => [m.topic, m.message, m.tag]), [[topic, m1, 1108], [short, m2, 1114]]);
  assert.deepEqual((await a.call('irn_fetchMessages', { topic })).result.messages, [], 'own messages are not fetched back');

  // TTL: 1 s later the short-lived message is gone for fetch and for a new subscriber.
  await sleep(1100);
  assert.deepEqual((await b.call('irn_fetchMessages', { topic: short })).result, { messages: [], hasMore: false });
  await b.call('irn_subscribe', { topic: short });
  await sleep(200);
  assert.equal(b.pushes.length, 0);

  // Unsubscribed: no more pushes; the sign-client-style id matched.
  assert.equal((await b.call('irn_unsubscribe', { topic, id: subB.result })).result, true);
  assert.deepEqual(relay.unsubscribes.at(-1), { client: issB, topic, id: subB.result, matched: true });
  await a.call('irn_publish', { topic, message: Buffer.from([0, 1, 2]).toString('base64'), ttl: 300, tag: 1108 });
  await sleep(200);
  assert.equal(b.pushes.length, 0);
  assert.equal(subA.result.length, 64);
  assert.notEqual(issA, issB);
  await a.close();
  await b.close();
});

test('JSON-RPC errors: unknown method, bad params, unparsable frame', { timeout: 30000 }, async () => {
  const c = await raw(await jwt(SEED_A));
  assert.equal((await c.call('irn_nope', {})).error.code, -32601);
  assert.equal((await c.call('irn_publish', { topic: 'ab', message: 'AA==' })).error.code, -32602);
  assert.equal((await c.call('wc_approveSession', { pairingTopic: 'ab' })).error.code, -32602);
  const parseError = new Promise((resolve) => c.ws.once('message', (d) => resolve(JSON.parse(d.toString()))));
  c.ws.send('{not json');
  assert.equal((await parseError).error.code, -32700);
  await c.close();
});

test('the relay sends WebSocket pings (sign-client in Node drops a socket after 35 s without one)', { timeout: 30000 }, async () => {
  const quick = new WalletConnectRelay({ pingIntervalMs: 100 });
  await quick.start();
  try {
    const c = await raw(await jwt(SEED_A, { aud: quick.url }), '/', quick.url);
    await withTimeout(new Promise((resolve) => c.ws.once('ping', resolve)), 5000, 'ping frame');
    await c.close();
  } finally {
    await quick.stop();
  }
});

test('no outside network call was made, no relay handler threw', () => {
  assert.deepEqual(fetches, []);
  assert.deepEqual(relay.errors, []);
});
