// A 100-input P2WPKH transaction built + signed + serialised: walletd core native, walletd wasm
// under node, bitcoinjs-lib 7 (Psbt with witnessUtxo, signAllInputs, finalize, extract) — one
// run, side by side, in milliseconds per transaction. walletd's sample is checked first: every
// input's signature verified by bitcoinjs-lib's BIP143 digest and tiny-secp256k1.
// Usage: node bench/utxo_signing/run.mjs [seconds per figure, default 3]
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { runCoreBench } from '../core_bench.mjs';

const seconds = Number(process.argv[2] ?? 3);
const KEY = Buffer.alloc(32, 0x11);
const PUB = Buffer.from(ecc.pointFromScalar(KEY, true));

function checkSample({ sample, spent_script: script, spent_value: value, inputs }) {
  const tx = bitcoin.Transaction.fromHex(sample);
  if (tx.ins.length !== inputs) throw new Error(`sample has ${tx.ins.length} inputs`);
  const code = bitcoin.payments.p2pkh({ hash: bitcoin.crypto.hash160(PUB) }).output;
  if (Buffer.from(bitcoin.payments.p2wpkh({ pubkey: PUB }).output).toString('hex') !== script) throw new Error('spent script differs');
  tx.ins.forEach((input, i) => {
    const [sig, pub] = input.witness;
    const { signature, hashType } = bitcoin.script.signature.decode(sig);
    const digest = tx.hashForWitnessV0(i, code, BigInt(value), hashType);
    if (!ecc.verify(digest, pub, signature)) throw new Error(`input ${i}: bitcoinjs-lib rejects walletd's signature`);
  });
}

function walletd(kind) {
  const result = runCoreBench('utxo_variants_bench', seconds, kind, ['btc']);
  if (!result) return null;
  checkSample(result);
  return result.ms_per_tx;
}

function bitcoinjsMs() {
  const signer = { publicKey: PUB, sign: (hash) => Buffer.from(ecc.sign(hash, KEY)) };
  const mine = bitcoin.payments.p2wpkh({ pubkey: PUB }).output;
  const payee = bitcoin.payments.p2pkh({ hash: Buffer.alloc(20, 0xab) }).output;
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  do {
    const psbt = new bitcoin.Psbt();
    for (let i = 0; i < 100; i++) {
      psbt.addInput({ hash: Buffer.alloc(32, i), index: i, sequence: 0xfffffffd, witnessUtxo: { script: mine, value: 100000n } });
    }
    psbt.addOutput({ script: payee, value: BigInt(5000000 + n) });
    psbt.addOutput({ script: mine, value: BigInt(100 * 100000 - 5000000 - n - 20000) });
    psbt.signAllInputs(signer);
    psbt.finalizeAllInputs();
    psbt.extractTransaction().toHex();
    n++;
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  } while (elapsed < seconds);
  return (elapsed * 1000) / n;
}

const rows = [['walletd native', walletd('native'), 'target ≤ 5 ms'], ['walletd wasm (node)', walletd('wasm'), 'target ≤ 12 ms'],
  ['bitcoinjs-lib Psbt (witnessUtxo)', bitcoinjsMs(), '']];
console.log(`100-input P2WPKH transaction built + signed + serialised, ms per transaction (${seconds} s per figure)`);
for (const [name, ms, target] of rows) console.log(name.padEnd(34), ms == null ? '—'.padStart(9) : ms.toFixed(2).padStart(9), target);
