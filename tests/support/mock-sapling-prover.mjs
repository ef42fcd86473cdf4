// A Sapling prover for tests (the package's saplingProver interface), on @noble: it makes
// everything a real proving context makes except the Groth16 proofs, which are zeros (no
// parameters here) — cv = [v]V + [rcv]R with its own random rcv, rk = ak + [alpha]G, and the
// binding signature (RedJubjub over repr(bvk) ‖ sighash with bsk = Σ rcv(spends) − Σ rcv(outputs)).
// `log` records every request; `failWith` makes the next spend reject with that message.
import { randomBytes } from 'node:crypto';
import { jubjub, jubjub_findGroupHash } from '@noble/curves/misc.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { leToBigInt, bigIntToLe } from '../peers/sapling-notes.mjs';

const Point = jubjub.Point;
const r = Point.Fn.ORDER;
const text = (s) => new TextEncoder().encode(s);
const G = jubjub_findGroupHash(new Uint8Array(0), text('Zcash_G_'));
const V = jubjub_findGroupHash(text('v'), text('Zcash_cv'));
const R = jubjub_findGroupHash(text('r'), text('Zcash_cv'));
const hex = (b) => Buffer.from(b).toString('hex');
const unhex = (t) => Uint8Array.from(Buffer.from(t, 'hex'));
const concat = (...parts) => Uint8Array.from(parts.flatMap((p) => [...p]));
const mul = (p, k) => (k % r === 0n ? Point.ZERO : p.multiply(k % r));
const randomScalar = () => leToBigInt(randomBytes(64)) % r;
const hStar = (data) => leToBigInt(blake2b(data, { dkLen: 64, personalization: text('Zcash_RedJubjubH') })) % r;

function redJubjubSign(sk, base, message) {
  const nonce = hStar(concat(randomBytes(80), message));
  const rBar = mul(base, nonce).toBytes();
  const s = (nonce + hStar(concat(rBar, message)) * sk) % r;
  return concat(rBar, bigIntToLe(s));
}

const valueCommitment = (value, rcv) => mul(V, BigInt(value)).add(mul(R, rcv));

export function mockSaplingProver() {
  const prover = { log: [], contexts: 0, closed: 0, failWith: null };
  prover.newContext = () => {
    prover.contexts += 1;
    let bsk = 0n;
    return {
      async spend(request) {
        prover.log.push({ op: 'spend', ...request });
        if (prover.failWith) { const why = prover.failWith; prover.failWith = null; throw new Error(why); }
        const rcv = randomScalar();
        bsk = (bsk + rcv) % r;
        const rk = Point.fromBytes(unhex(request.ak)).add(mul(G, leToBigInt(unhex(request.alpha))));
        return { cv: hex(valueCommitment(request.value, rcv).toBytes()), rk: hex(rk.toBytes()), zkproof: '00'.repeat(192) };
      },
      async output(request) {
        prover.log.push({ op: 'output', ...request });
        const rcv = randomScalar();
        bsk = (bsk - rcv + r) % r;
        return { cv: hex(valueCommitment(request.value, rcv).toBytes()), zkproof: '00'.repeat(192) };
      },
      async bindingSignature({ value_balance, sighash }) {
        prover.log.push({ op: 'binding', value_balance, sighash });
        const bvk = mul(R, bsk);
        return hex(redJubjubSign(bsk, R, concat(bvk.toBytes(), unhex(sighash))));
      },
      close() { prover.closed += 1; },
    };
  };
  return prover;
}
