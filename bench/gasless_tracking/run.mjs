// 1,000 gasless transfers followed at once by one GASLESS_TRACE stream, against the TRON node and
// relay provider emulators: the provider's poll traffic per transfer per interval (must stay one:
// no duplicates), the delay between a provider state change and walletd's event (target ≤ one
// poll interval), and walletd's RSS before and after. The transfers are submitted one by one
// (withdraw + send_raw_transaction) while the provider holds them in WAITING; then the provider
// moves them all to INPROGRESS at once and the bench times the events.
// Usage: node bench/gasless_tracking/run.mjs [transfers, default 1000] [interval ms, default 1000]
import { readFileSync } from 'node:fs';
import { TronWeb } from 'tronweb';
import { TronNode } from '../../tests/peers/tron-node.mjs';
import { RelayProvider, PROVIDER_ADDRESS } from '../../tests/peers/relay-provider.mjs';
import { FUNDED_KEY } from '../../tests/peers/ganache.mjs';
import { openSse } from '../../tests/support/sse-client.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../../tests/support/walletd-process.mjs';

const count = Number(process.argv[2] ?? 1000);
const intervalMs = Number(process.argv[3] ?? 1000);
const TOKEN = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const ME = TronWeb.address.fromPrivateKey(FUNDED_KEY.slice(2));
const RECEIVER = 'TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K';
// CPU seconds a process has used (utime + stime, in clock ticks of 1/100 s).
const cpuSeconds = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ').slice(11, 13)
  .reduce((sum, ticks) => sum + Number(ticks) / 100, 0);
const rssKb = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);

const tron = await TronNode.start();
tron.deployToken(TOKEN);
const provider = await RelayProvider.start({ tron, stepMs: 3_600_000, maxPending: count + 1,
  tokens: [{ address: TOKEN, symbol: 'USDT', decimal: 6, activateFee: 0, transferFee: 1000 }] });
tron.mintToken(TOKEN, provider.relayAddress(ME), BigInt(count) * 2_000_000n);
provider.account(ME).active = true;
const dir = tempDir();
const walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: FUNDED_KEY }));
const sse = await openSse(`${walletd.url}/event-stream?id=1`, { timeoutMs: 600_000 });
try {
  const activated = await walletd.rpc('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: [{ url: tron.url }],
    erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet' }],
    tron_gasless_provider: { base_url: provider.url, service: { relay: { api_key: 'test-key', api_secret: 'test-secret' } },
      service_provider: PROVIDER_ADDRESS, status_poll_interval_ms: intervalMs } });
  if (activated.status !== 200) throw new Error(activated.text);
  const pid = walletd.child.pid;
  const rssBefore = rssKb(pid);
  await walletd.rpc('stream::gasless_trace::enable', { coin: 'USDT-TRC20-devnet', client_id: 1 });
  const ids = [];
  const submitStart = Date.now();
  for (let i = 0; i < count; i++) {
    const w = await walletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: RECEIVER, amount: '1', fee_method: 'gasless' });
    if (w.status !== 200) throw new Error(w.text);
    const s = await walletd.rpc('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: w.json.result });
    if (s.status !== 200) throw new Error(s.text);
    ids.push(s.json.result.trace_id);
  }
  const submitSeconds = (Date.now() - submitStart) / 1000;
  // Every transfer reported pending once; then let a few intervals pass in WAITING.
  await sse.waitFor(count);
  const pollsAt = (id) => provider.pollsOf(id);
  const before = new Map(ids.map((id) => [id, pollsAt(id)]));
  const windowStart = Date.now();
  const cpuStart = { bench: process.cpuUsage(), walletd: cpuSeconds(pid) };
  await new Promise((resolve) => setTimeout(resolve, 5 * intervalMs));
  const windowSeconds = (Date.now() - windowStart) / 1000;
  const windowIntervals = windowSeconds * 1000 / intervalMs;
  const benchCpu = process.cpuUsage(cpuStart.bench);
  const cpuShare = { bench: (benchCpu.user + benchCpu.system) / 1e6 / windowSeconds,
    walletd: (cpuSeconds(pid) - cpuStart.walletd) / windowSeconds };
  const perTransfer = ids.map((id) => pollsAt(id) - before.get(id));
  const maxPerInterval = Math.max(...perTransfer) / Math.floor(windowIntervals);
  // All transfers change state at once; time each event.
  const framesBefore = sse.frames.length;
  const changedAt = Date.now();
  for (const t of provider.transfers.values()) { t.state = 'INPROGRESS'; t.txnState = 'NOT_ON_CHAIN'; }
  const arrival = [];
  while (arrival.length < count) {
    await sse.waitFor(framesBefore + arrival.length + 1);
    arrival.push(Date.now() - changedAt);
  }
  arrival.sort((a, b) => a - b);
  const rssAfter = rssKb(pid);
  console.log(`${count} gasless transfers followed by one stream, poll interval ${intervalMs} ms`);
  console.log(`submitted (withdraw + send_raw_transaction, one after another): ${submitSeconds.toFixed(1)} s, ${(count / submitSeconds).toFixed(0)}/s`);
  console.log(`provider polls per transfer over ${windowIntervals.toFixed(1)} intervals: min ${Math.min(...perTransfer)}, max ${Math.max(...perTransfer)} (max ${maxPerInterval.toFixed(2)} per interval; target 1, no duplicates)`);
  console.log(`CPU over that window: walletd ${(cpuShare.walletd * 100).toFixed(0)}% of a core, this process (the emulators and the SSE reader) ${(cpuShare.bench * 100).toFixed(0)}% (the emulators share this process: near 100% they, not walletd, would bound the poll rate)`);
  console.log(`event delay after the provider's state change: median ${arrival[Math.floor(count / 2)]} ms, max ${arrival.at(-1)} ms (target ≤ ${intervalMs} ms + the poll round trip)`);
  console.log(`walletd RSS: ${(rssBefore / 1024).toFixed(1)} MiB before, ${(rssAfter / 1024).toFixed(1)} MiB after (+${((rssAfter - rssBefore) / 1024).toFixed(1)} MiB, ${((rssAfter - rssBefore) * 1024 / count).toFixed(0)} bytes per transfer)`);
} finally {
  await sse.close();
  await walletd.stop();
  await provider.stop();
  await tron.stop();
  cleanup(dir);
}
