// A 100-input P2PKH transaction built + signed + serialised for BCH (SIGHASH_ALL|FORKID) and KMD
// (overwintered v4, ZIP-243): walletd core native, walletd wasm under node, and the JS peer in one
// run — bcash's MTX (sign with a KeyRing) for BCH, @bitgo/utxo-lib's ZcashTransaction
// (hashForSignatureByNetwork + its ECPair) for KMD — in milliseconds per transaction. walletd's
// samples are checked first: every BCH input by bcash's script interpreter (FORKID flags), every
// KMD input's signature against @bitgo/utxo-lib's ZIP-243 digest.
// Usage: node bench/utxo_variants/run.mjs [seconds per figure, default 3]
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { runCoreBench } from '../core_bench.mjs';

const require = createRequire(import.meta.url);
const seconds = Number(process.argv[2] ?? 3);
const KEY = Buffer.alloc(32, 0x11);
const INPUTS = 100;

process.env.NODE_BACKEND = 'js';
const level = require.resolve('bdb/lib/level.js', { paths: [dirname(require.resolve('bcash'))] });
require.cache[level] ??= { id: level, filename: level, loaded: true, exports: () => { throw new Error('no LevelDB'); } };
const bcash = require('bcash');
const utxolib = require('@bitgo/utxo-lib');

function checkBch({ sample, spent_script: script, spent_value: value }) {
  const { TX, Coin, CoinView, Script } = bcash;
  const tx = TX.fromRaw(Buffer.from(sample, 'hex'));
  const view = new CoinView();
  for (const input of tx.inputs) {
    const coin = new Coin();
    Object.assign(coin, { version: 1, height: 1, value, script: Script.fromRaw(Buffer.from(script, 'hex')),
      hash: input.prevout.hash, index: input.prevout.index });
    view.addCoin(coin);
  }
  if (!tx.verify(view, Script.flags.STANDARD_VERIFY_FLAGS)) throw new Error('bcash rejects walletd\'s BCH sample');
}

function checkKmd({ sample, spent_script: script, spent_value: value }) {
  const tx = utxolib.bitgo.ZcashTransaction.fromBuffer(Buffer.from(sample, 'hex'), false, 'number', utxolib.networks.zcash);
  tx.consensusBranchId = 0x76b809bb;
  tx.ins.forEach((input, i) => {
    const [sig, pub] = utxolib.script.decompile(input.script);
    const decoded = utxolib.script.signature.decode(sig);
    const digest = tx.hashForSignatureByNetwork(i, Buffer.from(script, 'hex'), value, decoded.hashType);
    if (!utxolib.ECPair.fromPublicKey(pub).verify(digest, decoded.signature)) throw new Error(`KMD input ${i}: @bitgo/utxo-lib rejects the signature`);
  });
}

function walletd(kind, variant) {
  const result = runCoreBench('utxo_variants_bench', seconds, kind, [variant]);
  if (!result) return null;
  (variant === 'bch' ? checkBch : checkKmd)(result);
  return result.ms_per_tx;
}

function timed(step) {
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  do {
    step(n++);
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  } while (elapsed < seconds);
  return (elapsed * 1000) / n;
}

function bcashMs() {
  const { MTX, KeyRing, Coin, Script } = bcash;
  const ring = KeyRing.fromPrivate(KEY);
  const mine = Script.fromPubkeyhash(ring.getKeyHash());
  const payee = Script.fromPubkeyhash(Buffer.alloc(20, 0xab));
  return timed((n) => {
    const mtx = new MTX();
    for (let i = 0; i < INPUTS; i++) {
      const coin = new Coin();
      Object.assign(coin, { version: 1, height: 1, value: 100000, script: mine, hash: Buffer.alloc(32, i), index: i });
      mtx.addCoin(coin);
    }
    mtx.addOutput(payee, 5000000 + n);
    mtx.addOutput(mine, INPUTS * 100000 - 5000000 - n - 20000);
    mtx.sign(ring);
    mtx.toRaw();
  });
}

function utxolibMs() {
  const pair = utxolib.ECPair.fromPrivateKey(KEY);
  const mine = utxolib.payments.p2pkh({ pubkey: pair.publicKey }).output;
  const payee = utxolib.payments.p2pkh({ hash: Buffer.alloc(20, 0xab) }).output;
  return timed((n) => {
    const tx = new utxolib.bitgo.ZcashTransaction(utxolib.networks.zcash, undefined, 'number');
    tx.version = 4;
    tx.overwintered = 1;
    tx.versionGroupId = 0x892f2085;
    tx.consensusBranchId = 0x76b809bb;
    for (let i = 0; i < INPUTS; i++) tx.addInput(Buffer.alloc(32, i), i, 0xffffffff);
    tx.addOutput(payee, 5000000 + n);
    tx.addOutput(mine, INPUTS * 100000 - 5000000 - n - 20000);
    for (let i = 0; i < INPUTS; i++) {
      const digest = tx.hashForSignatureByNetwork(i, mine, 100000, 1);
      const sig = utxolib.script.signature.encode(pair.sign(digest), 1);
      tx.setInputScript(i, utxolib.script.compile([sig, pair.publicKey]));
    }
    tx.toBuffer();
  });
}

const rows = [
  ['BCH walletd native', walletd('native', 'bch'), 'target ≤ 5 ms'],
  ['BCH walletd wasm (node)', walletd('wasm', 'bch'), 'target ≤ 12 ms'],
  ['BCH bcash MTX', bcashMs(), ''],
  ['KMD walletd native', walletd('native', 'kmd'), 'target ≤ 5 ms'],
  ['KMD walletd wasm (node)', walletd('wasm', 'kmd'), 'target ≤ 12 ms'],
  ['KMD @bitgo/utxo-lib ZcashTransaction', utxolibMs(), ''],
];
console.log(`100-input P2PKH transaction built + signed + serialised, ms per transaction (${seconds} s per figure)`);
for (const [name, ms, target] of rows) console.log(name.padEnd(38), ms == null ? '—'.padStart(9) : ms.toFixed(2).padStart(9), target);
