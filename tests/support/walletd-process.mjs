// Starts the real walletd binary on a free loopback port with a temporary configuration and
// database, and stops it by PID. Every wait is bounded.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PASSWORD = 'Integration-Test-1';

export function walletdBinary() {
  const candidates = [process.env.WALLETD_BIN, join(repoRoot, 'build/native-release/host-native/walletd'),
    join(repoRoot, 'build/native-debug/host-native/walletd')].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`walletd binary not found (tried ${candidates.join(', ')}); build it first`);
  return found;
}

export function tempDir(prefix = 'walletd-test-') {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Writes MM2.json into `dir` and returns its path. */
export function writeConfig(dir, overrides = {}) {
  // check_result_types: every mmrpc 2.0 result is checked against its declared type, so any
  // drift between the docs and the wire fails the test that meets it (ResultTypeMismatch).
  const conf = { rpc_password: PASSWORD, rpcport: 0, dbdir: join(dir, 'db'),
    event_streaming_configuration: { access_control_allow_origin: '*' }, check_result_types: true,
    ...overrides };
  const path = join(dir, 'MM2.json');
  writeFileSync(path, JSON.stringify(conf));
  return path;
}

/** Runs walletd to completion (for start-up errors); resolves {code, stdout, stderr}. */
export function runWalletd(args, { timeoutMs = 10000, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(walletdBinary(), args, { env: { ...process.env, ...env } });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error('walletd did not exit')); }, timeoutMs);
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}

/** Stops `child` by PID: SIGTERM, then SIGKILL after `graceMs`; resolves `exited` (its exit status). */
export async function stopChild(child, exited, graceMs) {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const status = await exited;
  clearTimeout(timer);
  return status;
}

export class WalletdProcess {
  /** Starts walletd with `configPath`; resolves once it printed its port. */
  static start(configPath, { coinsPath = join(repoRoot, 'config/coins.json'), timeoutMs = 10000, env = {} } = {}) {
    return WalletdProcess.startWithArgs(['--config', configPath, '--coins', coinsPath], { timeoutMs, env });
  }

  /** Starts walletd with explicit arguments; resolves once it printed its port. */
  static async startWithArgs(args, { timeoutMs = 10000, env = {} } = {}) {
    const p = new WalletdProcess();
    p.startedAt = process.hrtime.bigint();
    p.child = spawn(walletdBinary(), args, { env: { ...process.env, ...env } });
    p.stderr = '';
    p.child.stderr.on('data', (d) => (p.stderr += d));
    p.exited = new Promise((resolve) => p.child.on('exit', (code, signal) => resolve({ code, signal })));
    p.port = await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`walletd did not start: ${p.stderr}`)), timeoutMs);
      p.child.stdout.on('data', (d) => {
        out += d;
        const m = out.match(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
        if (m) { clearTimeout(timer); resolve(Number(m[1])); }
      });
      p.child.on('exit', () => { clearTimeout(timer); reject(new Error(`walletd exited: ${p.stderr}`)); });
    });
    p.url = `http://127.0.0.1:${p.port}`;
    return p;
  }

  get pid() { return this.child.pid; }

  /** POSTs `body` (object or text); resolves {status, headers, text, json}. */
  async post(body, { path = '/', headers = {} } = {}) {
    const res = await fetch(this.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body), signal: AbortSignal.timeout(10000) });
    const text = await res.text();
    let json;
    try { json = JSON.parse(text); } catch { json = undefined; }
    return { status: res.status, headers: res.headers, text, json };
  }

  /** A v2 call with the right userpass. */
  rpc(method, params, extra = {}) {
    const body = { mmrpc: '2.0', userpass: PASSWORD, method, ...extra };
    if (params !== undefined) body.params = params;
    return this.post(body);
  }

  /** Polls task::<family>::status until the task is no longer InProgress (bounded); its result. */
  async waitTask(family, taskId, timeoutMs = 20000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await this.rpc(`task::${family}::status`, { task_id: taskId });
      if (res.status !== 200) throw new Error(`task::${family}::status answered ${res.status}: ${res.text}`);
      if (res.json.result.status !== 'InProgress') return res.json.result;
      if (Date.now() >= deadline) throw new Error('task did not finish');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves the exit status. */
  stop(graceMs = 5000) {
    return stopChild(this.child, this.exited, graceMs);
  }

  async kill9() {
    this.child.kill('SIGKILL');
    return this.exited;
  }
}

export function cleanup(dir) {
  rmSync(dir, { recursive: true, force: true });
}
