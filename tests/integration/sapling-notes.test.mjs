// Sapling notes across implementations: the harness (tests/peers/sapling-notes.mjs, on @noble)
// makes notes to a wallet's address and to another's, @airgap/sapling-wasm (librustzcash) checks
// each commitment, and walletd (sapling_oracle: its batched compact trial decryption, full
// decryption and ovk recovery) must find exactly the wallet's notes, with their values, rcm and
// memos, and recover with the sender's ovk every note sent with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import airgap from '@airgap/sapling-wasm';
import { makeNote, decodeAddress, bigIntToLe } from '../peers/sapling-notes.mjs';
import { runOracle } from '../support/key-oracle.mjs';
import { bech32Long } from '../support/sapling-peer.mjs';

const ag = airgap.default ?? airgap;
const hex = (bytes) => Buffer.from(bytes).toString('hex');

async function wallet() {
  const xfvk = await ag.getExtendedFullViewingKey(randomBytes(32), "m/32'/141'/0'");
  const address = await ag.getPaymentAddressFromViewingKey(xfvk);
  return {
    ivk: hex(await ag.getIncomingViewingKey(xfvk)),
    ovk: hex(await ag.getOutgoingViewingKey(xfvk)),
    address: bech32Long('zs', address.raw),
    raw: address.raw,
  };
}

test('walletd finds exactly its notes among 80 made by an independent sender, and recovers those sent with its ovk', async () => {
  const mine = await wallet();
  const other = await wallet();
  const notes = [];
  for (let i = 0; i < 80; i++) {
    const toMe = i % 2 === 0;
    const value = BigInt(randomInt(1, 2 ** 47));
    const memo = i % 4 === 0 ? new TextEncoder().encode(`note ${i}`) : undefined;
    const sentWithMyOvk = i % 3 === 0;
    const note = makeNote(toMe ? mine.address : other.address, value, { memo,
      ovk: Buffer.from(sentWithMyOvk ? mine.ovk : other.ovk, 'hex') });
    const raw = decodeAddress(toMe ? mine.address : other.address).raw;
    assert.ok(await ag.verifyCommitment(Buffer.from(note.cmu), Buffer.from(raw), value.toString(), Buffer.from(bigIntToLe(note.rcm))),
      `@airgap/sapling-wasm refuses the harness's commitment #${i}`);
    notes.push({ toMe, value, memo, sentWithMyOvk, note });
  }
  const outputs = notes.map(({ note }) => ({ cmu: hex(note.cmu), epk: hex(note.epk), enc: hex(note.encCiphertext),
    out: hex(note.outCiphertext), cv: hex(note.cv) }));
  const [answer] = await runOracle([{ ivk: mine.ivk, ovk: mine.ovk, outputs }], 120000, 'sapling_oracle');
  assert.ok(!answer.oracle_error, answer.oracle_error);
  for (const [i, { toMe, value, memo, sentWithMyOvk, note }] of notes.entries()) {
    const compact = answer.compact[i];
    if (!toMe) {
      assert.equal(compact, null, `#${i} is not mine`);
      assert.equal(answer.full[i], null);
    } else {
      assert.equal(compact?.value, Number(value), `#${i} value`);
      assert.equal(compact.rcm, hex(bigIntToLe(note.rcm)));
      assert.equal(compact.d, hex(decodeAddress(mine.address).d));
      const expectedMemo = new Uint8Array(512);
      if (memo) expectedMemo.set(memo); else expectedMemo[0] = 0xf6;
      assert.equal(answer.full[i], hex(expectedMemo), `#${i} memo`);
    }
    assert.equal(answer.recovered[i], sentWithMyOvk ? Number(value) : null, `#${i} ovk recovery`);
  }
});
