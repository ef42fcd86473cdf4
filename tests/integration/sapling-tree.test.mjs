// walletd's Sapling commitment tree (the frontier a light wallet keeps, and its note witnesses)
// against an independent one: tests/peers/sapling-chain.mjs's ZcashTree, which appends as zcashd
// does (left, right, parents) and hashes with @noble (sapling-notes.mjs, whose Merkle hash is
// checked against @airgap/sapling-wasm). Both start from zcashd's serialised trees — the empty
// one and ARRR's real tree at 1,900,000 from KDF's coins file — and must agree on every root, and
// walletd's witness paths must lead to that root.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ZcashTree, arrrCheckpoint } from '../peers/sapling-chain.mjs';
import { runOracle } from '../support/key-oracle.mjs';
import { repoRoot } from '../support/walletd-process.mjs';

const coins = JSON.parse(readFileSync(join(repoRoot, 'config/coins.json'), 'utf8'));

/** A random leaf below Jubjub's base field modulus. */
function leaf() {
  const b = randomBytes(32);
  b[31] &= 0x3f;
  return b.toString('hex');
}

function expected(treeHex, leaves) {
  const tree = ZcashTree.parse(treeHex);
  for (const l of leaves) tree.append(Uint8Array.from(Buffer.from(l, 'hex')));
  return { size: tree.size(), root: Buffer.from(tree.root()).toString('hex') };
}

test('roots and witness paths agree with zcashd-style appends, from the empty and a real tree', async () => {
  const cases = [];
  for (const count of [1, 2, 3, 4, 5, 8, 9, 17]) {
    const leaves = Array.from({ length: count }, leaf);
    cases.push({ tree: '000000', leaves, witness: count - 1 }, { tree: '000000', leaves, witness: 0 });
  }
  const real = arrrCheckpoint(coins).tree;
  for (const count of [1, 2, 7]) {
    const leaves = Array.from({ length: count }, leaf);
    cases.push({ tree: real, leaves, witness: 0 }, { tree: real, leaves, witness: count - 1 });
  }
  const answers = await runOracle(cases, 120000, 'sapling_oracle');
  for (const [i, c] of cases.entries()) {
    const a = answers[i];
    assert.ok(!a.oracle_error, a.oracle_error);
    const want = expected(c.tree, c.leaves);
    assert.equal(a.size, want.size, `case ${i}`);
    assert.equal(a.root, want.root, `case ${i}: ${c.leaves.length} leaves`);
    assert.equal(a.witness_root, want.root, `case ${i}: witness ${c.witness}`);
  }
});

test('damaged serialised trees are refused, not misread', async () => {
  const real = arrrCheckpoint(coins).tree;
  const damaged = [real.slice(0, -2), `${real}00`, `02${real.slice(2)}`, '0001'];
  const answers = await runOracle(damaged.map((tree) => ({ tree, leaves: [] })), 60000, 'sapling_oracle');
  for (const a of answers) assert.match(a.oracle_error ?? '', /commitment tree/);
});
