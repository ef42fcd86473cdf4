// Each part hash is zero where ZIP-243 says so: no inputs signed as a whole (ANYONECANPAY), no
// sequences (ANYONECANPAY, NONE or SINGLE), outputs per SIGHASH_SINGLE's rule, and no JoinSplits,
// spends or outputs at all.
#include "core/coins/zhtlc/zip243.h"

#include <stdexcept>

#include "core/crypto/blake2b.h"
#include "core/encoding/wire.h"

namespace walletd {
namespace {

ByteArray<32> hashOf(const Bytes& data, const char (&personal)[17]) {
  const Bytes digest =
      blake2b(data, {32, {}, ByteView(reinterpret_cast<const std::uint8_t*>(personal), 16)});
  ByteArray<32> out{};
  std::copy(digest.begin(), digest.end(), out.begin());
  return out;
}

Bytes outputBytes(const TransparentOutput& o) {
  Bytes out;
  WireWriter w(out);
  w.u64(o.value), w.varBytes(o.script);
  return out;
}

ByteArray<32> hashOutputs(const SaplingTransaction& tx, std::uint32_t base,
                          const std::optional<Zip243Input>& input) {
  Bytes data;
  if (base != kSighashSingle && base != kSighashNone) {
    for (const TransparentOutput& o : tx.outputs) {
      const Bytes b = outputBytes(o);
      data.insert(data.end(), b.begin(), b.end());
    }
  } else if (base == kSighashSingle && input && input->index < tx.outputs.size()) {
    data = outputBytes(tx.outputs[input->index]);
  } else {
    return {};
  }
  return hashOf(data, "ZcashOutputsHash");
}

ByteArray<32> hashShielded(const SaplingTransaction& tx, bool spends) {
  Bytes data;
  WireWriter w(data);
  if (spends) {
    for (const SaplingSpend& s : tx.spends)
      w.raw(s.cv), w.raw(s.anchor), w.raw(s.nullifier), w.raw(s.rk), w.raw(s.zkproof);
    return tx.spends.empty() ? ByteArray<32>{} : hashOf(data, "ZcashSSpendsHash");
  }
  for (const SaplingOutput& o : tx.shielded_outputs) {
    const sapling::OutputCiphertexts& c = o.ciphertexts;
    w.raw(c.cv), w.raw(c.cmu), w.raw(c.epk), w.raw(c.enc_ciphertext), w.raw(c.out_ciphertext);
    w.raw(o.zkproof);
  }
  return tx.shielded_outputs.empty() ? ByteArray<32>{} : hashOf(data, "ZcashSOutputHash");
}

void writeTransparentHashes(WireWriter& w, const SaplingTransaction& tx, std::uint32_t hash_type,
                            const std::optional<Zip243Input>& input) {
  const bool anyone = (hash_type & kSighashAnyoneCanPay) != 0;
  const std::uint32_t base = hash_type & 0x1f;
  Bytes prevouts, sequences;
  WireWriter p(prevouts), s(sequences);
  for (const TransparentInput& i : tx.inputs)
    p.raw(i.prev_txid), p.u32(i.prev_index), s.u32(i.sequence);
  w.raw(anyone ? ByteArray<32>{} : hashOf(prevouts, "ZcashPrevoutHash"));
  const bool sequence = !anyone && base != kSighashSingle && base != kSighashNone;
  w.raw(sequence ? hashOf(sequences, "ZcashSequencHash") : ByteArray<32>{});
  w.raw(hashOutputs(tx, base, input));
}

}  // namespace

ByteArray<32> zip243Sighash(const SaplingTransaction& tx, std::uint32_t consensus_branch_id,
                            std::uint32_t hash_type, const std::optional<Zip243Input>& input) {
  if (input && input->index >= tx.inputs.size()) throw std::out_of_range("no such input");
  Bytes preimage;
  WireWriter w(preimage);
  w.u32(SaplingTransaction::kHeader), w.u32(SaplingTransaction::kVersionGroup);
  writeTransparentHashes(w, tx, hash_type, input);
  Bytes joinsplits = tx.joinsplits;
  joinsplits.insert(joinsplits.end(), tx.joinsplit_pubkey.begin(), tx.joinsplit_pubkey.end());
  w.raw(tx.joinsplits.empty() ? ByteArray<32>{} : hashOf(joinsplits, "ZcashJSplitsHash"));
  w.raw(hashShielded(tx, true)), w.raw(hashShielded(tx, false));
  w.u32(tx.lock_time), w.u32(tx.expiry_height), w.u64(static_cast<std::uint64_t>(tx.value_balance));
  w.u32(hash_type);
  if (input) {
    const TransparentInput& i = tx.inputs[input->index];
    w.raw(i.prev_txid), w.u32(i.prev_index), w.varBytes(input->script_code), w.u64(input->amount);
    w.u32(i.sequence);
  }
  char personal[17] = "ZcashSigHash....";
  for (int k = 0; k < 4; ++k) personal[12 + k] = static_cast<char>(consensus_branch_id >> (8 * k));
  return hashOf(preimage, personal);
}

}  // namespace walletd
