// parse and serialise mirror each other field by field.
#include "core/coins/zhtlc/sapling_transaction.h"

#include "core/encoding/wire.h"

namespace walletd {
namespace {

template <std::size_t N>
void read(WireReader& in, ByteArray<N>& out) {
  const ByteView bytes = in.raw(N);
  std::copy(bytes.begin(), bytes.end(), out.begin());
}

Bytes readBytes(WireReader& in, std::size_t n) {
  const ByteView bytes = in.raw(n);
  return Bytes(bytes.begin(), bytes.end());
}

void readTransparent(WireReader& in, SaplingTransaction& tx) {
  for (std::uint64_t n = in.compactSize(); n > 0; --n) {
    TransparentInput input;
    read(in, input.prev_txid);
    input.prev_index = in.u32();
    input.script_sig = in.varBytes();
    input.sequence = in.u32();
    tx.inputs.push_back(std::move(input));
  }
  for (std::uint64_t n = in.compactSize(); n > 0; --n) {
    TransparentOutput output;
    output.value = in.u64();
    output.script = in.varBytes();
    tx.outputs.push_back(std::move(output));
  }
}

void readSapling(WireReader& in, SaplingTransaction& tx) {
  for (std::uint64_t n = in.compactSize(); n > 0; --n) {
    SaplingSpend s;
    read(in, s.cv), read(in, s.anchor), read(in, s.nullifier), read(in, s.rk);
    read(in, s.zkproof), read(in, s.spend_auth_sig);
    tx.spends.push_back(s);
  }
  for (std::uint64_t n = in.compactSize(); n > 0; --n) {
    SaplingOutput o;
    read(in, o.ciphertexts.cv), read(in, o.ciphertexts.cmu), read(in, o.ciphertexts.epk);
    o.ciphertexts.enc_ciphertext = readBytes(in, sapling::kEncCiphertextSize);
    o.ciphertexts.out_ciphertext = readBytes(in, sapling::kOutCiphertextSize);
    read(in, o.zkproof);
    tx.shielded_outputs.push_back(std::move(o));
  }
  const std::uint64_t joinsplits = in.compactSize();
  if (joinsplits > in.remaining() / SaplingTransaction::kJoinSplitSize)
    throw WireDecodeError("transaction data ends too early");
  if (joinsplits > 0) {
    tx.joinsplits = readBytes(in, joinsplits * SaplingTransaction::kJoinSplitSize);
    read(in, tx.joinsplit_pubkey), read(in, tx.joinsplit_sig);
  }
  if (!tx.spends.empty() || !tx.shielded_outputs.empty()) read(in, tx.binding_sig);
}

}  // namespace

SaplingTransaction parseSaplingTransaction(ByteView raw) {
  WireReader in(raw);
  if (in.u32() != SaplingTransaction::kHeader)
    throw WireDecodeError("not an overwintered version-4 transaction");
  if (in.u32() != SaplingTransaction::kVersionGroup)
    throw WireDecodeError("not a Sapling version group");
  SaplingTransaction tx;
  readTransparent(in, tx);
  tx.lock_time = in.u32();
  tx.expiry_height = in.u32();
  tx.value_balance = static_cast<std::int64_t>(in.u64());
  readSapling(in, tx);
  if (in.remaining() != 0) throw WireDecodeError("bytes after the transaction");
  return tx;
}

Bytes serializeSaplingTransaction(const SaplingTransaction& tx) {
  Bytes out;
  WireWriter w(out);
  w.u32(SaplingTransaction::kHeader);
  w.u32(SaplingTransaction::kVersionGroup);
  w.compactSize(tx.inputs.size());
  for (const TransparentInput& i : tx.inputs) {
    w.raw(i.prev_txid), w.u32(i.prev_index), w.varBytes(i.script_sig), w.u32(i.sequence);
  }
  w.compactSize(tx.outputs.size());
  for (const TransparentOutput& o : tx.outputs) w.u64(o.value), w.varBytes(o.script);
  w.u32(tx.lock_time), w.u32(tx.expiry_height), w.u64(static_cast<std::uint64_t>(tx.value_balance));
  w.compactSize(tx.spends.size());
  for (const SaplingSpend& s : tx.spends) {
    w.raw(s.cv), w.raw(s.anchor), w.raw(s.nullifier), w.raw(s.rk), w.raw(s.zkproof);
    w.raw(s.spend_auth_sig);
  }
  w.compactSize(tx.shielded_outputs.size());
  for (const SaplingOutput& o : tx.shielded_outputs) {
    const sapling::OutputCiphertexts& c = o.ciphertexts;
    w.raw(c.cv), w.raw(c.cmu), w.raw(c.epk), w.raw(c.enc_ciphertext), w.raw(c.out_ciphertext);
    w.raw(o.zkproof);
  }
  w.compactSize(tx.joinsplitCount());
  if (!tx.joinsplits.empty())
    w.raw(tx.joinsplits), w.raw(tx.joinsplit_pubkey), w.raw(tx.joinsplit_sig);
  if (!tx.spends.empty() || !tx.shielded_outputs.empty()) w.raw(tx.binding_sig);
  return out;
}

}  // namespace walletd
