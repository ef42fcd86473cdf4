// A QTUM chain emulator for the tests — no qtumd is packaged for Debian or npm. On the shared
// emulated chain (emulated-chain.mjs: blocks, mempool, bitcoind's RPC for the Electrum test
// server) it keeps QTUM's transactions — Bitcoin's wire form, parsed by bitcoinjs-lib, each
// P2PKH input's legacy SIGHASH_ALL signature verified by tiny-secp256k1 — and QTUM's headers
// (Bitcoin's 80 bytes, then hashStateRoot, hashUTXORoot, prevoutStake and the block signature).
// QTUM is proof of stake: a block may carry a coinstake (spending the staker's output; its first
// output empty, value 0 and no script) beside its coinbase, and qtumd refuses a spend of either
// one's outputs before COINBASE_MATURITY (2000 blocks since QTUM's 32-second blocks, the coins
// file's mature_confirmations): `bad-txns-premature-spend-of-coinbase`.
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { EmulatedChain, u32, varBytes } from './emulated-chain.mjs';

const require = createRequire(import.meta.url);
const bitcoin = require('bitcoinjs-lib');
const ecc = require('tiny-secp256k1');

export const QTUM_MATURITY = 2000;
const BANK_OUTPUTS = 100;

export class QtumChain extends EmulatedChain {
  /** `maturity`: qtumd's COINBASE_MATURITY (2000). */
  static start({ startTime = 1700000000, spacing = 32, maturity = QTUM_MATURITY } = {}) {
    const c = new QtumChain({ spacing, maturity });
    // The genesis block pays a bank of outputs that the emulator's own payments and stakes
    // spend, so every input of the chain names a transaction the chain has.
    const bank = QtumChain.build([[Buffer.alloc(32), 0xffffffff, Buffer.from([1, 0])]],
      Array.from({ length: BANK_OUTPUTS }, () => [Buffer.from([0x51]), 1000 * 1e8]));
    c.mineBlock([bank], startTime, null);
    c.bank = { txid: Buffer.from(c.parse(bank).getHash()), next: 0 };
    return c;
  }

  /** The next unspent output of the genesis bank, as an input ([hash, index, script]). */
  bankInput() {
    if (this.bank.next >= BANK_OUTPUTS) throw new Error('the emulator\'s bank is spent');
    return [this.bank.txid, this.bank.next++, Buffer.alloc(0)];
  }

  /** A transaction of `version` paying `outputs` ([script, satoshis]) from `inputs` ([hash, index, script]). */
  static build(inputs, outputs, version = 1) {
    const tx = new bitcoin.Transaction();
    tx.version = version;
    for (const [hash, index, script] of inputs) tx.addInput(hash, index, 0xffffffff, script);
    for (const [script, value] of outputs) tx.addOutput(script, BigInt(value));
    return tx.toHex();
  }

  /**
   * A block's coinbase — paying `to` (proof of work, as QTUM's first blocks) or, in a staked
   * block, one empty output as qtumd writes it — and with `stake: {to, value}` a coinstake
   * spending a staker's output (one of the bank's) and paying `value` to `to`.
   */
  rewardTxs(height, { to, value = 0, stake } = {}) {
    const heightScript = Buffer.concat([Buffer.from([4]), u32(height)]);
    const coinbase = QtumChain.build([[Buffer.alloc(32), 0xffffffff, heightScript]],
      [to && !stake ? [to, value] : [Buffer.alloc(0), 0]]);
    if (!stake) return [coinbase];
    const coinstake = QtumChain.build([this.bankInput()],
      [[Buffer.alloc(0), 0], [stake.to, stake.value]]);
    return [coinbase, coinstake];
  }

  /** A plain transaction paying `value` to `script` from an output of the bank's, into the mempool. */
  credit(script, value) {
    const hex = QtumChain.build([this.bankInput()], [[script, value]], 2);
    const tx = this.parse(hex);
    this.mempool.set(tx.getId(), { hex, tx, height: undefined, fee: 0 });
    return tx.getId();
  }

  /** A coinstake or a coinbase: their outputs must mature. */
  paysReward(tx) {
    const first = tx.outs[0];
    return super.paysReward(tx) || (first !== undefined && Number(first.value) === 0 && first.script.length === 0);
  }

  header(parent, time, height) {
    const signature = height > 0 ? randomBytes(71) : Buffer.alloc(0);
    return Buffer.concat([u32(0x20000000), parent ? Buffer.from(parent.hash, 'hex').reverse() : Buffer.alloc(32),
      Buffer.alloc(32), u32(time), u32(0x1a0fffff), u32(0), Buffer.alloc(32), Buffer.alloc(32),
      Buffer.alloc(36), varBytes(signature)]);
  }

  parse(hex) { return bitcoin.Transaction.fromHex(hex); }

  scriptParts(script) {
    return bitcoin.script.decompile(Buffer.from(script))?.map((p) => (typeof p === 'number' ? p : Buffer.from(p)));
  }

  p2pkhOf(pub) { return Buffer.from(bitcoin.payments.p2pkh({ pubkey: pub }).output); }

  verifyInput(tx, i, prev, sig, pub) {
    const decoded = bitcoin.script.signature.decode(sig);
    const digest = tx.hashForSignature(i, prev.script, decoded.hashType);
    return decoded.hashType === bitcoin.Transaction.SIGHASH_ALL && ecc.verify(digest, pub, decoded.signature);
  }
}
