// The SSE endpoint: heartbeat delivery, id lines, Last-Event-ID resume without gaps, refusals.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';
import { openSse } from '../support/sse-client.mjs';

let dir, w;
before(async () => {
  dir = tempDir();
  w = await WalletdProcess.start(writeConfig(dir));
});
after(async () => {
  await w.stop();
  cleanup(dir);
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test('heartbeat events arrive with ids and KDF framing', async () => {
  const sse = await openSse(`${w.url}/event-stream?id=1`);
  assert.equal(sse.status, 200);
  assert.equal(sse.headers.get('content-type'), 'text/event-stream');
  assert.equal(sse.headers.get('cache-control'), 'no-cache');
  assert.equal(sse.headers.get('access-control-allow-origin'), '*');
  const enable = await w.rpc('stream::heartbeat::enable', { client_id: 1, config: { stream_interval_seconds: 0.2 } });
  assert.deepEqual(enable.json.result, { streamer_id: 'HEARTBEAT' });
  const frames = await sse.waitFor(3);
  assert.equal(frames[0].raw, 'id: 1\ndata: {"_type":"HEARTBEAT","message":{}} \n\n');
  assert.deepEqual(frames.slice(0, 3).map((f) => f.id), [1, 2, 3]);
  const again = await openSse(`${w.url}/event-stream?id=1`);
  assert.equal(again.status, 500);
  assert.equal(again.text, 'ID already in use');
  await sse.close();
  const disabled = await w.rpc('stream::disable', { client_id: 1, streamer_id: 'HEARTBEAT' });
  assert.deepEqual(disabled.json.result, { result: 'Success' });
});

test('a reconnect with Last-Event-ID and the resume token resumes without gaps', async () => {
  const first = await openSse(`${w.url}/event-stream?id=2`);
  const token = first.headers.get('x-stream-resume-token');
  assert.match(token, /^[0-9a-f]{32}$/);
  await w.rpc('stream::heartbeat::enable', { client_id: 2, config: { stream_interval_seconds: 0.1 } });
  await first.waitFor(3);
  await first.close();
  const lastSeen = first.frames.at(-1).id;
  await sleep(600); // beats continue while disconnected
  const second = await openSse(`${w.url}/event-stream?id=2`, { lastEventId: lastSeen, resumeToken: token });
  assert.equal(second.headers.get('x-stream-resume-token'), token, 'the same stream keeps its token');
  const frames = await second.waitFor(6);
  const ids = frames.map((f) => f.id);
  assert.equal(ids[0], lastSeen + 1, `resumed at ${ids[0]} after ${lastSeen}`);
  ids.forEach((id, i) => assert.equal(id, lastSeen + 1 + i, 'no gap and no repeat'));
  await second.close();
  const lastOfSecond = second.frames.at(-1).id;
  const third = await openSse(`${w.url}/event-stream?id=2&resume_token=${token}`, { lastEventId: lastOfSecond });
  const viaQuery = await third.waitFor(1);
  assert.equal(viaQuery[0].id, lastOfSecond + 1, 'the token in the URL works too');
  await third.close();
  await w.rpc('stream::disable', { client_id: 2, streamer_id: 'HEARTBEAT' });
});

test('another client cannot read a stream\'s buffered events or take over an open stream', async () => {
  const owner = await openSse(`${w.url}/event-stream?id=4`);
  const token = owner.headers.get('x-stream-resume-token');
  await w.rpc('stream::heartbeat::enable', { client_id: 4, config: { stream_interval_seconds: 0.1 } });
  await owner.waitFor(2);
  const squatter = await openSse(`${w.url}/event-stream?id=4`, { lastEventId: 0 });
  assert.equal(squatter.status, 500, 'an open stream cannot be taken over');
  assert.match(squatter.text, /ID already in use/);
  await owner.close();
  await sleep(800); // beats are buffered for the owner
  const thief = await openSse(`${w.url}/event-stream?id=4`, { lastEventId: 0, resumeToken: 'f'.repeat(32) });
  assert.equal(thief.status, 200);
  const frames = await thief.waitFor(1);
  const ownerLast = owner.frames.at(-1).id;
  assert.ok(frames[0].id > ownerLast + 2, `no replay without the token (first id ${frames[0].id}, owner saw ${ownerLast})`);
  await thief.close();
  await w.rpc('stream::disable', { client_id: 4, streamer_id: 'HEARTBEAT' });
  void token;
});

test('stream method errors over HTTP', async () => {
  const unknown = await w.rpc('stream::heartbeat::enable', { client_id: 77 });
  assert.equal(unknown.status, 400);
  assert.equal(unknown.json.error_type, 'EnableError');
  const bad = await fetch(`${w.url}/event-stream?id=abc`);
  assert.equal(bad.status, 500);
});

test('streaming disabled in the configuration answers 500', async () => {
  const d = tempDir();
  const off = await WalletdProcess.start(writeConfig(d, { event_streaming_configuration: null }));
  try {
    const r = await fetch(`${off.url}/event-stream?id=0`);
    assert.equal(r.status, 500);
    assert.equal(await r.text(), 'Event streaming is disabled');
  } finally {
    await off.stop();
    cleanup(d);
  }
});
