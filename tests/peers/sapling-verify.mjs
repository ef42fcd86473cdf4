// What a Zcash node (and a recipient) checks of a shielded transaction, short of the Groth16
// proofs, written for the test harness on @noble (no code shared with walletd): version-4
// parsing, the ZIP-243 digest, RedJubjub verification of spend authorisations and of the binding
// signature (bvk from the value commitments and the value balance), the sender's recovery of an
// output with its ovk and the recipient's decryption with its ivk.
import { jubjub, jubjub_findGroupHash } from '@noble/curves/misc.js';
import { blake2b, blake2s } from '@noble/hashes/blake2.js';
import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { leToBigInt, noteCommitment, cmuOf, diversifyHash } from './sapling-notes.mjs';

const Point = jubjub.Point;
const r = Point.Fn.ORDER;
const text = (s) => new TextEncoder().encode(s);
const G = jubjub_findGroupHash(new Uint8Array(0), text('Zcash_G_'));  // spend authorisation
const V = jubjub_findGroupHash(text('v'), text('Zcash_cv'));
const R = jubjub_findGroupHash(text('r'), text('Zcash_cv'));
const concat = (...parts) => new Uint8Array(parts.flatMap((p) => [...p]));

/** The parts of a version-4 transaction (hex), each byte string as a Uint8Array. */
export function parseV4(hex) {
  const b = Buffer.from(hex, 'hex');
  let at = 0;
  const take = (n) => { if (at + n > b.length) throw new Error('truncated'); return Uint8Array.from(b.subarray(at, (at += n))); };
  const u32 = () => take(4).reduce((v, x, i) => v + x * 2 ** (8 * i), 0);
  const i64 = () => Buffer.from(take(8)).readBigInt64LE();
  const size = () => { const f = take(1)[0]; if (f < 0xfd) return f; if (f === 0xfd) return take(2).reduce((v, x, i) => v + x * 256 ** i, 0); throw new Error('large CompactSize'); };
  const tx = { header: u32(), group: u32(), vin: [], vout: [], spends: [], outputs: [] };
  for (let n = size(); n > 0; n--) tx.vin.push({ prevout: take(36), script: take(size()), sequence: take(4) });
  for (let n = size(); n > 0; n--) tx.vout.push({ value: take(8), script: take(size()) });
  tx.lockTime = take(4); tx.expiry = take(4); tx.valueBalanceBytes = take(8);
  tx.valueBalance = Buffer.from(tx.valueBalanceBytes).readBigInt64LE();
  for (let n = size(); n > 0; n--) tx.spends.push({ cv: take(32), anchor: take(32), nf: take(32), rk: take(32), proof: take(192), sig: take(64) });
  for (let n = size(); n > 0; n--) tx.outputs.push({ cv: take(32), cmu: take(32), epk: take(32), enc: take(580), out: take(80), proof: take(192) });
  if (size() !== 0) throw new Error('JoinSplits not expected');
  if (tx.spends.length + tx.outputs.length > 0) tx.bindingSig = take(64);
  if (at !== b.length) throw new Error('trailing bytes');
  void i64;
  return tx;
}

const h32 = (data, personal) => blake2b(data, { dkLen: 32, personalization: text(personal) });

/** ZIP-243's SIGHASH_ALL digest with no transparent input (what shielded signatures sign). */
export function zip243ShieldedDigest(tx, branchId) {
  const zero = new Uint8Array(32);
  const cat = (items, f) => concat(...items.map(f));
  const prevouts = tx.vin.length ? h32(cat(tx.vin, (i) => i.prevout), 'ZcashPrevoutHash') : h32(new Uint8Array(0), 'ZcashPrevoutHash');
  const sequences = h32(cat(tx.vin, (i) => i.sequence), 'ZcashSequencHash');
  const outputs = h32(cat(tx.vout, (o) => concat(o.value, [o.script.length], o.script)), 'ZcashOutputsHash');
  const spends = tx.spends.length ? h32(cat(tx.spends, (s) => concat(s.cv, s.anchor, s.nf, s.rk, s.proof)), 'ZcashSSpendsHash') : zero;
  const shielded = tx.outputs.length ? h32(cat(tx.outputs, (o) => concat(o.cv, o.cmu, o.epk, o.enc, o.out, o.proof)), 'ZcashSOutputHash') : zero;
  const le4 = (v) => [v & 255, (v >>> 8) & 255, (v >>> 16) & 255, (v >>> 24) & 255];
  const preimage = concat(le4(tx.header), le4(tx.group), prevouts, sequences, outputs, zero, spends, shielded,
    tx.lockTime, tx.expiry, tx.valueBalanceBytes, le4(1));
  const personal = concat(text('ZcashSigHash'), le4(branchId));
  return blake2b(preimage, { dkLen: 32, personalization: personal });
}

