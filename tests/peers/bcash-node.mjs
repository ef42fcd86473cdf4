// A Bitcoin Cash node for the tests: bcash (bcoin's BCH fork, a JS full node from npm) as an
// in-memory regtest node inside the test process — it validates scripts with BCH's rules
// (SIGHASH_FORKID required, the amount committed), so a transaction it accepts is one a BCH node
// accepts. No BCH node is packaged for Debian. `rpc` answers the bitcoind RPC calls the Electrum
// facade (electrum-server.mjs) makes, in bitcoind's shapes, through bcash's own RPC server: so the
// facade serves BCH exactly as it serves litecoind. Blocks come from generatetoaddress.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);

export class RpcError extends Error {
  constructor(method, error) {
    super(`${method}: ${error.message} (${error.code})`);
    this.code = error.code;
  }
}

// bcash's LevelDB binding is not needed for an in-memory node; keep it from loading.
function loadBcash() {
  process.env.NODE_BACKEND = 'js';
  const level = require.resolve('bdb/lib/level.js', { paths: [dirname(require.resolve('bcash'))] });
  require.cache[level] ??= { id: level, filename: level, loaded: true, exports: () => { throw new Error('no LevelDB in tests'); } };
  return require('bcash');
}

export class BcashNode {
  static async start() {
    const b = new BcashNode();
    b.bcash = loadBcash();
    b.node = new b.bcash.FullNode({ network: 'regtest', memory: true, workers: false, listen: false,
      logLevel: 'none', indexTX: true, indexAddress: false });
    await b.node.open();
    return b;
  }

  async stop() {
    await this.node?.close();
  }

  /** bitcoind's RPC call, in bitcoind's answer shapes where bcash's differ. */
  async rpc(method, params = []) {
    try {
      switch (method) {
        case 'getblock': // bitcoind's verbosity 2: transactions decoded
          return await this.call('getblock', [params[0], true, params[1] === 2]);
        case 'sendrawtransaction': { // bcash's relays without waiting; bitcoind's refuses
          const tx = this.bcash.TX.fromRaw(Buffer.from(params[0], 'hex'));
          try {
            await this.node.mempool.addTX(tx);
          } catch (e) {
            throw new RpcError(method, { code: -26, message: e.reason ?? e.message });
          }
          return tx.txid();
        }
        case 'getmempoolentry': {
          const entry = await this.call('getmempoolentry', params);
          return { ...entry, fees: { base: entry.fee } };
        }
        default:
          return await this.call(method, params);
      }
    } catch (e) {
      if (e instanceof RpcError) throw e;
      throw new RpcError(method, { code: e.code ?? -1, message: e.message });
    }
  }

  async call(method, params) {
    return this.node.rpc.execute({ method, params });
  }

  /** Mines `n` blocks paying `address` (a bchreg: cashaddr or a legacy regtest address). */
  async mine(n, address) {
    return this.rpc('generatetoaddress', [n, address]);
  }
}
