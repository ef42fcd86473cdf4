// The node behind a Sapling chain's Electrum server: the bitcoind-style RPC calls the Electrum
// test server makes (electrum-server.mjs), answered over a SaplingChain in zcashd's shapes —
// display-order txids, Zcash headers (1487 bytes with the Equihash solution's length), verbose
// transactions with vin/vout, mempool = the chain's pending transactions — so walletd meets the
// ZHTLC chain's transparent side over Electrum as KDF does (tip, full transactions, broadcasts).
// sendrawtransaction goes through sapling-mempool.mjs's checks, with zcashd's refusal codes.
import { createHash } from 'node:crypto';
import { ElectrumServer } from './electrum-server.mjs';
import { RpcError, reversedHex, u32 } from './emulated-chain.mjs';
import { parseV4 } from './sapling-verify.mjs';
import { submitTransaction } from './sapling-mempool.mjs';

const NOT_FOUND = { code: -5, message: 'No such mempool or blockchain transaction. Use gettransaction for wallet transactions.' };
const internalHex = (display) => Buffer.from(display, 'hex').reverse().toString('hex');

// A Zcash block header's layout: version 4, the parent, the roots, time, bits, nonce and a zero
// solution. The roots are zeros (the Sapling root costs the emulator ~100 ms a block in JS, and
// walletd reads only the tip's height from Electrum).
function zcashHeader(block) {
  const solution = Buffer.concat([Buffer.from([0xfd, 0x40, 0x05]), Buffer.alloc(1344)]);
  return Buffer.concat([u32(4), Buffer.from(block.prevHash ?? Buffer.alloc(32)), Buffer.alloc(64),
    u32(block.time), u32(0x1d00ffff), Buffer.alloc(32), solution]).toString('hex');
}

// A transaction as getrawtransaction's verbose answer and getblock's level 2 write it.
function verbose(raw) {
  const tx = parseV4(Buffer.from(raw).toString('hex'));
  const hash = createHash('sha256').update(createHash('sha256').update(raw).digest()).digest();
  return {
    txid: reversedHex(hash), hex: Buffer.from(raw).toString('hex'),
    vin: tx.vin.map((i) => ({ txid: reversedHex(i.prevout.slice(0, 32)), vout: Buffer.from(i.prevout.slice(32)).readUInt32LE() })),
    vout: tx.vout.map((o, n) => ({ n, value: Number(Buffer.from(o.value).readBigInt64LE()) / 1e8, scriptPubKey: { hex: Buffer.from(o.script).toString('hex') } })),
  };
}

export class SaplingNode {
  constructor(chain) { this.chain = chain; }

  blockAt(height) {
    const b = this.chain.block(height);
    if (!b) throw new RpcError('getblockhash', { code: -8, message: 'Block height out of range' });
    return b;
  }

  // The block of a display-order hash (an index over the chain's blocks, rebuilt when a hash is
  // not in it: the chain grew or reorganised).
  blockByHash(display) {
    if (!this.byHash?.has(display)) this.byHash = new Map(this.chain.blocks.map((b) => [reversedHex(b.hash), b]));
    const b = this.byHash.get(display);
    if (!b || !this.chain.blocks.includes(b)) throw new RpcError('getblock', { code: -5, message: 'Block not found' });
    return b;
  }

  known(display) {
    const found = this.chain.raw.get(internalHex(display));
    if (!found) throw new RpcError('getrawtransaction', NOT_FOUND);
    return found.tx.raw;
  }

  async rpc(method, params = []) {
    // Answers after a turn of the event loop, as a node over a socket does: the Electrum server
    // indexing a thousand new blocks must not hold the test's own HTTP calls back meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    switch (method) {
      case 'getblockcount': return this.chain.tipHeight();
      case 'getblockhash': return reversedHex(this.blockAt(params[0]).hash);
      case 'getblockheader': return zcashHeader(this.blockByHash(params[0]));
      case 'getblock': return { tx: this.blockByHash(params[0]).vtx.map((t) => verbose(this.known(reversedHex(t.hash)))) };
      case 'getrawmempool': return this.chain.pending.map((t) => reversedHex(t.hash));
      case 'getrawtransaction': {
        const raw = this.known(params[0]);
        return params[1] ? verbose(raw) : Buffer.from(raw).toString('hex');
      }
      case 'getmempoolentry': throw new RpcError(method, { code: -5, message: 'Transaction not in mempool' });
      case 'getnetworkinfo': return { relayfee: 0.000001 };
      case 'estimatesmartfee': return { errors: ['Insufficient data or no feerate found'], blocks: params[0] };
      case 'sendrawtransaction': {
        const answer = submitTransaction(this.chain, Buffer.from(String(params[0]), 'hex'));
        if (answer.errorCode !== 0) throw new RpcError(method, { code: answer.errorCode, message: answer.errorMessage });
        return JSON.parse(answer.errorMessage);
      }
      default: throw new RpcError(method, { code: -32601, message: 'Method not found' });
    }
  }
}

/** An Electrum server (electrum-server.mjs: TCP, WS; TLS with `tls`) over the Sapling chain. */
export async function startSaplingElectrum(chain, { tls, pollMs = 50 } = {}) {
  return ElectrumServer.start({ ltc: new SaplingNode(chain), tls, pollMs, fromHeight: chain.base.height + 1 });
}
