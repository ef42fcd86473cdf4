// withdraw latency against ganache: the median time of one `withdraw` RPC (estimated EIP-1559
// fee, no broadcast) next to the sum of its node round trips. A recording proxy between walletd
// and ganache keeps the JSON-RPC bodies walletd sent; right after each withdraw the bench replays
// exactly those bodies, one after another, with a minimal keep-alive client — that time is "the
// sum of its node round trips", and the difference is what walletd adds (its RPC parse and
// answer, thread hops, signing; target < 1 ms). The JS peer, ethers, does the same steps (nonce,
// balance, fee data, gas estimate, signTransaction) and is measured the same way. The RPC to
// walletd also uses a keep-alive client, so both sides pay the same HTTP costs.
// Usage: node bench/evm_withdraw_latency/run.mjs [iterations, default 200]
import { createServer, Agent, request as httpRequest } from 'node:http';
import { JsonRpcProvider, Wallet, parseEther } from 'ethers';
import { Ganache, FUNDED_KEY } from '../../tests/peers/ganache.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../../tests/support/walletd-process.mjs';

const iterations = Number(process.argv[2] ?? 200);
const TO = '0x3535353535353535353535353535353535353535';

/** Forwards JSON-RPC to `target`, keeping each request body in `proxy.bodies`. */
async function recordingProxy(target) {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const url = new URL(target);
  const proxy = { bodies: [] };
  proxy.server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      proxy.bodies.push(Buffer.concat(chunks));
      const up = httpRequest({ agent, host: url.hostname, port: url.port, method: 'POST', path: '/',
        headers: { 'content-type': 'application/json' } }, (upRes) => {
        const body = [];
        upRes.on('data', (c) => body.push(c));
        upRes.on('end', () => {
          res.writeHead(upRes.statusCode, { 'content-type': 'application/json' });
          res.end(Buffer.concat(body));
        });
      });
      up.end(Buffer.concat(chunks));
    });
  });
  await new Promise((r) => proxy.server.listen(0, '127.0.0.1', r));
  proxy.url = `http://127.0.0.1:${proxy.server.address().port}`;
  proxy.stop = () => { agent.destroy(); proxy.server.closeAllConnections(); return new Promise((r) => proxy.server.close(r)); };
  return proxy;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
const clientAgent = new Agent({ keepAlive: true, maxSockets: 1 });

/** POSTs `body` to `url` with the keep-alive client; resolves the answer text. */
function post(url, body) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ agent: clientAgent, host: u.hostname, port: u.port, method: 'POST', path: '/',
      headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks).toString()) : reject(new Error(Buffer.concat(chunks).toString()))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Runs `once` `iterations` times (after 10 warm-ups); after each run replays the node calls it
 * made. Medians: the run, the replayed round trips, their difference; and the calls per run.
 */
async function measure(proxy, once) {
  const total = [], nodeTime = [], overhead = [];
  let calls = 0;
  for (let i = 0; i < iterations + 10; i++) {
    proxy.bodies = [];
    let start = process.hrtime.bigint();
    await once();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const bodies = proxy.bodies;
    proxy.bodies = [];  // the replay goes through the proxy too
    start = process.hrtime.bigint();
    for (const body of bodies) await post(proxy.url, body);
    const rtt = Number(process.hrtime.bigint() - start) / 1e6;
    if (i < 10) continue;
    total.push(ms);
    nodeTime.push(rtt);
    overhead.push(ms - rtt);
    calls = bodies.length;
  }
  return { total: median(total), node: median(nodeTime), overhead: median(overhead), overhead90: p90(overhead), calls };
}

const ganache = await Ganache.start();
const proxy = await recordingProxy(ganache.url);
const dir = tempDir();
const walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: FUNDED_KEY }));
try {
  const enabled = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: proxy.url }] });
  if (enabled.status !== 200) throw new Error(enabled.text);
  const body = JSON.stringify({ mmrpc: '2.0', userpass: (await import('../../tests/support/walletd-process.mjs')).PASSWORD,
    method: 'withdraw', params: { coin: 'ETH-ganache', to: TO, amount: '0.01' } });
  const walletdRow = await measure(proxy, () => post(walletd.url, body));

  const provider = new JsonRpcProvider(proxy.url, 1337, { staticNetwork: true, cacheTimeout: -1, batchMaxCount: 1 });
  const wallet = new Wallet(FUNDED_KEY, provider);
  const ethersRow = await measure(proxy, async () => {
    const nonce = await provider.getTransactionCount(wallet.address, 'pending');
    const balance = await provider.getBalance(wallet.address);
    const fees = await provider.getFeeData();
    const tx = { type: 2, chainId: 1337, nonce, to: TO, value: parseEther('0.01'),
      maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
    tx.gasLimit = await provider.estimateGas({ ...tx, from: wallet.address });
    if (balance < tx.value) throw new Error('balance');
    await wallet.signTransaction(tx);
  });
  provider.destroy();

  console.log(`withdraw against ganache through a recording proxy: ${iterations} runs, medians in ms`);
  console.log('peer'.padEnd(28), 'total'.padStart(8), 'node RTTs'.padStart(10), 'calls'.padStart(6), 'overhead'.padStart(9), 'p90 ovh'.padStart(8));
  for (const [name, r] of [['walletd withdraw RPC', walletdRow], ['ethers (same steps)', ethersRow]]) {
    console.log(name.padEnd(28), r.total.toFixed(3).padStart(8), r.node.toFixed(3).padStart(10), String(r.calls).padStart(6),
      r.overhead.toFixed(3).padStart(9), r.overhead90.toFixed(3).padStart(8));
  }
  console.log('node RTTs = the same node calls replayed one after another by a minimal keep-alive client');
  console.log('overhead = total − node RTTs (for walletd: its own RPC parse and answer, thread hops, signing)');
  console.log('target: walletd overhead < 1 ms');
} finally {
  await walletd.stop();
  await proxy.stop();
  await ganache.stop();
  cleanup(dir);
}
