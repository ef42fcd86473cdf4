// The emulated Trezor Bridge (tests/peers/trezor/bridge.mjs) against what a real trezord-go 2.0.x
// answers, as recorded with its sources in tests/peers/trezor/recorded/trezord-2.0.md: the JSON
// block there is loaded here, so the emulator cannot drift from the record. Over plain HTTP (node's
// http client, which sends exactly the headers given): origin checks, status codes, bodies to the
// byte, field order and types of /enumerate, sessions, the hex of /call, /post and /read, errors and
// their texts, a device unplugged, a session taken over, a client that goes away, /listen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TrezorTestDevice } from '../peers/trezor/device.mjs';
import { listenBridge } from '../peers/trezor/bridge.mjs';
import { decode, encode } from '../peers/trezor/wire.mjs';
import { repoRoot } from '../support/walletd-process.mjs';

const recordedText = readFileSync(join(repoRoot, 'tests/peers/trezor/recorded/trezord-2.0.md'), 'utf8');
const R = JSON.parse(recordedText.slice(recordedText.indexOf('```json recorded\n') + 17, recordedText.lastIndexOf('\n```')));
const ORIGIN = 'https://python.trezor.io';  // trezorlib's

// One request; `origin: null` sends no Origin header. Resolves {status, body, headers}; `signal` aborts.
function send(url, route, { body = '', origin = ORIGIN, method = 'POST', signal } = {}) {
  return new Promise((resolve, reject) => {
    const headers = origin === null ? {} : { Origin: origin };
    const req = request(`${url}${route}`, { method, headers, signal }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString(), headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const errorBody = (text) => R.error.body.replace('"<text>"', JSON.stringify(text));
function assertError(res, text) {
  assert.equal(res.status, R.error.status, res.body);
  assert.equal(res.body, errorBody(text));
  assert.equal(res.headers['content-type'], R.contentType);
}
function assertOk(res) {
  assert.equal(res.status, 200, res.body);
  if (res.body !== '') assert.equal(res.headers['content-type'], R.contentType);
}
const hexOf = (name, fields = {}) => {
  const { id, payload } = encode(name, fields);
  const head = Buffer.alloc(6);
  head.writeUInt16BE(id, 0);
  head.writeUInt32BE(payload.length, 2);
  return Buffer.concat([head, Buffer.from(payload)]).toString('hex');
};
const fromHex = (text) => {
  const bytes = Buffer.from(text, 'hex');
  return decode(bytes.readUInt16BE(0), bytes.subarray(6));
};
const typeOf = (v) => (v === null ? 'null' : typeof v);
function assertEntry(entry) {
  assert.deepEqual(Object.keys(entry), R.enumerate.fieldOrder);
  for (const [field, types] of Object.entries(R.enumerate.fieldTypes)) {
    assert.ok(types.split('|').includes(typeOf(entry[field])), `${field}: ${typeOf(entry[field])}`);
  }
  assert.match(entry.path, new RegExp(R.enumerate.pathPattern));
}

async function withBridge(devices, fn) {
  const bridge = await listenBridge(devices);
  try {
    await fn(bridge, (route, options) => send(bridge.url, route, options));
  } finally {
    await bridge.close();
  }
}

test('the record itself: the Suite e2e observation has the fields and types read from trezord', () => {
  for (const entry of R.enumerate.observedBySuiteE2E) {
    assert.deepEqual(Object.keys(entry).sort(), [...R.enumerate.fieldOrder].sort());
    for (const [field, types] of Object.entries(R.enumerate.fieldTypes)) assert.ok(types.split('|').includes(typeOf(entry[field])));
  }
  for (const origin of R.originsAllowed) assert.ok(R.allowedOriginPatterns.some((p) => new RegExp(p).test(origin)), origin);
  for (const origin of R.originsRefused) assert.ok(!R.allowedOriginPatterns.some((p) => new RegExp(p).test(origin)), origin);
});

test('version, origins, unknown routes and methods answer as trezord', async () => {
  await withBridge([{ path: '1', device: new TrezorTestDevice() }], async (bridge, post) => {
    for (const name of ['info', 'configure']) {
      const res = await post(R[name].path);
      assert.equal(res.status, R[name].status);
      assert.equal(res.body, R[name].body);
      assert.equal(res.headers['content-type'], R.contentType);
      assert.equal(res.headers['access-control-allow-origin'], ORIGIN);
    }
    for (const origin of R.originsAllowed) assertOk(await post('/enumerate', { origin }));
    for (const origin of R.originsRefused) {
      const res = await post('/enumerate', { origin: origin === '' ? null : origin });
      assert.equal(res.status, R.forbidden.status, origin);
      assert.equal(res.body, R.forbidden.body);
      assert.equal(res.headers['content-type'], undefined);
    }
    const unknown = await post('/nothing-here', { origin: null });
    assert.equal(unknown.status, R.notFound.status);
    assert.equal(unknown.body, R.notFound.body);
    assert.equal((await post('/enumerate/', {})).status, R.notFound.status);
    const get = await post('/enumerate', { method: 'GET' });
    assert.equal(get.status, R.methodNotAllowed.status);
    assert.equal(get.body, R.methodNotAllowed.body);
    const root = await post('/', { method: 'GET', origin: null });
    assert.equal(root.status, R.getRoot.status);
    assert.equal(root.headers.location, R.getRoot.location);
  });
});

test('enumerate, acquire and release: ids given by enumeration, field order, sessions and their errors', async () => {
  const devices = [{ path: 'usb-a', device: new TrezorTestDevice() }, { path: 'usb-b', device: new TrezorTestDevice() }];
  await withBridge(devices, async (bridge, post) => {
    // No enumeration yet: trezord knows no path.
    assertError(await post('/acquire/1/null'), R.errors.deviceNotFound);
    const listed = await post('/enumerate');
    assertOk(listed);
    assert.ok(listed.body.endsWith(R.jsonBodiesEndWith));
    const entries = JSON.parse(listed.body);
    assert.equal(entries.length, 2);
    entries.forEach(assertEntry);
    assert.deepEqual(entries.map((e) => e.path), ['1', '2']);
    assert.deepEqual(entries.map((e) => [e.session, e.debugSession]), [[null, null], [null, null]]);
    assert.deepEqual(entries.map((e) => e.path), entries.map((e) => e.path).sort());

    const acquired = await post('/acquire/1/null');
    assertOk(acquired);
    assert.equal(acquired.body, `${JSON.stringify({ session: R.acquire.firstSession })}\n`);
    assert.deepEqual(Object.keys(JSON.parse(acquired.body)), R.acquire.bodyKeys);
    assert.equal(JSON.parse((await post('/enumerate')).body)[0].session, R.acquire.firstSession);
    assertError(await post('/acquire/1/null'), R.errors.wrongPrevious);
    assertError(await post('/acquire/1/7'), R.errors.wrongPrevious);
    assertError(await post('/acquire/abc/null'), R.errors.atoiAbc);
    assertError(await post('/acquire/99/null'), R.errors.deviceNotFound);
    // The listed session is taken over: a new one, counted on.
    const second = JSON.parse((await post(`/acquire/1/${R.acquire.firstSession}`)).body).session;
    assert.match(second, new RegExp(R.acquire.sessionPattern));
    assert.notEqual(second, R.acquire.firstSession);
    assertError(await post(`/release/${R.acquire.firstSession}`), R.errors.sessionNotFound);
    const released = await post(`/release/${second}`);
    assertOk(released);
    assert.equal(released.body, R.release.body.replace('<session>', second));
    assertError(await post(`/release/${second}`), R.errors.sessionNotFound);
    assert.equal(JSON.parse((await post('/enumerate')).body)[0].session, null);
    // Both gone: the empty list as trezord writes it.
    bridge.disconnect('usb-a');
    bridge.disconnect('usb-b');
    assert.equal((await post('/enumerate')).body, R.enumerate.emptyBody);
  });
});

test('call, post and read: hex in and out, errors in trezord\'s order and words', async () => {
  await withBridge([{ path: '1', device: new TrezorTestDevice({ label: 'shapes' }) }], async (bridge, post) => {
    await post('/enumerate');
    const { session } = JSON.parse((await post('/acquire/1/null')).body);
    // The body is hex-decoded first, whatever the session.
    assertError(await post('/call/999', { body: 'xx' }), R.errors.hexInvalidByteX);
    assertError(await post(`/call/${session}`, { body: '000' }), R.errors.hexOddLength);
    assertError(await post(`/call/${session}`, { body: `${hexOf('Initialize')}\n` }), R.errors.hexInvalidByteNewline);
    assertError(await post('/call/999', { body: hexOf('Initialize') }), R.errors.sessionNotFound);
    assertError(await post(`/call/${session}`, { body: '' }), R.errors.malformedData);
    assertError(await post(`/call/${session}`, { body: '000000000005aa' }), R.errors.malformedData);
    assertError(await post(`/call/${session}`, { body: '0000000000020900' }), R.errors.malformedData);  // wire type 1

    const features = await post(`/call/${session}`, { body: hexOf('Initialize') });
    assertOk(features);
    assert.match(features.body, new RegExp(R.call.bodyPattern));
    assert.equal(fromHex(features.body).type, 'Features');
    assert.equal(fromHex(features.body).message.label, 'shapes');

    // /read waits for the device; a /call meanwhile is refused; /post is not held back, and the
    // device's answer to it is what the waiting /read gets.
    const reading = post(`/read/${session}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assertError(await post(`/call/${session}`, { body: hexOf('Initialize') }), R.errors.otherCall);
    const posted = await post(`/post/${session}`, { body: hexOf('GetFeatures') });
    assert.equal(posted.status, R.post.status);
    assert.equal(posted.body, R.post.body);
    assert.equal(posted.headers['content-type'], undefined);
    const read = await reading;
    assertOk(read);
    assert.equal(fromHex(read.body).type, 'Features');
  });
});

test('a device unplugged under a read, a session taken over, a client gone, and /listen', async () => {
  await withBridge([{ path: 'usb', device: new TrezorTestDevice() }], async (bridge, post) => {
    await post('/enumerate');
    let { session } = JSON.parse((await post('/acquire/1/null')).body);

    // Taken over while a read waits: the read fails as webusb's closed handle does.
    const waiting = post(`/read/${session}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const taken = JSON.parse((await post(`/acquire/1/${session}`)).body).session;
    assertError(await waiting, R.errors.closedDevice);
    session = taken;

    // A client that goes away while its call waits loses its session.
    const abort = new AbortController();
    const gone = post(`/read/${session}`, { signal: abort.signal }).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    abort.abort();
    assert.equal(await gone, 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assertError(await post(`/release/${session}`), R.errors.sessionNotFound);
    session = JSON.parse((await post('/acquire/1/null')).body).session;

    // /listen: a bad body, then a wait that ends when the device leaves.
    assertError(await post('/listen', { body: '' }), R.errors.listenEmptyBody);
    const before = (await post('/enumerate')).body;
    const listening = post('/listen', { body: before });
    const inFlight = post(`/read/${session}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    bridge.disconnect('usb');
    assertError(await inFlight, R.errors.disconnected);
    // Until an enumeration (the 500 ms background one included) releases the session, the USB
    // write fails; after it the session is unknown.
    const early = await post(`/call/${session}`, { body: hexOf('Initialize') });
    assert.ok([errorBody(R.errors.disconnected), errorBody(R.errors.sessionNotFound)].includes(early.body), early.body);
    const changed = await listening;
    assertOk(changed);
    assert.equal(changed.body, R.enumerate.emptyBody);
    assertError(await post(`/call/${session}`, { body: hexOf('Initialize') }), R.errors.sessionNotFound);
    assertError(await post('/acquire/1/null'), R.errors.deviceNotFound);
    // Plugged in again: a new path.
    bridge.connect('usb');
    const [again] = JSON.parse((await post('/enumerate')).body);
    assertEntry(again);
    assert.equal(again.path, '2');
    assert.equal(again.session, null);
  });
});
