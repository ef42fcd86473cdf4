// An emulated Sapling chain for the lightwalletd test peer: compact blocks whose outputs are
// notes made by sapling-notes.mjs (an implementation independent of walletd), the commitment
// tree kept as zcashd keeps it (left, right, parents) so that every block has its serialised
// tree state, and a ledger of the notes paid to one wallet. It can start from a real tree state
// (a coins file's check_point_block) and reorganise its tip on demand.
import { createHash, randomBytes } from 'node:crypto';
import { decodeAddress, makeNote, merkleHash, nullifier, randomAddress } from './sapling-notes.mjs';

const EMPTY_LEAF = (() => { const b = new Uint8Array(32); b[0] = 1; return b; })();
let emptyRoots = null;
export function emptyRoot(level) {
  if (!emptyRoots) {
    emptyRoots = [EMPTY_LEAF];
    for (let l = 1; l <= 32; l++) emptyRoots.push(merkleHash(l - 1, emptyRoots[l - 1], emptyRoots[l - 1]));
  }
  return emptyRoots[level];
}

/** The authentication path (level 0 first) of `position` in a tree of `leaves`, empty leaves after. */
export function authenticationPath(leaves, position) {
  const memo = new Map();
  const node = (level, index) => {
    if (index * 2 ** level >= leaves.length) return emptyRoot(level);
    if (level === 0) return leaves[index];
    const key = `${level}:${index}`;
    if (!memo.has(key)) memo.set(key, merkleHash(level - 1, node(level - 1, 2 * index), node(level - 1, 2 * index + 1)));
    return memo.get(key);
  };
  return Array.from({ length: 32 }, (_, l) => node(l, Math.floor(position / 2 ** l) ^ 1));
}

const hex = (bytes) => Buffer.from(bytes).toString('hex');
const unhex = (text) => Uint8Array.from(Buffer.from(text, 'hex'));

/** zcashd's IncrementalMerkleTree (depth 32): left, right and parents, appended as zcashd does. */
export class ZcashTree {
  constructor(left = null, right = null, parents = []) {
    Object.assign(this, { left, right, parents });
  }
  static parse(text) {
    const b = unhex(text);
    let at = 0;
    const option = () => (b[at++] === 1 ? b.slice(at, (at += 32)) : null);
    const left = option();
    const right = option();
    let count = b[at++];
    if (count >= 0xfd) throw new Error('tree: unexpected CompactSize');
    const parents = [];
    while (count-- > 0) parents.push(option());
    if (at !== b.length) throw new Error('tree: trailing bytes');
    return new ZcashTree(left, right, parents);
  }
  clone() { return new ZcashTree(this.left, this.right, [...this.parents]); }
  size() {
    let n = (this.left ? 1 : 0) + (this.right ? 1 : 0);
    this.parents.forEach((p, i) => { if (p) n += 2 ** (i + 1); });
    return n;
  }
  append(leaf) {
    if (!this.left) { this.left = leaf; return; }
    if (!this.right) { this.right = leaf; return; }
    let combined = merkleHash(0, this.left, this.right);
    this.left = leaf;
    this.right = null;
    for (let i = 0; i < this.parents.length; i++) {
      if (this.parents[i]) {
        combined = merkleHash(i + 1, this.parents[i], combined);
        this.parents[i] = null;
      } else {
        this.parents[i] = combined;
        return;
      }
    }
    this.parents.push(combined);
  }
  root() {
    let node = merkleHash(0, this.left ?? emptyRoot(0), this.right ?? emptyRoot(0));
    for (let i = 0; i < 31; i++) {
      const p = this.parents[i];
      node = p ? merkleHash(i + 1, p, node) : merkleHash(i + 1, node, emptyRoot(i + 1));
    }
    return node;
  }
  serialize() {
    const option = (n) => (n ? [1, ...n] : [0]);
    return hex(new Uint8Array([...option(this.left), ...option(this.right), this.parents.length,
      ...this.parents.flatMap(option)]));
  }
}

function compactSize(n) {
  if (n < 0xfd) return [n];
  return [0xfd, n & 255, n >> 8];
}
const u32 = (v) => [v & 255, (v >>> 8) & 255, (v >>> 16) & 255, (v >>> 24) & 255];
function i64(v) {
  const b = Buffer.alloc(8);
  b.writeBigInt64LE(BigInt(v));
  return [...b];
}

