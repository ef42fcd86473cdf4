// A Komodo (KMD) chain emulator for the tests — no komodod is packaged for Debian or npm. On the
// shared emulated chain (emulated-chain.mjs: blocks, mempool, bitcoind's RPC for the Electrum
// test server) it keeps overwintered version-4 transactions with Zcash-style 1487-byte headers
// (Equihash solution zeroed; times set by the test). What it accepts is decided as komodod
// decides it, with an independent library doing the transaction work: @bitgo/utxo-lib parses
// each transaction and computes its ZIP-243 digests (branch 0x76b809bb), every input's signature
// is verified with its ECPair, coinbase outputs mature after 100 blocks, and the KMD rules of
// komodo_interest.cpp and main.cpp apply: outputs may exceed inputs by at most the interest the
// inputs accrued by the tip's time (`bad-txns-in-belowout`), and a locktime must be at least
// MTP + 777 − 3600.
import { createRequire } from 'node:module';
import { EmulatedChain, RpcError, COIN, u32, u64, varBytes } from './emulated-chain.mjs';

export { RpcError };

const require = createRequire(import.meta.url);
const utxolib = require('@bitgo/utxo-lib');

const BRANCH_ID = 0x76b809bb;
const VERSION_GROUP_ID = 0x892f2085;

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

export class KmdChain extends EmulatedChain {
  /** `startTime`: the first block's time; blocks are `spacing` seconds apart unless mine() says. */
  static start({ startTime = 1700000000, spacing = 60 } = {}) {
    const c = new KmdChain({ spacing, maturity: 100 });
    c.mineBlock([], startTime, null);
    return c;
  }

  /** A coinbase paying `value` satoshis to `script`, with `locktime` (komodod's miners set it). */
  coinbase(script, value, locktime, height) {
    const raw = Buffer.concat([u32(0x80000004), u32(VERSION_GROUP_ID), Buffer.from([1]), Buffer.alloc(32), u32(0xffffffff),
      varBytes(Buffer.concat([Buffer.from([4]), u32(height)])), u32(0xffffffff), Buffer.from([1]), u64(value),
      varBytes(script), u32(locktime), u32(0), u64(0), Buffer.from([0, 0, 0])]);
    return raw.toString('hex');
  }

  /** A block's coinbase: to `to` (`value`, `locktime`) when given, else an empty one. */
  rewardTxs(height, { to, value = 0, locktime = 0 } = {}) {
    return [to ? this.coinbase(to, value, locktime, height) : this.coinbase(Buffer.from([0x6a]), 0, 0, height)];
  }

  header(parent, time) {
    return Buffer.concat([u32(4), parent ? Buffer.from(parent.hash, 'hex').reverse() : Buffer.alloc(32), Buffer.alloc(32),
      Buffer.alloc(32), u32(time), u32(0x200f0f0f), Buffer.alloc(32), Buffer.from([0xfd, 0x40, 0x05]), Buffer.alloc(1344)]);
  }

  parse(hex) {
    const tx = utxolib.bitgo.ZcashTransaction.fromBuffer(Buffer.from(hex, 'hex'), false, 'number', utxolib.networks.zcash);
    tx.consensusBranchId = BRANCH_ID;
    return tx;
  }

  scriptParts(script) { return utxolib.script.decompile(script); }
  p2pkhOf(pub) { return utxolib.payments.p2pkh({ pubkey: pub }).output; }

  verifyInput(tx, i, prev, sig, pub) {
    const decoded = utxolib.script.signature.decode(sig);
    const digest = tx.hashForSignatureByNetwork(i, prev.script, prev.value, decoded.hashType);
    return decoded.hashType === 1 && utxolib.ECPair.fromPublicKey(pub).verify(digest, decoded.signature);
  }

  /** The interest an input accrued by the tip's time. */
  inputExtra(prev) {
    return prev.height === undefined ? 0 : komodoInterest(prev.height, prev.value, prev.locktime, this.tip.time);
  }

  checkRules(tx, reject) {
    if (tx.version !== 4 || !tx.overwintered) reject('bad-tx-version');
    if (tx.locktime >= 500000000 && tx.locktime < this.mtp() + 777 - 3600) reject('tx locktime too old');
  }
}
