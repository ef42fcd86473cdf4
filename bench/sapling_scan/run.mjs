// Compact Sapling outputs trial-decrypted per second: walletd native, walletd wasm under node, and
// the same work in JS with @noble/curves (jubjub), @noble/hashes (BLAKE2b) and @noble/ciphers
// (ChaCha20), printed side by side. The JS peer first opens walletd's hit output with walletd's
// ivk, so both sides do the same decryption.
// Usage: node bench/sapling_scan/run.mjs [seconds per measurement, default 2]
import { jubjub } from '@noble/curves/misc.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { chacha20 } from '@noble/ciphers/chacha.js';
import { diffieHellman, generateKeyPairSync } from 'node:crypto';
import { runCoreBench } from '../core_bench.mjs';

const seconds = Number(process.argv[2] ?? 2);
const hex = (h) => Uint8Array.from(Buffer.from(h, 'hex'));
const le = (bytes) => BigInt('0x' + Buffer.from(bytes).reverse().toString('hex'));
const personal = new TextEncoder().encode('Zcash_SaplingKDF');
const nonce = new Uint8Array(12);

/** The 52-byte compact plaintext of (epk, ciphertext) under ivk, in JS. */
function decryptCompact(ivk, epkBytes, ciphertext) {
  const epk = jubjub.Point.fromBytes(epkBytes);
  const shared = epk.multiply(ivk).multiply(8n).toBytes();
  const key = blake2b(new Uint8Array([...shared, ...epkBytes]), { dkLen: 32, personalization: personal });
  return chacha20(key, nonce, ciphertext, undefined, 1);
}

function jsRate(sample) {
  const ivk = le(hex(sample.ivk));
  const plain = decryptCompact(ivk, hex(sample.epk), hex(sample.ciphertext));
  const value = Number(Buffer.from(plain.slice(12, 20)).readBigUInt64LE());
  if (plain[0] !== 1 || value !== sample.value) throw new Error('the JS peer does not open walletd\'s output');
  const noise = hex(sample.noise_epk);
  const ciphertext = hex(sample.ciphertext);
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  do {
    for (let k = 0; k < 10; k++, n++) decryptCompact(ivk, noise, ciphertext);
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  } while (elapsed < seconds);
  return n / elapsed;
}

// For scale: a trial decryption is about one variable-base scalar multiplication, as an X25519
// key agreement is; OpenSSL's rate shows how fast this machine does that work.
function x25519Rate() {
  const a = generateKeyPairSync('x25519');
  const b = generateKeyPairSync('x25519');
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  do {
    for (let k = 0; k < 50; k++, n++) diffieHellman({ privateKey: a.privateKey, publicKey: b.publicKey });
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  } while (elapsed < seconds);
  return n / elapsed;
}

const rows = [];
let sample = null;
for (const kind of ['native', 'wasm']) {
  const w = runCoreBench('sapling_scan_bench', seconds, kind);
  if (!w) continue;
  if (w.value !== 123456789 || w.hits < 1) throw new Error(`walletd ${kind} missed its own note`);
  sample = w;
  rows.push([`walletd ${w.host} (batches of 1,000, one inversion each)`, w.outputs_per_s]);
  if (w.outputs_per_s_all_cores) rows.push([`walletd ${w.host}, the daemon's way: ${w.threads} cores`, w.outputs_per_s_all_cores]);
}
if (sample) rows.push(['@noble/curves jubjub + @noble/hashes + @noble/ciphers', jsRate(sample)]);
rows.push(['(for scale) OpenSSL X25519 key agreements, node:crypto', x25519Rate()]);

const fmt = (v) => Math.round(v).toLocaleString('en-US');
console.log(`Compact Sapling outputs trial-decrypted per second (${seconds} s per figure)`);
for (const [name, rate] of rows) console.log(`${name.padEnd(62)} ${fmt(rate).padStart(9)}`);
console.log('targets: walletd native >= 20,000/s, wasm >= 5,000/s');
