// The part every in-memory chain emulator of the tests shares (kmd-chain.mjs, qtum-chain.mjs):
// blocks, a mempool, which outputs are spent, and the bitcoind RPC calls the Electrum test server
// makes (electrum-server.mjs), in bitcoind's answer shapes — so walletd meets the chain over
// Electrum as it would a real server over the chain's daemon. What the node accepts is decided
// by `accept`, as the daemons decide it: inputs must exist, be unspent and (for a block
// reward's outputs) mature; each must be a P2PKH spend whose signature an independent library
// verifies over the chain's digest (the subclass's `inputDigest`); outputs may not exceed inputs
// plus what the chain adds (`inputExtra`: KMD's interest); then the chain's own rules
// (`checkRules`). A chain may answer Electrum methods of its own (`electrumMethod`, as QTUM's
// ElectrumX does for contracts). A subclass gives the wire form (`parse`), headers (`header`), a block's
// reward transactions (`rewardTxs`) and those rules.
import { createHash } from 'node:crypto';

export const COIN = 1e8;
export const sha256d = (b) => createHash('sha256').update(createHash('sha256').update(b).digest()).digest();
export const reversedHex = (b) => Buffer.from(b).reverse().toString('hex');
export function u32(n) { const b = Buffer.alloc(4); b.writeUInt32LE(n >>> 0); return b; }
export function u64(n) { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(n)); return b; }
export function varBytes(b) { return Buffer.concat([Buffer.from([b.length]), b]); } // < 253 bytes here

export class RpcError extends Error {
  constructor(method, error) {
    super(`${method}: ${error.message} (${error.code})`);
    this.code = error.code;
  }
}

export function isCoinbase(input) {
  return Buffer.from(input.hash).equals(Buffer.alloc(32)) && input.index === 0xffffffff;
}

export function outpointKey(input) {
  return `${reversedHex(input.hash)}:${input.index}`;
}

export class EmulatedChain {
  /** `maturity`: confirmations a block reward's outputs need before they may be spent. */
  constructor({ spacing = 60, maturity = 100 } = {}) {
    Object.assign(this, { spacing, maturity, blocks: [], mempool: new Map(), txs: new Map(), spent: new Set() });
  }

  async stop() {}

  get tip() { return this.blocks[this.blocks.length - 1]; }

  /** Median time past of the last 11 blocks (the daemons' GetMedianTimePast). */
  mtp() {
    const times = this.blocks.slice(-11).map((b) => b.time).sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  }

  /** Mines a block at `time` (default: tip + spacing) with the chain's reward transactions and the mempool. */
  mine(options = {}) {
    const height = this.blocks.length;
    const rewards = this.rewardTxs(height, options);
    this.mineBlock([...rewards, ...[...this.mempool.values()].map((t) => t.hex)], options.time ?? this.tip.time + this.spacing, this.tip);
    this.mempool.clear();
    return height;
  }

  mineBlock(txHexes, time, parent) {
    const height = this.blocks.length;
    const header = this.header(parent, time, height);
    const hash = reversedHex(sha256d(header));
    const block = { height, hash, time, header: header.toString('hex'), txids: [] };
    for (const hex of txHexes) {
      const tx = this.parse(hex);
      const txid = tx.getId();
      this.txs.set(txid, { hex, height, tx });
      for (const input of tx.ins) if (!isCoinbase(input)) this.spent.add(outpointKey(input));
      block.txids.push(txid);
    }
    this.blocks.push(block);
  }

  /** Whether `tx` pays a block's reward (its outputs must mature): a coinbase here. */
  paysReward(tx) { return isCoinbase(tx.ins[0]); }

  /** The output `txid:vout` with its value, script, the making transaction's locktime and height. */
  output(txid, vout) {
    const made = this.txs.get(txid) ?? this.mempool.get(txid);
    const out = made?.tx.outs[vout];
    if (!out) return undefined;
    return { value: Number(out.value), script: Buffer.from(out.script), locktime: made.tx.locktime, height: made.height,
      reward: this.paysReward(made.tx) };
  }