/**
 * A version-4 Sapling transaction (Zcash protocol specification §7.1): header 0x80000004, version
 * group 0x892f2085, transparent inputs and outputs, lock time 0, expiry 0, value balance, Sapling
 * spends (cv, anchor, nullifier, rk, proof and signature random but for the nullifier) and
 * outputs (cv, cmu, epk, the two ciphertexts, a random proof), no JoinSplits, a binding
 * signature (random).
 */
export function v4Transaction({ tin = [], tout = [], spends = [], outputs = [], valueBalance = 0 }) {
  const bytes = [...u32(0x80000004), ...u32(0x892f2085), ...compactSize(tin.length)];
  for (const i of tin) bytes.push(...i.txid, ...u32(i.n), 0, ...u32(0xffffffff));  // empty scriptSig
  bytes.push(...compactSize(tout.length));
  for (const o of tout) {
    const script = Buffer.from(o.script, 'hex');
    bytes.push(...i64(o.value), ...compactSize(script.length), ...script);
  }
  bytes.push(...u32(0), ...u32(0), ...i64(valueBalance), ...compactSize(spends.length));
  for (const nf of spends) bytes.push(...randomBytes(64), ...nf, ...randomBytes(32 + 192 + 64));
  bytes.push(...compactSize(outputs.length));
  for (const o of outputs) bytes.push(...o.cv, ...o.cmu, ...o.epk, ...o.encCiphertext, ...o.outCiphertext, ...randomBytes(192));
  bytes.push(0);  // no JoinSplits
  if (spends.length + outputs.length > 0) bytes.push(...randomBytes(64));
  return Buffer.from(bytes);
}

/** The real ARRR tree state at height 1,900,000 (KDF's coins file, ARRR's check_point_block). */
export function arrrCheckpoint(coins) {
  const arrr = coins.find((c) => c.coin === 'ARRR');
  const cp = arrr.protocol.protocol_data.check_point_block;
  // The coins file writes the hash in internal byte order.
  return { height: cp.height, time: cp.time, hash: unhex(cp.hash), tree: cp.sapling_tree };
}

export class SaplingChain {
  /**
   * A chain whose first block follows `base` ({height, time, hash (internal order), tree (hex)}),
   * or an empty tree at height `saplingHeight - 1` when no base is given.
   */
  constructor({ base, saplingHeight = 1 } = {}) {
    const start = base ?? { height: saplingHeight - 1, time: 1700000000, hash: randomBytes(32), tree: '000000' };
    this.base = { ...start, treeObj: ZcashTree.parse(start.tree) };
    this.blocks = [];       // {height, hash, prevHash, time, vtx, tree (ZcashTree after it)}
    this.pending = [];      // transactions for the next block
    this.wallet = null;     // {address, nk, notes: []}
    this.raw = new Map();   // txid hex (internal order) → {tx, height}
    this.submitted = [];    // transactions taken from SendTransaction (sapling-mempool.mjs)
  }

  tip() { return this.blocks.at(-1) ?? this.base; }
  tipHeight() { return this.tip().height; }
  treeAt(height) {
    if (height === this.base.height) return this.base.treeObj;
    const b = this.blocks[height - this.base.height - 1];
    if (!b) throw new Error(`no block ${height}`);
    return b.tree;
  }
  block(height) { return this.blocks[height - this.base.height - 1]; }
  /** Every note commitment after the base, in tree order (the whole tree when the base is empty). */
  leaves() { return this.blocks.flatMap((b) => b.vtx.flatMap((tx) => tx.outputs.map((o) => o.cmu))); }

  /**
   * Follows one wallet: its address (zs…) and nk (32 bytes) let the ledger compute nullifiers;
   * with its ivk (a bigint) the ledger also finds its notes in submitted transactions.
   */
  watch(address, nk, ivk) {
    this.wallet = { address, nk, ivk, pkd: ivk === undefined ? undefined : decodeAddress(address).pkd.toBytes(), notes: [] };
  }

