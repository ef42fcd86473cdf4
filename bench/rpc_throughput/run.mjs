// bench/rpc_throughput: requests/s and p99 latency of `version` at 64 connections (wrk) for walletd
// and for a bare cpp-httplib server answering the same bytes, in one run; plus walletd's cold
// start (spawn -> first answered request) and idle RSS. Prints figures; asserts nothing.
// Usage: node bench/rpc_throughput/run.mjs [seconds=10]   (after building native-release)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../../tests/support/walletd-process.mjs';
import { runWrk, parseWrk, VERSION_SCRIPT } from '../../tests/support/wrk.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const seconds = Number(process.argv[2] ?? 10);
const bareBin = join(root, 'build/native-release/bench/bare_httplib_server');
process.env.WALLETD_BIN ??= join(root, 'build/native-release/host-native/walletd');

const wrk = async (url) => parseWrk(await runWrk(['-t2', '-c64', `-d${seconds}s`, '--latency', '-s', VERSION_SCRIPT, url],
  { timeoutMs: (seconds + 30) * 1000 }));

const rssKb = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);

async function coldStartMs(config) {
  const samples = [];
  for (let i = 0; i < 5; i++) {
    const t0 = process.hrtime.bigint();
    const w = await WalletdProcess.start(config);
    const r = await w.post({ mmrpc: '2.0', method: 'version' });
    if (r.status !== 200) throw new Error('version failed');
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
    await w.stop();
  }
  return samples.sort((a, b) => a - b)[2];
}

const dir = tempDir('walletd-bench-');
const config = writeConfig(dir);
console.log(`load average: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
const cold = await coldStartMs(config);

const w = await WalletdProcess.start(config);
await new Promise((r) => setTimeout(r, 500));
const idleRss = rssKb(w.pid);
const body = (await w.post({ mmrpc: '2.0', method: 'version' })).text;
const walletd = await wrk(w.url + '/');
await w.stop();

const port = 20000 + Math.floor(Math.random() * 20000);
const bare = spawn(bareBin, [String(port), body]);
await new Promise((resolve, reject) => {
  const t = setTimeout(() => reject(new Error('bare server did not start')), 5000);
  bare.stdout.on('data', (d) => { if (String(d).includes('ready')) { clearTimeout(t); resolve(); } });
});
const baseline = await wrk(`http://127.0.0.1:${port}/`);
bare.kill('SIGTERM');
cleanup(dir);

const row = (name, r) => `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(10)} ${r.p99.toFixed(2).padStart(9)} ${String(r.errors).padStart(7)}`;
console.log(`\nversion over HTTP, 64 connections, ${seconds} s each (wrk -t2 -c64)`);
console.log(`${'server'.padEnd(28)} ${'req/s'.padStart(10)} ${'p99 ms'.padStart(9)} ${'errors'.padStart(7)}`);
console.log(row('walletd', walletd));
console.log(row('bare cpp-httplib (same body)', baseline));
console.log(`ratio walletd / bare: ${(100 * walletd.rps / baseline.rps).toFixed(1)} %   (target >= 70 %, p99 < 10 ms, 0 errors)`);
console.log(`cold start (spawn -> first answer, median of 5): ${cold.toFixed(1)} ms   (target <= 50 ms)`);
console.log(`idle RSS: ${(idleRss / 1024).toFixed(1)} MB   (target <= 15 MB)`);
