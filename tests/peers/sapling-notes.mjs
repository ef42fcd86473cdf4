// Sapling notes made the way a sender's wallet makes them, written for the test harness on
// @noble/curves (Jubjub), @noble/hashes (BLAKE2b/s) and @noble/ciphers (ChaCha20-Poly1305): the
// note commitment (a Pedersen hash over the generators FindGroupHash gives), the Merkle hash of
// the commitment tree, and pre-ZIP-212 note encryption (lead byte 0x01), as ARRR and ZOMBIE use.
// It shares no code with walletd; tests cross-check it with @airgap/sapling-wasm.
import { jubjub, jubjub_findGroupHash, jubjub_groupHash } from '@noble/curves/misc.js';
import { blake2b, blake2s } from '@noble/hashes/blake2.js';
import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { bech32 } from '@scure/base';

const Point = jubjub.Point;
const r = Point.Fn.ORDER;  // Jubjub's prime subgroup order
const text = (s) => new TextEncoder().encode(s);
const le32 = (i) => new Uint8Array([i & 255, (i >> 8) & 255, (i >> 16) & 255, (i >>> 24) & 255]);

export const leToBigInt = (bytes) => BigInt('0x' + (Buffer.from(bytes).reverse().toString('hex') || '0'));
export function bigIntToLe(value, size = 32) {
  return Uint8Array.from(Buffer.from(value.toString(16).padStart(size * 2, '0'), 'hex').reverse());
}

const pedersenGenerators = Array.from({ length: 6 }, (_, i) => jubjub_findGroupHash(le32(i), text('Zcash_PH')));
const noteCommitBase = jubjub_findGroupHash(text('r'), text('Zcash_PH'));

function bitsOf(bytes, count) {
  return Array.from({ length: count }, (_, k) => (bytes[k >> 3] >> (k & 7)) & 1);
}

/** PedersenHashToPoint("Zcash_PH", bits): chunks of 3 bits, 63 chunks per generator. */
export function pedersenHash(bits) {
  let acc = Point.ZERO;
  for (let segment = 0; segment * 189 < bits.length; segment++) {
    let scalar = 0n;
    for (let j = 0; j < 63 && segment * 189 + 3 * j < bits.length; j++) {
      const at = (k) => bits[segment * 189 + 3 * j + k] ?? 0;
      const magnitude = BigInt(1 + at(0) + 2 * at(1));
      scalar += (at(2) ? -magnitude : magnitude) << BigInt(4 * j);
    }
    scalar = ((scalar % r) + r) % r;
    if (scalar !== 0n) acc = acc.add(pedersenGenerators[segment].multiply(scalar));
  }
  return acc;
}

/** The note commitment point of (g_d, pk_d, value, rcm); its u is cmu. */
export function noteCommitment(gd, pkd, value, rcm) {
  const bits = [1, 1, 1, 1, 1, 1, ...bitsOf(bigIntToLe(BigInt(value), 8), 64), ...bitsOf(gd.toBytes(), 256),
    ...bitsOf(pkd.toBytes(), 256)];
  const point = pedersenHash(bits);
  return rcm === 0n ? point : point.add(noteCommitBase.multiply(rcm));
}

export function cmuOf(point) {
  return bigIntToLe(point.toAffine().x);
}

/** MerkleCRH at `level` (0 combines leaves): the u of a Pedersen hash of level ‖ left ‖ right. */
export function merkleHash(level, left, right) {
  const bits = [...bitsOf([level], 6), ...bitsOf(left, 255), ...bitsOf(right, 255)];
  return bigIntToLe(pedersenHash(bits).toAffine().x);
}

/** d (11 bytes) and pk_d (point) of a `zs1…` address. */
export function decodeAddress(address) {
  const { prefix, words } = bech32.decode(address, false);
  if (prefix !== 'zs') throw new Error(`not a Sapling address: ${address}`);
  const raw = Uint8Array.from(bech32.fromWords(words));
  return { raw, d: raw.slice(0, 11), pkd: Point.fromBytes(raw.slice(11)) };
}

/** DiversifyHash(d) = GroupHash("Zcash_gd", d), or null for an invalid diversifier. */
export function diversifyHash(d) {
  try {
    const p = jubjub_groupHash(d, text('Zcash_gd'));
    return p.equals(Point.ZERO) ? null : p;
  } catch {
    return null;
  }
}

function randomScalar() {
  return leToBigInt(crypto.getRandomValues(new Uint8Array(64))) % r;
}

/** A payment address nobody in the test holds: {d, pkd} with pk_d a random prime-order point. */
export function randomAddress() {
  for (;;) {
    const d = crypto.getRandomValues(new Uint8Array(11));
    const gd = diversifyHash(d);
    if (gd) return { d, pkd: gd.multiply(randomScalar() || 1n) };
  }
}

const nullifierPositionBase = jubjub_findGroupHash(new Uint8Array(0), text('Zcash_J_'));

/**
 * nf = BLAKE2s-256("Zcash_nf", repr(nk) ‖ repr(cm + [position]J)) for a note commitment point
 * `cm` at `position` in the tree; `nk` as 32 bytes (from a full viewing key).
 */
export function nullifier(nkBytes, cm, position) {
  const rho = position === 0 ? cm : cm.add(nullifierPositionBase.multiply(BigInt(position)));
  return blake2s(new Uint8Array([...nkBytes, ...rho.toBytes()]), { dkLen: 32, personalization: text('Zcash_nf') });
}

/**
 * Encrypts a note of `value` to `address` as a sender with outgoing viewing key `ovk` (32 bytes)
 * would: {cmu, epk, encCiphertext (580), outCiphertext (80), rcm, esk, cv}. The value
 * commitment `cv` is the caller's bytes (compact blocks do not carry it; ock binds whatever the
 * full transaction says), zeros by default.
 */
export function makeNote(address, value, { memo, ovk = new Uint8Array(32), rcm = randomScalar(), esk = randomScalar(), cv = new Uint8Array(32) } = {}) {
  const { d, pkd } = typeof address === 'string' ? decodeAddress(address) : address;
  const gd = diversifyHash(d);
  if (!gd) throw new Error('invalid diversifier');
  const cm = noteCommitment(gd, pkd, value, rcm);
  const cmu = cmuOf(cm);
  const epk = gd.multiply(esk).toBytes();
  const shared = pkd.multiply(esk).multiply(8n).toBytes();
  const key = blake2b(new Uint8Array([...shared, ...epk]), { dkLen: 32, personalization: text('Zcash_SaplingKDF') });
  const memoBytes = new Uint8Array(512);
  if (memo) memoBytes.set(memo.slice(0, 512)); else memoBytes[0] = 0xf6;
  const plaintext = new Uint8Array([1, ...d, ...bigIntToLe(BigInt(value), 8), ...bigIntToLe(rcm), ...memoBytes]);
  const encCiphertext = chacha20poly1305(key, new Uint8Array(12)).encrypt(plaintext);
  const ock = blake2b(new Uint8Array([...ovk, ...cv, ...cmu, ...epk]), { dkLen: 32, personalization: text('Zcash_Derive_ock') });
  const outCiphertext = chacha20poly1305(ock, new Uint8Array(12)).encrypt(new Uint8Array([...pkd.toBytes(), ...bigIntToLe(esk)]));
  return { cm, cmu, epk, encCiphertext, outCiphertext, rcm, esk, cv, value };
}
