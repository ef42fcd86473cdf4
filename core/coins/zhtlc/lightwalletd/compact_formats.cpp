// Field numbers: CompactBlock{protoVersion 1, height 2, hash 3, prevHash 4, time 5, header 6,
// vtx 7}, CompactTx{index 1, hash 2, fee 3, spends 4, outputs 5}, CompactSpend{nf 1},
// CompactOutput{cmu 1, epk 2, ciphertext 3}, BlockID{height 1, hash 2}, BlockRange{start 1,
// end 2}, TreeState{network 1, height 2, hash 3, time 4, tree 5}.
#include "core/coins/zhtlc/lightwalletd/compact_formats.h"

#include <algorithm>

#include "core/encoding/protobuf.h"

namespace walletd {
namespace {

ByteArray<32> exact32(std::optional<ByteView> bytes, const char* what) {
  if (!bytes || bytes->size() != 32) throw ProtoError(std::string(what) + " is not 32 bytes");
  ByteArray<32> out{};
  std::copy(bytes->begin(), bytes->end(), out.begin());
  return out;
}

CompactSaplingOutput decodeOutput(ByteView message) {
  CompactSaplingOutput out;
  out.cmu = exact32(protoBytes(message, 1), "CompactOutput.cmu");
  out.epk = exact32(protoBytes(message, 2), "CompactOutput.epk");
  const std::optional<ByteView> ciphertext = protoBytes(message, 3);
  if (!ciphertext || ciphertext->size() < 52)
    throw ProtoError("CompactOutput.ciphertext is shorter than 52 bytes");
  out.ciphertext.assign(ciphertext->begin(), ciphertext->begin() + 52);
  return out;
}

CompactTx decodeTx(ByteView message) {
  CompactTx tx;
  tx.index = protoVarint(message, 1);
  tx.hash = exact32(protoBytes(message, 2), "CompactTx.hash");
  for (ByteView spend : protoRepeated(message, 4))
    tx.spends.push_back({exact32(protoBytes(spend, 1), "CompactSpend.nf")});
  for (ByteView output : protoRepeated(message, 5)) tx.outputs.push_back(decodeOutput(output));
  return tx;
}

}  // namespace

CompactBlock decodeCompactBlock(ByteView message) {
  CompactBlock block;
  block.height = protoVarint(message, 2);
  block.hash = exact32(protoBytes(message, 3), "CompactBlock.hash");
  block.prev_hash = exact32(protoBytes(message, 4), "CompactBlock.prevHash");
  block.time = static_cast<std::uint32_t>(protoVarint(message, 5));
  for (ByteView tx : protoRepeated(message, 7)) block.vtx.push_back(decodeTx(tx));
  return block;
}

BlockId decodeBlockId(ByteView message) {
  BlockId id;
  id.height = protoVarint(message, 1);
  if (const auto hash = protoBytes(message, 2)) id.hash.assign(hash->begin(), hash->end());
  return id;
}

TreeState decodeTreeState(ByteView message) {
  TreeState state;
  state.network = protoText(protoBytes(message, 1));
  state.height = protoVarint(message, 2);
  state.hash = protoText(protoBytes(message, 3));
  state.time = static_cast<std::uint32_t>(protoVarint(message, 4));
  state.tree = protoText(protoBytes(message, 5));
  return state;
}

Bytes encodeBlockId(std::uint64_t height) {
  return ProtoWriter().varint(1, height).data();
}

Bytes encodeBlockRange(std::uint64_t start, std::uint64_t end) {
  ProtoWriter from;
  from.varint(1, start);
  ProtoWriter to;
  to.varint(1, end);
  return ProtoWriter().message(1, from).message(2, to).data();
}

}  // namespace walletd
