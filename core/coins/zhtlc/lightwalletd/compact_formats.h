// The lightwalletd messages KDF's ZHTLC client reads and writes (Pirate's compact_formats.proto
// and service.proto, package pirate.wallet.sdk.rpc; wire-compatible with Zcash's for these
// fields): compact blocks with their transactions' Sapling spends and outputs, tree states, and
// the requests for them. Decoding reads the fields it uses and skips the rest
// (Zcash's servers add chainMetadata and Orchard fields).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/crypto/bytes.h"

namespace walletd {

struct CompactSaplingSpend {
  ByteArray<32> nf{};
};

struct CompactSaplingOutput {
  ByteArray<32> cmu{};
  ByteArray<32> epk{};
  Bytes ciphertext;  // the first 52 bytes of encCiphertext
};

struct CompactTx {
  std::uint64_t index = 0;  // in the block
  ByteArray<32> hash{};     // txid, internal byte order
  std::vector<CompactSaplingSpend> spends;
  std::vector<CompactSaplingOutput> outputs;
};

struct CompactBlock {
  std::uint64_t height = 0;
  ByteArray<32> hash{};       // internal byte order
  ByteArray<32> prev_hash{};  // internal byte order
  std::uint32_t time = 0;
  std::vector<CompactTx> vtx;
};

struct BlockId {
  std::uint64_t height = 0;
  Bytes hash;  // may be empty
};

struct TreeState {
  std::string network;
  std::uint64_t height = 0;
  std::string hash;  // hex, display order
  std::uint32_t time = 0;
  std::string tree;  // hex of the Sapling commitment tree's frontier
};

// Throw ProtoError on a damaged message or a field of the wrong size.
CompactBlock decodeCompactBlock(ByteView message);
BlockId decodeBlockId(ByteView message);
TreeState decodeTreeState(ByteView message);

Bytes encodeBlockId(std::uint64_t height);
Bytes encodeBlockRange(std::uint64_t start, std::uint64_t end);

}  // namespace walletd
