// Litecoin Core (Debian's litecoind, Bitcoin Core 0.21's scripts and sighash rules) as the UTXO
// peer: regtest on 127.0.0.1 with a throwaway datadir, RPC with fixed credentials, a
// watch-only wallet ("watch") for Native mode's imported addresses, stopped by PID. Coins come
// from mining to a key this module holds (generatetodescriptor), so no wallet key is needed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from '../support/walletd-process.mjs';
import { freePort } from './local-server.mjs';

export const LITECOIND = '/usr/lib/litecoin/litecoind';
const USER = 'walletd', PASSWORD = 'regtest-only';

export class RpcError extends Error {
  constructor(method, error) {
    super(`${method}: ${error.message} (${error.code})`);
    this.code = error.code;
  }
}

export class Litecoind {
  static available() {
    return existsSync(LITECOIND);
  }

  /**
   * The tests' `skip` option: a developer's machine without litecoind skips them; in CI (CI=true)
   * they never skip, so a missing peer fails the run instead of letting it pass empty.
   */
  static skipReason() {
    return !Litecoind.available() && !process.env.CI && 'litecoind is not installed';
  }

  static async start({ timeoutMs = 30000 } = {}) {
    const l = new Litecoind();
    l.datadir = mkdtempSync(join(tmpdir(), 'walletd-ltc-'));
    l.port = await freePort();
    l.url = `http://127.0.0.1:${l.port}`;
    l.user = USER;
    l.password = PASSWORD;
    l.child = spawn(LITECOIND, ['-regtest', `-datadir=${l.datadir}`, '-server', '-listen=0', '-dnsseed=0',
      '-connect=0', '-upnp=0', '-txindex=1', '-printtoconsole=0', '-fallbackfee=0.0001', '-debug=rpc',
      '-rpcbind=127.0.0.1', '-rpcallowip=127.0.0.1', `-rpcport=${l.port}`, `-rpcuser=${USER}`,
      `-rpcpassword=${PASSWORD}`], { stdio: ['ignore', 'ignore', 'pipe'] });
    l.stderr = '';
    l.child.stderr.on('data', (d) => (l.stderr += d));
    l.exited = new Promise((resolve) => l.child.on('exit', (code, signal) => resolve({ code, signal })));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        await l.rpc('getblockchaininfo');
        break;
      } catch (e) {
        if (l.child.exitCode !== null || Date.now() > deadline) {
          await l.stop();
          throw new Error(`litecoind did not start: ${e.message} ${l.stderr}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await l.rpc('createwallet', ['watch', true, true]);  // no private keys, blank
    return l;
  }

  /** One JSON-RPC call (`wallet` routes it to /wallet/<name>); throws RpcError on an error answer. */
  async rpc(method, params = [], { wallet } = {}) {
    const res = await fetch(`${this.url}${wallet ? `/wallet/${wallet}` : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` },
      body: JSON.stringify({ jsonrpc: '1.0', id: 1, method, params }),
      signal: AbortSignal.timeout(30000),
    });
    const json = await res.json();
    if (json.error) throw new RpcError(method, json.error);
    return json.result;
  }

  /** Mines `n` blocks paying `descriptor` (e.g. `addr(<address>)` or `wpkh(<pubkey hex>)`). */
  /** How many `method` calls litecoind has received so far (-debug=rpc logs each one as it
   * arrives): what tests wait on to know that walletd's poll has asked. */
  rpcCalls(method) {
    const log = readFileSync(join(this.datadir, 'regtest', 'debug.log'), 'utf8');
    return log.split('\n').filter((line) => line.includes(`ThreadRPCServer method=${method} `)).length;
  }

  mine(n, descriptor) {
    return this.rpc('generatetodescriptor', [n, descriptor]);
  }

  async stop(graceMs = 10000) {
    if (this.child && this.child.exitCode === null) await stopChild(this.child, this.exited, graceMs);
    if (this.datadir) rmSync(this.datadir, { recursive: true, force: true });
  }
}
