// wrk (Debian's HTTP load generator, a C client) for the tests and benchmarks that must measure
// walletd rather than node's HTTP client: runs it with a bounded wait and reads its report.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './walletd-process.mjs';

/** The wrk script that POSTs the public `version` request. */
export const VERSION_SCRIPT = join(repoRoot, 'tests/support/post-version.lua');

/** Runs wrk with `args`; resolves its report text. Killed after `timeoutMs`. */
export function runWrk(args, { env = {}, timeoutMs = 60000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error('wrk did not end')); }, timeoutMs);
    child.on('exit', () => { clearTimeout(timer); resolve(out); });
  });
}

/** Requests/s, p99 latency in ms (with --latency) and errors (non-2xx plus socket errors). */
export function parseWrk(out) {
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN);
  const p99raw = out.match(/99%\s+([\d.]+)(us|ms|s)/);
  const p99 = p99raw ? Number(p99raw[1]) * { us: 0.001, ms: 1, s: 1000 }[p99raw[2]] : NaN;
  const non2xx = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  const sock = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const errors = non2xx + (sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0);
  return { rps, p99, errors };
}
