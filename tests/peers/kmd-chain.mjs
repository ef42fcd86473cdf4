// A Komodo (KMD) chain emulator for the tests — no komodod is packaged for Debian or npm. It keeps
// an in-memory chain of overwintered version-4 transactions with Zcash-style 1487-byte headers
// (Equihash solution zeroed; times set by the test) and answers the bitcoind RPC calls the
// Electrum test server makes (electrum-server.mjs), so walletd meets KMD over Electrum as it
// would a real server over komodod. What it accepts is decided as komodod decides it, with an
// independent library doing the transaction work: @bitgo/utxo-lib parses each transaction and
// computes its ZIP-243 digests (branch 0x76b809bb), every input's signature is verified with its
// ECPair, coinbase outputs mature after 100 blocks, and the KMD rules of komodo_interest.cpp and
// main.cpp apply: outputs may exceed inputs by at most the interest the inputs accrued by the
// tip's time (`bad-txns-in-belowout`), and a locktime must be at least MTP + 777 − 3600.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const utxolib = require('@bitgo/utxo-lib');

const BRANCH_ID = 0x76b809bb;
const VERSION_GROUP_ID = 0x892f2085;
const COIN = 1e8;
const sha256d = (b) => createHash('sha256').update(createHash('sha256').update(b).digest()).digest();
const reversedHex = (b) => Buffer.from(b).reverse().toString('hex');

export class RpcError extends Error {
  constructor(method, error) {
    super(`${method}: ${error.message} (${error.code})`);
    this.code = error.code;
  }
}

// komodod's _komodo_interestnew (komodo_interest.cpp), written from the daemon's source.
export function komodoInterest(height, value, locktime, tiptime) {
  if (value < 10 * COIN || locktime < 500000000 || height >= 7777777 || tiptime <= locktime) return 0;
  let minutes = Math.floor((tiptime - locktime) / 60);
  if (minutes < 60) return 0;
  minutes = Math.min(minutes, 365 * 24 * 60);
  if (height >= 1000000) minutes = Math.min(minutes, 31 * 24 * 60);
  minutes -= 59;
  let interest = Math.floor(value / 10512000) * minutes;
  if (height >= 3484958) interest = Math.floor(interest / 500);
  return interest;
}

function u32(n) { const b = Buffer.alloc(4); b.writeUInt32LE(n >>> 0); return b; }
function u64(n) { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(n)); return b; }
function varBytes(b) { return Buffer.concat([Buffer.from([b.length]), b]); } // < 253 bytes here

export class KmdChain {
  /** `startTime`: the first block's time; blocks are `spacing` seconds apart unless mine() says. */
  static start({ startTime = 1700000000, spacing = 60 } = {}) {
    const c = new KmdChain();
    Object.assign(c, { spacing, blocks: [], mempool: new Map(), txs: new Map(), spent: new Set() });
    c.mineBlock([], startTime, null);
    return c;
  }

  async stop() {}

  get tip() { return this.blocks[this.blocks.length - 1]; }

  /** Median time past of the last 11 blocks (komodod's GetMedianTimePast). */
  mtp() {
    const times = this.blocks.slice(-11).map((b) => b.time).sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  }

  /** A coinbase paying `value` satoshis to `script`, with `locktime` (komodod's miners set it). */
  coinbase(script, value, locktime, height) {
    const raw = Buffer.concat([u32(0x80000004), u32(VERSION_GROUP_ID), Buffer.from([1]), Buffer.alloc(32), u32(0xffffffff),
      varBytes(Buffer.concat([Buffer.from([4]), u32(height)])), u32(0xffffffff), Buffer.from([1]), u64(value),
      varBytes(script), u32(locktime), u32(0), u64(0), Buffer.from([0, 0, 0])]);
    return raw.toString('hex');
  }

  /** Mines a block at `time` (default: tip + spacing) with the mempool and, when given, a coinbase. */
  mine({ to, value = 0, locktime = 0, time } = {}) {
    const height = this.blocks.length;
    const cb = to ? this.coinbase(to, value, locktime, height) : this.coinbase(Buffer.from([0x6a]), 0, 0, height);
    this.mineBlock([cb, ...this.mempool.values()].map((t) => (typeof t === 'string' ? t : t.hex)), time ?? this.tip.time + this.spacing, this.tip);
    this.mempool.clear();
    return height;
  }