/** RedJubjub: [8]([S]base − R − [c]vk) = 0 with c = H*(R ‖ message). */
export function redJubjubVerify(vk, base, message, sig) {
  const Rpoint = Point.fromBytes(sig.slice(0, 32));
  const S = leToBigInt(sig.slice(32));
  if (S >= r) return false;
  const c = leToBigInt(blake2b(concat(sig.slice(0, 32), message), { dkLen: 64, personalization: text('Zcash_RedJubjubH') })) % r;
  const mul = (p, k) => (k === 0n ? Point.ZERO : p.multiply(k));
  return mul(base, S).subtract(Rpoint).subtract(mul(vk, c)).multiply(8n).equals(Point.ZERO);
}

export function verifySpendAuth(spend, sighash) {
  return redJubjubVerify(Point.fromBytes(spend.rk), G, concat(spend.rk, sighash), spend.sig);
}

/** bvk = Σcv(spends) − Σcv(outputs) − [valueBalance]V; the binding signature over repr(bvk) ‖ sighash. */
export function verifyBinding(tx, sighash) {
  let bvk = Point.ZERO;
  for (const s of tx.spends) bvk = bvk.add(Point.fromBytes(s.cv));
  for (const o of tx.outputs) bvk = bvk.subtract(Point.fromBytes(o.cv));
  const vb = tx.valueBalance;
  if (vb !== 0n) bvk = bvk.subtract(vb > 0n ? V.multiply(vb) : V.multiply(-vb).negate());
  return redJubjubVerify(bvk, R, concat(bvk.toBytes(), sighash), tx.bindingSig);
}

function openNote(key, output) {
  const plain = chacha20poly1305(key, new Uint8Array(12)).decrypt(output.enc);
  if (plain[0] !== 1) throw new Error('not a pre-ZIP-212 note');
  return { d: plain.slice(1, 12), value: Number(Buffer.from(plain.slice(12, 20)).readBigUInt64LE()), rcm: leToBigInt(plain.slice(20, 52)), memo: plain.slice(52) };
}

function checked(note, pkd, output) {
  const gd = diversifyHash(note.d);
  if (!gd || Buffer.compare(Buffer.from(cmuOf(noteCommitment(gd, pkd, note.value, note.rcm))), Buffer.from(output.cmu)) !== 0)
    throw new Error('the note does not open its commitment');
  return { ...note, pkd };
}

/** The sender's recovery with its ovk: {d, pkd, value, rcm, memo}, or throws. */
export function recoverWithOvk(ovk, output) {
  const ock = blake2b(concat(ovk, output.cv, output.cmu, output.epk), { dkLen: 32, personalization: text('Zcash_Derive_ock') });
  const plain = chacha20poly1305(ock, new Uint8Array(12)).decrypt(output.out);
  const pkd = Point.fromBytes(plain.slice(0, 32));
  const esk = leToBigInt(plain.slice(32));
  const shared = pkd.multiply(esk).multiply(8n).toBytes();
  const key = blake2b(concat(shared, output.epk), { dkLen: 32, personalization: text('Zcash_SaplingKDF') });
  return checked(openNote(key, output), pkd, output);
}

/** ivk = BLAKE2s-256("Zcashivk", ak ‖ nk) with the top five bits cleared. */
export function ivkOf(ak, nk) {
  const h = blake2s(concat(ak, nk), { dkLen: 32, personalization: text('Zcashivk') });
  h[31] &= 0x07;
  return leToBigInt(h);
}

/** The recipient's decryption with its ivk and address's pk_d. */
export function decryptWithIvk(ivk, pkdBytes, output) {
  const shared = Point.fromBytes(output.epk).multiply(ivk).multiply(8n).toBytes();
  const key = blake2b(concat(shared, output.epk), { dkLen: 32, personalization: text('Zcash_SaplingKDF') });
  return checked(openNote(key, output), Point.fromBytes(pkdBytes), output);
}
