// walletd's shielded transaction builder (core/coins/zhtlc/spend, through zhtlc_spend_oracle with
// a mock proving context: no Groth16 proofs here) checked the way a node and the recipients
// would, by an independent implementation (tests/peers/sapling-verify.mjs on @noble): the
// ZIP-243 digest recomputed, every spend authorisation and the binding signature verified
// (bvk from the value commitments and the value balance), the anchor and the nullifiers
// recomputed from the harness's tree and the wallet's nk, the payment recovered with the
// wallet's ovk, the change decrypted with its ivk, the dummy output nobody can recover. The
// wallet's keys come from @airgap/sapling-wasm.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { bech32 } from '@scure/base';
import { ZcashTree, authenticationPath } from '../peers/sapling-chain.mjs';
import { makeNote, merkleHash, nullifier, randomAddress, decodeAddress, bigIntToLe } from '../peers/sapling-notes.mjs';
import { parseV4, zip243ShieldedDigest, verifySpendAuth, verifyBinding, recoverWithOvk, ivkOf, decryptWithIvk } from '../peers/sapling-verify.mjs';
import { iguanaPrivateKey, saplingKeyTexts } from '../support/sapling-peer.mjs';
import { runOracle } from '../support/key-oracle.mjs';

const SAPLING_BRANCH = 0x76b809bb;
const hex = (b) => Buffer.from(b).toString('hex');
let seed, me, ak, nk, ovk, leaves, notes, tree;

const pathOf = (position) => authenticationPath(leaves, position);
const randomLeaf = () => { const b = randomBytes(32); b[31] &= 0x3f; return Uint8Array.from(b); };

before(async () => {
  seed = iguanaPrivateKey('zhtlc spend test');
  const keys = await saplingKeyTexts(seed, 'm/');
  const fvk = Uint8Array.from(bech32.fromWords(bech32.decode(keys.viewing_key, 1000).words));
  [ak, nk, ovk] = [fvk.slice(41, 73), fvk.slice(73, 105), fvk.slice(105, 137)];
  me = decodeAddress(keys.address);
  notes = [makeNote(keys.address, 150_000_000), makeNote(keys.address, 2_500_000)];
  leaves = [randomLeaf(), randomLeaf(), notes[0].cmu, randomLeaf(), notes[1].cmu, randomLeaf()];
  notes[0].position = 2;
  notes[1].position = 4;
  tree = new ZcashTree();
  for (const leaf of leaves) tree.append(leaf);
});

function request(outputs, spent = notes) {
  return { seed: hex(seed), anchor: hex(tree.root()), branch_id: SAPLING_BRANCH, expiry: 1_900_020,
    spends: spent.map((n) => ({ d: hex(me.d), value: n.value, rcm: hex(bigIntToLe(n.rcm)), position: n.position, path: pathOf(n.position).map(hex) })),
    outputs };
}

test('two notes spent to a payment and change: digest, signatures, anchor, nullifiers and both outputs check out', async () => {
  const payee = randomAddress();
  const memo = Buffer.alloc(512);
  memo.write('for the harness');
  const [answer] = await runOracle([request([
    { to: hex([...payee.d, ...payee.pkd.toBytes()]), value: 40_000_000, memo: memo.toString('hex') },
    { to: hex(me.raw), value: 112_499_000 }])], 120000, 'zhtlc_spend_oracle');
  assert.ok(!answer.oracle_error, answer.oracle_error);
  const tx = parseV4(answer.tx);
  assert.deepEqual([tx.header, tx.group, tx.spends.length, tx.outputs.length, tx.valueBalance], [0x80000004, 0x892f2085, 2, 2, 1000n]);
  assert.equal(Buffer.from(tx.expiry).readUInt32LE(), 1_900_020);
  const sighash = zip243ShieldedDigest(tx, SAPLING_BRANCH);
  assert.equal(hex(sighash), answer.sighash);
  for (const [i, spend] of tx.spends.entries()) {
    assert.equal(hex(spend.anchor), hex(tree.root()));
    assert.equal(hex(spend.nf), hex(nullifier(nk, notes[i].cm, notes[i].position)));
    assert.ok(verifySpendAuth(spend, sighash), `spend ${i}`);
  }
  assert.ok(verifyBinding(tx, sighash));
  // The checks can fail: another digest does not verify.
  const other = Uint8Array.from(sighash);
  other[0] ^= 1;
  assert.ok(!verifySpendAuth(tx.spends[0], other));
  assert.ok(!verifyBinding(tx, other));
  // The payment: recovered with the wallet's ovk, to the payee, with the memo.
  const paid = recoverWithOvk(ovk, tx.outputs[0]);
  assert.ok(paid.pkd.equals(payee.pkd));
  assert.equal(hex(paid.d), hex(payee.d));
  assert.equal(paid.value, 40_000_000);
  assert.equal(Buffer.from(paid.memo).subarray(0, 15).toString(), 'for the harness');
  // The change: decrypted by the wallet with its ivk (no memo: 0xF6).
  const change = decryptWithIvk(ivkOf(ak, nk), me.pkd.toBytes(), tx.outputs[1]);
  assert.equal(change.value, 112_499_000);
  assert.equal(change.memo[0], 0xf6);
});

test('one recipient gets a dummy second output nobody recovers; outputs above the notes are refused', async () => {
  const [answer] = await runOracle([request([{ to: hex(me.raw), value: 2_499_000 }], [notes[1]])], 120000, 'zhtlc_spend_oracle');
  assert.ok(!answer.oracle_error, answer.oracle_error);
  const tx = parseV4(answer.tx);
  assert.deepEqual([tx.spends.length, tx.outputs.length, tx.valueBalance], [1, 2, 1000n]);
  const sighash = zip243ShieldedDigest(tx, SAPLING_BRANCH);
  assert.ok(verifySpendAuth(tx.spends[0], sighash) && verifyBinding(tx, sighash));
  assert.equal(recoverWithOvk(ovk, tx.outputs[0]).value, 2_499_000);
  assert.throws(() => recoverWithOvk(ovk, tx.outputs[1]));
  const [refused] = await runOracle([request([{ to: hex(me.raw), value: 2_500_001 }], [notes[1]])], 120000, 'zhtlc_spend_oracle');
  assert.match(refused.oracle_error ?? '', /exceed/);
});
