#include "core/coins/zhtlc/sapling_transaction.h"

#include "core/encoding/wire.h"

namespace walletd {
namespace {

constexpr std::uint32_t kV4Header = 0x80000004;  // overwintered, version 4
constexpr std::uint32_t kSaplingVersionGroup = 0x892f2085;
constexpr std::size_t kSpendRest = 192 + 64;  // proof, spend authorisation signature
constexpr std::size_t kJoinSplitSize = 1698;  // a Groth16 JoinSplit description
constexpr std::size_t kProofSize = 192;

template <std::size_t N>
ByteArray<N> arrayFrom(WireReader& in) {
  ByteArray<N> out{};
  const ByteView bytes = in.raw(N);
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

void readTransparent(WireReader& in, SaplingTransaction& tx) {
  for (std::uint64_t n = in.compactSize(); n > 0; --n) {
    TransparentInput input;
    input.prev_txid = arrayFrom<32>(in);
    input.prev_index = in.u32();
    in.varBytes();  // scriptSig
    in.u32();       // sequence
    tx.inputs.push_back(input);
  }
  for (std::uint64_t n = in.compactSize(); n > 0; --n) {
    TransparentOutput output;
    output.value = in.u64();
    output.script = in.varBytes();
    tx.outputs.push_back(std::move(output));
  }
}

void readSapling(WireReader& in, SaplingTransaction& tx) {
  const std::uint64_t spends = in.compactSize();
  for (std::uint64_t i = 0; i < spends; ++i) {
    in.raw(64);  // cv, anchor
    tx.spend_nullifiers.push_back(arrayFrom<32>(in));
    in.raw(32 + kSpendRest);  // rk, proof, signature
  }
  const std::uint64_t outputs = in.compactSize();
  for (std::uint64_t i = 0; i < outputs; ++i) {
    sapling::OutputCiphertexts o;
    o.cv = arrayFrom<32>(in);
    o.cmu = arrayFrom<32>(in);
    o.epk = arrayFrom<32>(in);
    const ByteView enc = in.raw(sapling::kEncCiphertextSize);
    o.enc_ciphertext.assign(enc.begin(), enc.end());
    const ByteView out = in.raw(sapling::kOutCiphertextSize);
    o.out_ciphertext.assign(out.begin(), out.end());
    in.raw(kProofSize);
    tx.shielded_outputs.push_back(std::move(o));
  }
  const std::uint64_t joinsplits = in.compactSize();
  if (joinsplits > 0) in.raw(joinsplits * kJoinSplitSize + 32 + 64);  // and their key, signature
  if (spends + outputs > 0) in.raw(64);                               // binding signature
}

}  // namespace

SaplingTransaction parseSaplingTransaction(ByteView raw) {
  WireReader in(raw);
  if (in.u32() != kV4Header) throw WireDecodeError("not an overwintered version-4 transaction");
  if (in.u32() != kSaplingVersionGroup) throw WireDecodeError("not a Sapling version group");
  SaplingTransaction tx;
  readTransparent(in, tx);
  in.u32();  // lock time
  in.u32();  // expiry height
  tx.value_balance = static_cast<std::int64_t>(in.u64());
  readSapling(in, tx);
  if (in.remaining() != 0) throw WireDecodeError("bytes after the transaction");
  return tx;
}

}  // namespace walletd