  mineBlock(txHexes, time, parent) {
    const height = this.blocks.length;
    const header = Buffer.concat([u32(4), parent ? Buffer.from(parent.hash, 'hex').reverse() : Buffer.alloc(32), Buffer.alloc(32),
      Buffer.alloc(32), u32(time), u32(0x200f0f0f), Buffer.alloc(32), Buffer.from([0xfd, 0x40, 0x05]), Buffer.alloc(1344)]);
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

  parse(hex) {
    const tx = utxolib.bitgo.ZcashTransaction.fromBuffer(Buffer.from(hex, 'hex'), false, 'number', utxolib.networks.zcash);
    tx.consensusBranchId = BRANCH_ID;
    return tx;
  }

  /** The output `txid:vout` with its value, script, the making transaction's locktime and height. */
  output(txid, vout) {
    const made = this.txs.get(txid) ?? this.mempool.get(txid);
    const out = made?.tx.outs[vout];
    if (!out) return undefined;
    return { value: Number(out.value), script: out.script, locktime: made.tx.locktime, height: made.height,
      coinbase: isCoinbase(made.tx.ins[0]) };
  }

  /** komodod's acceptance of a transaction into its mempool; throws RpcError -26 with its reason. */
  accept(hex) {
    let tx;
    try { tx = this.parse(hex); } catch (e) { throw new RpcError('sendrawtransaction', { code: -22, message: `TX decode failed: ${e.message}` }); }
    const reject = (reason) => { throw new RpcError('sendrawtransaction', { code: -26, message: reason }); };
    if (tx.version !== 4 || !tx.overwintered) reject('bad-tx-version');
    const inPool = new Set([...this.mempool.values()].flatMap((m) => m.tx.ins.map(outpointKey)));
    let inputs = 0, interest = 0;
    for (const [i, input] of tx.ins.entries()) {
      const key = outpointKey(input);
      const prev = this.output(reversedHex(input.hash), input.index);
      if (!prev) reject('bad-txns-inputs-missingorspent');
      if (this.spent.has(key) || inPool.has(key)) reject('bad-txns-inputs-spent');
      if (prev.coinbase && this.tip.height + 1 - prev.height < 100) reject('bad-txns-premature-spend-of-coinbase');
      const [sig, pub] = utxolib.script.decompile(input.script) ?? [];
      if (!Buffer.isBuffer(sig) || !Buffer.isBuffer(pub)) reject('mandatory-script-verify-flag-failed (not a P2PKH spend)');
      const owner = utxolib.payments.p2pkh({ pubkey: pub }).output;
      if (!owner.equals(prev.script)) reject('mandatory-script-verify-flag-failed (Script failed an OP_EQUALVERIFY operation)');
      const decoded = utxolib.script.signature.decode(sig);
      const digest = tx.hashForSignatureByNetwork(i, prev.script, prev.value, decoded.hashType);
      if (decoded.hashType !== 1 || !utxolib.ECPair.fromPublicKey(pub).verify(digest, decoded.signature))
        reject('mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)');
      inputs += prev.value;
      if (prev.height !== undefined) interest += komodoInterest(prev.height, prev.value, prev.locktime, this.tip.time);
    }
    const outputs = tx.outs.reduce((sum, o) => sum + Number(o.value), 0);
    if (outputs > inputs + interest) reject('bad-txns-in-belowout');
    if (tx.locktime >= 500000000 && tx.locktime < this.mtp() + 777 - 3600) reject('tx locktime too old');
    const txid = tx.getId();
    this.mempool.set(txid, { hex, tx, height: undefined, fee: inputs + interest - outputs });
    return txid;
  }

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
      default: return this.fail(method, -32601, 'Method not found');
    }
  }

  block(hash) {
    return this.blocks.find((b) => b.hash === hash) ?? this.fail('getblock', -5, 'Block not found');
  }

  decoded(txid) {
    const made = this.txs.get(txid) ?? this.mempool.get(txid);
    return {
      txid, hex: made.hex, locktime: made.tx.locktime,
      vin: made.tx.ins.map((i) => (isCoinbase(i) ? { coinbase: i.script.toString('hex') } : { txid: reversedHex(i.hash), vout: i.index })),
      vout: made.tx.outs.map((o, n) => ({ value: Number(o.value) / COIN, n, scriptPubKey: { hex: o.script.toString('hex') } })),
    };
  }

  fail(method, code, message) {
    throw new RpcError(method, { code, message });
  }
}

function isCoinbase(input) {
  return Buffer.from(input.hash).equals(Buffer.alloc(32)) && input.index === 0xffffffff;
}

function outpointKey(input) {
  return `${reversedHex(input.hash)}:${input.index}`;
}
