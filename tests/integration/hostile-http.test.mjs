// The daemon against a hostile machine and a hostile web page: slow clients and streams do not
// starve it, framing is strict, foreign Host/Origin values are refused before anything runs,
// pipelined requests are answered in order, nothing the client sent is echoed back, and
// parallel password guessing gains nothing. Latency figures are printed; the bounds asserted
// are ones only a starved or hanging daemon would miss.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD } from '../support/walletd-process.mjs';
import { openSocket, waitUntil, exchange, parseResponses, postBytes, percentile } from '../support/raw-http.mjs';

let dir, w;
before(async () => {
  dir = tempDir();
  w = await WalletdProcess.start(writeConfig(dir, { rpc_allowed_hosts: ['wallet.lan'] }));
});
after(async () => {
  await w.stop();
  cleanup(dir);
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function timedVersion(url) {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', body: JSON.stringify({ mmrpc: '2.0', method: 'version' }),
    signal: AbortSignal.timeout(10000) });
  assert.equal(res.status, 200);
  await res.text();
  return performance.now() - started;
}

test('200 slow clients, 200 SSE streams and 50 short bodies do not delay a normal request', async () => {
  const sockets = [];
  const slow = [];
  for (let i = 0; i < 200; i++) {
    const s = await openSocket(w.port);
    s.write('POST / HTTP/1.1\r\nHost: localhost\r\nX: ');
    slow.push(s);
  }
  for (let i = 0; i < 200; i++) {
    const s = await openSocket(w.port);
    s.write(`GET /event-stream?id=${1000 + i} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    sockets.push(s);
  }
  for (let i = 0; i < 50; i++) {
    const s = await openSocket(w.port);
    s.write('POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n{"mmrpc"');
    sockets.push(s);
  }
  const drip = setInterval(() => slow.forEach((s) => !s.ended && s.write('a')), 500);
  try {
    await waitUntil(sockets[0], (s) => s.received.includes('text/event-stream'));
    const latencies = [];
    for (let i = 0; i < 40; i++) {
      latencies.push(await timedVersion(w.url));
      await sleep(50);
    }
    console.log(`version under 450 hostile connections: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `max ${Math.max(...latencies).toFixed(1)} ms`);
    assert.ok(Math.max(...latencies) < 1000, 'a normal request is answered while hostile connections are open');
    // The request deadline (10 s from the first byte) ends the slow and the short ones with 408.
    await waitUntil(slow[0], (s) => s.ended, 15000);
    assert.match(slow[0].received, /^HTTP\/1\.1 408 /);
    await waitUntil(sockets[249], (s) => s.ended, 5000);
    assert.match(sockets[249].received, /^HTTP\/1\.1 408 /);
    assert.ok(!sockets[0].ended, 'an SSE stream stays open');
  } finally {
    clearInterval(drip);
    [...slow, ...sockets].forEach((s) => s.destroy());
  }
});

test('a foreign Host (DNS rebinding) is refused; loopback names, rpcip and allowed hosts work', async () => {
  const body = { mmrpc: '2.0', method: 'get_enabled_coins', userpass: PASSWORD };
  const [evil] = await exchange(w.port, postBytes(body, { host: 'evil.example' }));
  assert.equal(evil.status, 403);
  assert.match(evil.json.error, /Host not allowed/);
  assert.ok(!evil.body.includes('evil.example'));
  for (const host of ['localhost', `localhost:${w.port}`, '127.0.0.1', `127.0.0.1:${w.port}`, '[::1]', 'wallet.lan']) {
    const [ok] = await exchange(w.port, postBytes(body, { host }));
    assert.equal(ok.status, 200, host);
  }
});

test('a cross-origin simple request is refused before it runs', async () => {
  const add = { mmrpc: '2.0', method: 'gui_storage::add_account', userpass: PASSWORD,
    params: { account_id: { type: 'iguana' }, name: 'from a web page', balance_usd: null } };
  const refused = await w.post(JSON.stringify(add), { headers: { origin: 'http://evil.example', 'content-type': 'text/plain' } });
  assert.equal(refused.status, 403);
  assert.match(refused.json.error, /Origin not allowed/);
  const accounts = await w.rpc('gui_storage::get_accounts');
  assert.equal(accounts.status, 200);
  assert.ok(!JSON.stringify(accounts.json).includes('from a web page'), 'the request did not run');
  const allowed = await w.post({ mmrpc: '2.0', method: 'version' }, { headers: { origin: 'http://localhost:3000' } });
  assert.equal(allowed.status, 200);
  const stream = await openSocket(w.port);
  stream.write('GET /event-stream?id=77 HTTP/1.1\r\nHost: localhost\r\nOrigin: http://evil.example\r\n\r\n');
  await waitUntil(stream, (s) => s.received.includes('\r\n\r\n'));
  stream.destroy();
  assert.match(stream.received, /^HTTP\/1\.1 200 /, 'streams follow event_streaming_configuration (here "*")');
});

