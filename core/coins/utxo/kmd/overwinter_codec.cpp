// Overwintered v4 transactions on the wire (Zcash protocol specification §7.1, v4).
#include "core/coins/utxo/kmd/overwinter_codec.h"

namespace walletd {
namespace {

// Sizes of the v4 Sapling parts (Zcash protocol specification §7.3, §7.4, §7.2 with Groth16).
constexpr std::size_t kSpendDescription = 384;
constexpr std::size_t kOutputDescription = 948;
constexpr std::size_t kJoinSplit = 1698;
constexpr std::size_t kJoinSplitKeyAndSig = 32 + 64;
constexpr std::size_t kBindingSig = 64;

// Skips what follows the locktime, checking the counts against the bytes left.
void skipSaplingFields(WireReader& r) {
  r.raw(4 + 8);  // expiry height, value balance
  const std::size_t spends = boundedCount(r, kSpendDescription);
  r.raw(spends * kSpendDescription);
  const std::size_t outputs = boundedCount(r, kOutputDescription);
  r.raw(outputs * kOutputDescription);
  const std::size_t joinsplits = boundedCount(r, kJoinSplit);
  r.raw(joinsplits * kJoinSplit);
  if (joinsplits > 0) r.raw(kJoinSplitKeyAndSig);
  if (spends + outputs > 0) r.raw(kBindingSig);
}

}  // namespace

Bytes OverwinterCodec::serialize(const UtxoTransaction& tx) const {
  Bytes out;
  WireWriter w(out);
  w.u32(static_cast<std::uint32_t>(tx.version) | kOverwinteredBit);
  w.u32(version_group_id_);
  writeInputsAndOutputs(tx, w);
  w.u32(tx.locktime);
  w.raw(tx.chain_fields);
  return out;
}

UtxoTransaction OverwinterCodec::parse(ByteView bytes) const {
  WireReader r(bytes);
  UtxoTransaction tx;
  const std::uint32_t header = r.u32();
  if ((header & kOverwinteredBit) == 0 || (header & ~kOverwinteredBit) != 4)
    throw UtxoDecodeError("not an overwintered version 4 transaction");
  tx.version = 4;
  if (r.u32() != version_group_id_) throw UtxoDecodeError("another version group id");
  readInputsAndOutputs(tx, r);
  tx.locktime = r.u32();
  const std::size_t start = bytes.size() - r.remaining();
  skipSaplingFields(r);
  if (r.remaining() != 0) throw UtxoDecodeError("bytes after the transaction");
  tx.chain_fields.assign(bytes.begin() + start, bytes.end());
  return tx;
}

Bytes OverwinterCodec::transparentFields() {
  return Bytes(4 + 8 + 3, 0);
}

}  // namespace walletd
