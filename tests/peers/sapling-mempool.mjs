// What a Pirate/Zcash node checks before it takes a shielded transaction from lightwalletd's
// SendTransaction, short of the Groth16 proofs (no parameters here): a well-formed version-4
// transaction not expired or expiring within 3 blocks, no nullifier twice in it, every anchor a
// root the chain's tree has had, no nullifier already spent (in a
// block or in the mempool), every spend authorisation and the binding signature valid over
// ZIP-243's digest (tests/peers/sapling-verify.mjs, @noble). An accepted transaction waits in the
// chain's pending list for the next mined block; outputs the watched wallet can decrypt (its ivk)
// join the chain's ledger. Answers are lightwalletd's SendResponse: errorCode 0 and the node's
// JSON answer (the txid in quotes), or the node's RPC code and "reject code: reason".
import { createHash } from 'node:crypto';
import { parseV4, zip243ShieldedDigest, verifySpendAuth, verifyBinding, decryptWithIvk } from './sapling-verify.mjs';
import { noteCommitment, diversifyHash } from './sapling-notes.mjs';

const SAPLING_BRANCH = 0x76b809bb;
const RPC_VERIFY_REJECTED = -26;
const REJECT_INVALID = 16;
const hex = (bytes) => Buffer.from(bytes).toString('hex');

function knownRoots(chain) {
  const roots = new Set([hex(chain.base.treeObj.root())]);
  for (const b of chain.blocks) roots.add(hex(b.tree.root()));
  return roots;
}

function spentNullifiers(chain) {
  const spent = new Set();
  for (const b of chain.blocks) for (const tx of b.vtx) for (const s of tx.spends) spent.add(hex(s.nf));
  for (const tx of chain.pending) for (const nf of tx.spends) spent.add(hex(nf));
  return spent;
}

// Why the node refuses `tx`, or null (zcashd's reject reasons).
function refusal(chain, tx) {
  const expiry = Buffer.from(tx.expiry).readUInt32LE();
  const next = chain.tipHeight() + 1;
  if (expiry !== 0 && next > expiry) return 'tx-overwinter-expired';
  if (expiry !== 0 && next + 3 > expiry) return 'tx-expiring-soon';
  if (new Set(tx.spends.map((s) => hex(s.nf))).size !== tx.spends.length) return 'bad-spend-description-nullifiers-duplicate';
  const roots = knownRoots(chain);
  const spent = spentNullifiers(chain);
  if (tx.spends.some((s) => !roots.has(hex(s.anchor)) || spent.has(hex(s.nf)))) return 'bad-txns-shielded-requirements-not-met';
  const sighash = zip243ShieldedDigest(tx, SAPLING_BRANCH);
  if (!tx.spends.every((s) => verifySpendAuth(s, sighash))) return 'bad-txns-sapling-spend-description-invalid';
  if (tx.spends.length + tx.outputs.length > 0 && !verifyBinding(tx, sighash)) return 'bad-txns-sapling-binding-signature-invalid';
  return null;
}

// The output as the chain's ledger records it: to the watched wallet when its ivk opens it.
function ledgerOutput(chain, o) {
  const note = { cmu: o.cmu, epk: o.epk, encCiphertext: o.enc };
  if (chain.wallet?.ivk !== undefined) {
    try {
      const opened = decryptWithIvk(chain.wallet.ivk, chain.wallet.pkd, o);
      note.cm = noteCommitment(diversifyHash(opened.d), opened.pkd, opened.value, opened.rcm);
      note.rcm = opened.rcm;
      return { to: chain.wallet.address, value: opened.value, note };
    } catch { /* someone else's */ }
  }
  return { to: 'other', value: 0, note };
}

/** SendTransaction: {errorCode, errorMessage} for the raw transaction bytes. */
export function submitTransaction(chain, raw) {
  let tx;
  try {
    tx = parseV4(Buffer.from(raw).toString('hex'));
  } catch {
    return { errorCode: -22, errorMessage: 'TX decode failed' };
  }
  const why = refusal(chain, tx);
  if (why) return { errorCode: RPC_VERIFY_REJECTED, errorMessage: `${REJECT_INVALID}: ${why}` };
  const hash = createHash('sha256').update(createHash('sha256').update(raw).digest()).digest();
  const entry = { hash, raw: Buffer.from(raw), spends: tx.spends.map((s) => s.nf), outputs: tx.outputs.map((o) => ledgerOutput(chain, o)), tout: [] };
  chain.pending.push(entry);
  chain.raw.set(hex(hash), { tx: entry, height: null });
  chain.submitted.push(entry);
  return { errorCode: 0, errorMessage: JSON.stringify(hex(Buffer.from(hash).reverse())) };
}