  /**
   * A transaction for the next block, as a full version-4 (Sapling) transaction: shielded
   * outputs [{to, value, memo?, ovk?}] (to: zs… or 'other'), shielded spends [nf], transparent
   * inputs [{txid (internal order), n}] of earlier transactions of this chain, transparent outputs
   * [{value, script (hex)}], and the fee (value balance = fee + transparent out − transparent in).
   */
  send({ outputs = [], spends = [], tin = [], tout = [], fee = 1000 } = {}) {
    const notes = outputs.map((o) => ({ ...o, note: makeNote(o.to === 'other' ? randomAddress() : o.to, o.value, { ...o, cv: randomBytes(32) }) }));
    const inValue = tin.reduce((sum, i) => sum + this.transparentOutput(i.txid, i.n).value, 0);
    const valueBalance = fee + tout.reduce((sum, o) => sum + o.value, 0) - inValue;
    const raw = v4Transaction({ tin, tout, spends, outputs: notes.map((o) => o.note), valueBalance });
    const hash = createHash('sha256').update(createHash('sha256').update(raw).digest()).digest();
    const tx = { hash, raw, spends, outputs: notes, tout };
    this.pending.push(tx);
    this.raw.set(hex(hash), { tx, height: null });
    return tx;
  }

  /** {value, script} of output `n` of a transaction of this chain. */
  transparentOutput(txid, n) {
    const known = this.raw.get(hex(txid));
    if (!known || !known.tx.tout[n]) throw new Error(`no transparent output ${hex(txid)}:${n}`);
    return known.tx.tout[n];
  }

  /** lightwalletd's GetTransaction: {data, height} of a transaction (internal-order hash). */
  rawTransaction(txid) {
    const known = this.raw.get(hex(txid));
    return known ? { data: known.tx.raw, height: known.height ?? 0 } : undefined;
  }

  /** Spends `count` of the wallet's unspent notes (oldest first) in a transaction to someone else. */
  spendWalletNotes(count = 1) {
    const notes = this.wallet.notes.filter((n) => !n.spentIn).slice(0, count);
    const tx = this.send({ spends: notes.map((n) => n.nf), outputs: [{ to: 'other', value: 1000 }] });
    for (const n of notes) n.spentIn = tx;
    return notes;
  }

  /** Mines the pending transactions (and `empty` more empty blocks after it). */
  mine(empty = 0) {
    this.mineOne(this.pending);
    this.pending = [];
    for (let i = 0; i < empty; i++) this.mineOne([]);
  }

  mineOne(txs) {
    const prev = this.tip();
    const tree = (prev === this.base ? this.base.treeObj : prev.tree).clone();
    const height = prev.height + 1;
    const vtx = txs.map((tx, index) => {
      const outputs = tx.outputs.map((o) => {
        const position = tree.size();
        tree.append(o.note.cmu);
        if (this.wallet && o.to === this.wallet.address) {
          this.wallet.notes.push({ value: o.value, height, position, txid: tx.hash, rcm: o.note.rcm, nf: nullifier(this.wallet.nk, o.note.cm, position) });
        }
        return { cmu: o.note.cmu, epk: o.note.epk, ciphertext: o.note.encCiphertext.slice(0, 52) };
      });
      for (const n of this.wallet?.notes ?? []) {
        if (tx.spends.some((nf) => hex(nf) === hex(n.nf))) n.spentHeight = height;
      }
      if (this.raw.has(hex(tx.hash))) this.raw.get(hex(tx.hash)).height = height;
      return { index, hash: tx.hash, spends: tx.spends.map((nf) => ({ nf })), outputs };
    });
    const hash = createHash('sha256').update(randomBytes(32)).digest();
    this.blocks.push({ height, hash, prevHash: prev.hash, time: prev.time + 60, vtx, tree });
  }

  /** Replaces every block above `height` with `count` new empty blocks (a reorganisation). */
  reorg(height, count) {
    const dropped = this.blocks.filter((b) => b.height > height);
    this.blocks = this.blocks.filter((b) => b.height <= height);
    if (this.wallet) {
      this.wallet.notes = this.wallet.notes.filter((n) => n.height <= height);
      for (const n of this.wallet.notes) if (n.spentHeight > height) { delete n.spentHeight; delete n.spentIn; }
    }
    for (let i = 0; i < count; i++) this.mineOne([]);
    return dropped.length;
  }

  /** What the wallet owns by this chain: unspent notes' total (zatoshi) and counts. */
  ledger() {
    const notes = this.wallet?.notes ?? [];
    const unspent = notes.filter((n) => n.spentHeight === undefined);
    return { balance: unspent.reduce((s, n) => s + n.value, 0), received: notes.length, spent: notes.length - unspent.length };
  }

  /** lightwalletd's TreeState at `height`: the block hash in display order. */
  treeState(height) {
    const b = height === this.base.height ? this.base : this.block(height);
    if (!b) throw new Error(`no block ${height}`);
    return { network: 'main', height, hash: hex(Uint8Array.from(b.hash).reverse()), time: b.time, tree: this.treeAt(height).serialize() };
  }
}