test('50 pipelined requests in one write are answered in order', async () => {
  let bytes = '';
  for (let id = 1; id <= 50; id++) bytes += postBytes({ mmrpc: '2.0', method: 'version', id });
  const answers = await exchange(w.port, bytes, { count: 50 });
  assert.equal(answers.length, 50);
  assert.deepEqual(answers.map((a) => a.json.id), Array.from({ length: 50 }, (_, i) => i + 1));
});

test('ambiguous or malformed framing is refused at once, with no echo', async () => {
  const cases = [
    [`POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 50\r\n\r\n${PASSWORD}`, 400],
    [`POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`, 400],
    [`POST / HTTP/1.1\r\nHost: localhost\r\n${Array.from({ length: 10000 }, (_, i) => `X-${i}: ${PASSWORD}\r\n`).join('')}\r\n`, 431],
    [`${PASSWORD} garbage\r\n\r\n`, 400],
    ['\x16\x03\x01\x02\x00', 400],
    [`POST / HTTP/2.0\r\nHost: localhost\r\n\r\n`, 505],
    [`POST / HTTP/1.1\r\nHost: localhost\r\nX: ${PASSWORD}\x01\r\n\r\n`, 400],
    [`POST / HTTP/1.1\nHost: localhost\n\n`, 400],
  ];
  for (const [bytes, status] of cases) {
    const started = performance.now();
    const [answer] = await exchange(w.port, bytes);
    assert.equal(answer.status, status, JSON.stringify(bytes.slice(0, 60)));
    assert.ok(performance.now() - started < 2000, 'refused at once, not after a timeout');
    assert.ok(!answer.body.includes(PASSWORD), 'no echo');
  }
  const [chunked] = await exchange(w.port, 'POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n' +
    '10\r\n{"mmrpc":"2.0","\r\n10\r\nmethod":"version\r\n2\r\n"}\r\n0\r\n\r\n');
  assert.equal(chunked.status, 200, 'a chunked body is read');
  const [continued] = await exchange(w.port, 'POST / HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n');
  assert.equal(continued.status, 500, 'an empty body is not JSON');
});

test('JSON tricks: the password is never echoed, NUL and trailing bytes are refused, 1e400 is InvalidRequest', async () => {
  for (const body of [`{"mmrpc":"2.0","userpass":"${PASSWORD}\x01`, `{"mmrpc":"2.0","userpass":"${PASSWORD}\xff"`,
    `{"mmrpc":"2.0","method":"version","userpass":"${PASSWORD}"}\x00garbage`, `{"mmrpc":"2.0","method":"version"} ${PASSWORD}`]) {
    const [answer] = await exchange(w.port, postBytes(body));
    assert.equal(answer.status, 500);
    assert.ok(answer.json.error, 'a JSON error');
    assert.ok(!answer.body.includes(PASSWORD), `no echo in ${answer.body}`);
  }
  const [overflow] = await exchange(w.port, postBytes('{"mmrpc":"2.0","method":"version","id":1e400}'));
  assert.equal(overflow.status, 400);
  assert.equal(overflow.json.error_type, 'InvalidRequest');
});

test('300 concurrent wrong passwords: guessing stays at the global limit, honest requests are not delayed', async () => {
  const d = tempDir();
  const g = await WalletdProcess.start(writeConfig(d));
  const guessers = [];
  try {
    const started = performance.now();
    for (let i = 0; i < 300; i++) {
      const s = await openSocket(g.port);
      s.write(postBytes({ mmrpc: '2.0', method: 'get_enabled_coins', userpass: `guess-${i}` }));
      guessers.push(s);
    }
    const honest = [];
    while (performance.now() - started < 3000) {
      const t0 = performance.now();
      const ok = await g.rpc('get_enabled_coins');
      assert.equal(ok.status, 200);
      honest.push(performance.now() - t0);
      await sleep(20);
    }
    const seconds = (performance.now() - started) / 1000;
    const answered = guessers.filter((s) => parseResponses(s.received).length > 0).length;
    console.log(`${answered} wrong answers in ${seconds.toFixed(1)} s (limit: a burst of 10, then 5/s); ` +
      `honest p50 ${percentile(honest, 50).toFixed(1)} ms, p99 ${percentile(honest, 99).toFixed(1)} ms over ${honest.length} requests`);
    assert.ok(answered <= 10 + Math.ceil(seconds * 5) + 2, `${answered} guesses answered`);
    assert.ok(percentile(honest, 99) < 500, 'honest requests are not held behind the guesses');
  } finally {
    guessers.forEach((s) => s.destroy());
    await g.stop();
    cleanup(d);
  }
});