  /** The daemon's acceptance of a transaction into its mempool; throws RpcError -26 with its reason. */
  accept(hex) {
    let tx;
    try { tx = this.parse(hex); } catch (e) { throw new RpcError('sendrawtransaction', { code: -22, message: `TX decode failed: ${e.message}` }); }
    const reject = (reason) => { throw new RpcError('sendrawtransaction', { code: -26, message: reason }); };
    const inPool = new Set([...this.mempool.values()].flatMap((m) => m.tx.ins.map(outpointKey)));
    let inputs = 0, extra = 0;
    for (const [i, input] of tx.ins.entries()) {
      const key = outpointKey(input);
      const prev = this.output(reversedHex(input.hash), input.index);
      if (!prev) reject('bad-txns-inputs-missingorspent');
      if (this.spent.has(key) || inPool.has(key)) reject('bad-txns-inputs-spent');
      if (prev.reward && (prev.height === undefined || this.tip.height + 1 - prev.height < this.maturity))
        reject('bad-txns-premature-spend-of-coinbase');
      const [sig, pub] = this.scriptParts(input.script) ?? [];
      if (!Buffer.isBuffer(sig) || !Buffer.isBuffer(pub)) reject('mandatory-script-verify-flag-failed (not a P2PKH spend)');
      if (!this.p2pkhOf(pub).equals(prev.script)) reject('mandatory-script-verify-flag-failed (Script failed an OP_EQUALVERIFY operation)');
      if (!this.verifyInput(tx, i, prev, sig, pub))
        reject('mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)');
      inputs += prev.value;
      extra += this.inputExtra(prev);
    }
    const outputs = tx.outs.reduce((sum, o) => sum + Number(o.value), 0);
    if (outputs > inputs + extra) reject('bad-txns-in-belowout');
    this.checkRules(tx, reject, { fee: inputs + extra - outputs });
    const txid = tx.getId();
    this.mempool.set(txid, { hex, tx, height: undefined, fee: inputs + extra - outputs });
    return txid;
  }

  /** What an input brings beyond its value (none by default). */
  inputExtra() { return 0; }
  /** The chain's own acceptance rules (none by default), given the transaction's fee. */
  checkRules() {}

  /** bitcoind's RPC, in bitcoind's answer shapes. */
  async rpc(method, params = []) {
    switch (method) {
      case 'getblockcount': return this.tip.height;
      case 'getblockhash': return this.blocks[params[0]]?.hash ?? this.fail(method, -8, 'Block height out of range');
      case 'getblockheader': return this.block(params[0]).header;
      case 'getblock': {
        const block = this.block(params[0]);
        return { hash: block.hash, height: block.height, time: block.time, tx: block.txids.map((t) => this.decoded(t)) };
      }
      case 'getrawmempool': return [...this.mempool.keys()];
      case 'getrawtransaction': {
        const made = this.txs.get(params[0]) ?? this.mempool.get(params[0]);
        if (!made) this.fail(method, -5, 'No such mempool or blockchain transaction');
        return params[1] ? this.decoded(params[0]) : made.hex;
      }
      case 'getmempoolentry': {
        const entry = this.mempool.get(params[0]);
        if (!entry) this.fail(method, -5, 'Transaction not in mempool');
        return { fees: { base: entry.fee / COIN } };
      }
      case 'sendrawtransaction': return this.accept(params[0]);
      case 'estimatesmartfee': return { errors: ['Insufficient data or no feerate found'], blocks: params[0] };
      case 'getnetworkinfo': return { relayfee: 0.000001 };
      default: return this.rpcMore(method, params);
    }
  }

  /** RPC calls of the chain's own (none by default). */
  async rpcMore(method) { return this.fail(method, -32601, 'Method not found'); }

  block(hash) {
    return this.blocks.find((b) => b.hash === hash) ?? this.fail('getblock', -5, 'Block not found');
  }

  decoded(txid) {
    const made = this.txs.get(txid) ?? this.mempool.get(txid);
    return {
      txid, hex: made.hex, locktime: made.tx.locktime,
      vin: made.tx.ins.map((i) => (isCoinbase(i) ? { coinbase: Buffer.from(i.script).toString('hex') } : { txid: reversedHex(i.hash), vout: i.index })),
      vout: made.tx.outs.map((o, n) => ({ value: Number(o.value) / COIN, n, scriptPubKey: { hex: Buffer.from(o.script).toString('hex') } })),
    };
  }

  fail(method, code, message) {
    throw new RpcError(method, { code, message });
  }
}
