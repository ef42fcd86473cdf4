// A QTUM chain emulator for the tests — no qtumd is packaged for Debian or npm. On the shared
// emulated chain (emulated-chain.mjs: blocks, mempool, bitcoind's RPC for the Electrum test
// server) it keeps QTUM's transactions — Bitcoin's wire form, parsed by bitcoinjs-lib, each
// P2PKH input's legacy SIGHASH_ALL signature verified by tiny-secp256k1 — and QTUM's headers
// (Bitcoin's 80 bytes, then hashStateRoot, hashUTXORoot, prevoutStake and the block signature).
// QTUM is proof of stake: a block may carry a coinstake (spending the staker's output; its first
// output empty, value 0 and no script) beside its coinbase, and qtumd refuses a spend of either
// one's outputs before COINBASE_MATURITY (2000 blocks since QTUM's 32-second blocks, the coins
// file's mature_confirmations): `bad-txns-premature-spend-of-coinbase`. QRC20 tokens live in a
// ledger (qrc20-ledger.mjs): an OP_CALL output (read here with bitcoinjs-lib's script decoder)
// runs when its block is mined; qtumd's mempool wants the gas (limit × price, price ≥ 40
// satoshis) covered by the fee. The delegation contract at 0x…86 is qtum-delegations.mjs. The
// contract methods of QTUM's ElectrumX are answered from the two.
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { EmulatedChain, RpcError, u32, varBytes, reversedHex } from './emulated-chain.mjs';
import { Qrc20Ledger } from './qrc20-ledger.mjs';
import { QtumDelegations, DELEGATION_CONTRACT } from './qtum-delegations.mjs';

const require = createRequire(import.meta.url);
const bitcoin = require('bitcoinjs-lib');
const ecc = require('tiny-secp256k1');

export const QTUM_MATURITY = 2000;
const BANK_OUTPUTS = 100;

export class QtumChain extends EmulatedChain {
  /** `maturity`: qtumd's COINBASE_MATURITY (2000). */
  static start({ startTime = 1700000000, spacing = 32, maturity = QTUM_MATURITY } = {}) {
    const c = new QtumChain({ spacing, maturity });
    c.tokens = new Qrc20Ledger();
    c.delegations = new QtumDelegations(c.tokens);
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

  /** The OP_CALL outputs of `tx`: [{n, gasLimit, gasPrice, data, contract}]. */
  static contractCalls(tx) {
    const calls = [];
    tx.outs.forEach((out, n) => {
      const parts = bitcoin.script.decompile(Buffer.from(out.script));
      if (!parts || parts.length !== 6 || parts[0] !== 0x54 || parts[5] !== 0xc2) return;
      const num = (b) => (Buffer.isBuffer(b) || b instanceof Uint8Array ? bitcoin.script.number.decode(Buffer.from(b), 8) : NaN);
      calls.push({ n, gasLimit: num(parts[1]), gasPrice: num(parts[2]), data: Buffer.from(parts[3]), contract: Buffer.from(parts[4]) });
    });
    return calls;
  }

  /** qtumd's mempool rules for contract calls: a gas price of at least 40, the gas within the fee. */
  checkRules(tx, reject, { fee }) {
    let gas = 0;
    for (const call of QtumChain.contractCalls(tx)) {
      if (!(call.gasPrice >= 40)) reject('bad-txns-invalid-gas-price');
      gas += call.gasLimit * call.gasPrice;
    }
    if (gas > fee) reject('bad-txns-fee-notenough');
  }

  mineBlock(txHexes, time, parent) {
    super.mineBlock(txHexes, time, parent);
    const block = this.tip;
    block.txids.forEach((txid, txIndex) => {
      const { tx } = this.txs.get(txid);
      for (const call of QtumChain.contractCalls(tx)) {
        const prev = this.output(reversedHex(tx.ins[0].hash), tx.ins[0].index);
        const sender = prev ? prev.script.subarray(3, 23).toString('hex') : '';
        const contract = call.contract.toString('hex') === DELEGATION_CONTRACT ? this.delegations : this.tokens;
        contract.execute({ txid, height: block.height, blockHash: block.hash, txIndex, n: call.n, sender, call });
      }
    });
  }

  /** qtumd's callcontract: a read-only call of a token or of the delegation contract. */
  contractCall(contract, dataHex) {
    return contract === DELEGATION_CONTRACT ? this.delegations.call(dataHex) : this.tokens.call(contract, dataHex);
  }

  /** QTUM's ElectrumX methods for contracts (the misspelt receipt method is the real one). */
  electrumMethod(method, p) {
    const hex40 = (i) => {
      if (!/^[0-9a-f]{40}$/.test(p[i] ?? '')) throw new RpcError(method, { code: -32602, message: `invalid params: argument ${i} is not a 160-bit hex` });
      return p[i];
    };
    switch (method) {
      case 'blockchain.contract.call': return this.contractCall(hex40(0), String(p[1] ?? ''));
      case 'blochchain.transaction.get_receipt': return this.tokens.receipts.get(p[0]) ?? [];
      case 'blockchain.contract.event.get_history': return this.tokens.history(hex40(0), hex40(1), String(p[2] ?? ''));
      case 'blockchain.token.get_info': {
        const token = this.tokens.tokens.get(hex40(0));
        return token && { name: token.name, decimals: token.decimals, symbol: token.symbol,
          total_supply: Number([...token.balances.values()].reduce((a, b) => a + b, 0n)) / 10 ** token.decimals };
      }
      default: return undefined;
    }
  }

  /** qtumd's own RPC calls for contracts (Native mode). */
  async rpcMore(method, params) {
    if (method === 'callcontract') return this.contractCall(params[0], params[1]);
    if (method === 'gettransactionreceipt') return this.tokens.receipts.get(params[0]) ?? [];
    return super.rpcMore(method, params);
  }

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
