// Shared by the withdraw-latency benches: a recording proxy between a wallet and its node, a
// minimal keep-alive client, and the measure that compares one operation's time with the sum of
// its node round trips. After each run the node calls the proxy recorded (path and body) are
// replayed one after another by the minimal client: that time is "the sum of its node round
// trips", and total − that is what the wallet itself adds.
import { createServer, Agent, request as httpRequest } from 'node:http';

/** Forwards POSTs (any path) to `target`, keeping each call's path and body in `proxy.calls`. */
export async function recordingProxy(target) {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const url = new URL(target);
  const proxy = { calls: [] };
  proxy.server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      proxy.calls.push({ path: req.url, body });
      const up = httpRequest({ agent, host: url.hostname, port: url.port, method: 'POST', path: req.url,
        headers: { 'content-type': 'application/json' } }, (upRes) => {
        const answer = [];
        upRes.on('data', (c) => answer.push(c));
        upRes.on('end', () => {
          res.writeHead(upRes.statusCode, { 'content-type': 'application/json' });
          res.end(Buffer.concat(answer));
        });
      });
      up.end(body);
    });
  });
  await new Promise((r) => proxy.server.listen(0, '127.0.0.1', r));
  proxy.url = `http://127.0.0.1:${proxy.server.address().port}`;
  proxy.stop = () => { agent.destroy(); proxy.server.closeAllConnections(); return new Promise((r) => proxy.server.close(r)); };
  return proxy;
}

const clientAgent = new Agent({ keepAlive: true, maxSockets: 1 });

/** POSTs `body` to `url` + `path` with the keep-alive client; resolves the answer text. */
export function post(url, body, path = '/') {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ agent: clientAgent, host: u.hostname, port: u.port, method: 'POST', path,
      headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks).toString()) : reject(new Error(Buffer.concat(chunks).toString()))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];

/**
 * Runs `once` `iterations` times (after 10 warm-ups); after each run replays the node calls it
 * made. Medians: the run, the replayed round trips, their difference; and the calls per run.
 */
export async function measure(proxy, once, iterations) {
  const total = [], nodeTime = [], overhead = [];
  let calls = 0;
  for (let i = 0; i < iterations + 10; i++) {
    proxy.calls = [];
    let start = process.hrtime.bigint();
    await once();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const recorded = proxy.calls;
    proxy.calls = [];  // the replay goes through the proxy too
    start = process.hrtime.bigint();
    for (const call of recorded) await post(proxy.url, call.body, call.path);
    const rtt = Number(process.hrtime.bigint() - start) / 1e6;
    if (i < 10) continue;
    total.push(ms);
    nodeTime.push(rtt);
    overhead.push(ms - rtt);
    calls = recorded.length;
  }
  return { total: median(total), node: median(nodeTime), overhead: median(overhead), overhead90: p90(overhead), calls };
}

/** Prints the rows of `measure` results side by side. */
export function printLatencyTable(title, rows) {
  console.log(title);
  console.log('peer'.padEnd(34), 'total'.padStart(8), 'node RTTs'.padStart(10), 'calls'.padStart(6), 'overhead'.padStart(9), 'p90 ovh'.padStart(8));
  for (const [name, r] of rows) {
    console.log(name.padEnd(34), r.total.toFixed(3).padStart(8), r.node.toFixed(3).padStart(10), String(r.calls).padStart(6),
      r.overhead.toFixed(3).padStart(9), r.overhead90.toFixed(3).padStart(8));
  }
  console.log('node RTTs = the same node calls replayed one after another by a minimal keep-alive client');
  console.log('overhead = total − node RTTs (for walletd: its own RPC parse and answer, thread hops, signing)');
  console.log('target: walletd overhead < 1 ms');
}
