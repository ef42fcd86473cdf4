// Pedersen hashes with per-chunk tables: segment i (up to 63 chunks) uses generator I_i, and chunk
// j of a segment contributes enc(chunk)·2^(4j)·I_i with enc ∈ {±1..±4}. The tables hold
// [k·2^(4j)]I_i for k = 1..4, so a hash costs one point addition per chunk.
#include "core/crypto/sapling/pedersen_hash.h"

#include <array>
#include <memory>

#include "core/crypto/blake2s.h"
#include "core/crypto/crypto_error.h"
#include "core/crypto/sapling/group_hash.h"

namespace walletd::sapling {
namespace {

constexpr int kChunksPerSegment = 63;
constexpr int kSegments = 6;
constexpr std::size_t kMaxChunks = std::size_t{kSegments} * kChunksPerSegment;

using ChunkTable = std::array<std::array<JubjubPoint, 4>, kChunksPerSegment>;

const std::array<ChunkTable, kSegments>& chunkTables() {
  static const auto tables = [] {
    auto out = std::make_unique<std::array<ChunkTable, kSegments>>();
    for (int i = 0; i < kSegments; ++i) {
      JubjubPoint base = saplingGenerators().pedersen[i];
      for (int j = 0; j < kChunksPerSegment; ++j) {
        auto& row = (*out)[i][j];
        row[0] = base;
        for (int k = 1; k < 4; ++k) row[k] = row[k - 1] + base;
        base = base.dbl().dbl().dbl().dbl();
      }
    }
    return out;
  }();
  return *tables;
}

}  // namespace

void appendBits(Bits& bits, ByteView bytes, std::size_t count) {
  for (std::size_t k = 0; k < count && k / 8 < bytes.size(); ++k)
    bits.push_back(static_cast<std::uint8_t>((bytes[k / 8] >> (k % 8)) & 1));
}

void appendIntegerBits(Bits& bits, std::uint64_t value, int count) {
  for (int k = 0; k < count; ++k) bits.push_back(static_cast<std::uint8_t>((value >> k) & 1));
}

JubjubPoint pedersenHashToPoint(const Bits& bits) {
  const std::size_t chunks = (bits.size() + 2) / 3;
  if (chunks > kMaxChunks) throw CryptoError("Pedersen hash input too long");
  const auto& tables = chunkTables();
  JubjubPoint acc = JubjubPoint::identity();
  for (std::size_t c = 0; c < chunks; ++c) {
    const auto bit = [&](std::size_t k) { return k < bits.size() ? bits[k] : 0; };
    const int s0 = bit(3 * c), s1 = bit(3 * c + 1), s2 = bit(3 * c + 2);
    const JubjubPoint& term = tables[c / kChunksPerSegment][c % kChunksPerSegment][s0 + 2 * s1];
    acc = s2 ? acc - term : acc + term;
  }
  return acc;
}

JubjubPoint noteCommitment(const ByteArray<32>& g_d, const ByteArray<32>& pk_d, std::uint64_t value,
                           const Fr& rcm) {
  Bits bits = {1, 1, 1, 1, 1, 1};
  bits.reserve(6 + 64 + 512);
  appendIntegerBits(bits, value, 64);
  appendBits(bits, g_d, 256);
  appendBits(bits, pk_d, 256);
  return pedersenHashToPoint(bits) + saplingGenerators().note_commit_r.mul(rcm);
}

ByteArray<32> merkleHash(int level, const ByteArray<32>& left, const ByteArray<32>& right) {
  Bits bits;
  bits.reserve(6 + 510);
  appendIntegerBits(bits, static_cast<std::uint64_t>(level), 6);
  appendBits(bits, left, 255);
  appendBits(bits, right, 255);
  return pedersenHashToPoint(bits).affineU().toBytes();
}

const ByteArray<32>& emptyRoot(int level) {
  static const auto roots = [] {
    std::array<ByteArray<32>, kSaplingTreeDepth + 1> out{};
    out[0][0] = 1;
    for (int l = 1; l <= kSaplingTreeDepth; ++l) out[l] = merkleHash(l - 1, out[l - 1], out[l - 1]);
    return out;
  }();
  return roots.at(static_cast<std::size_t>(level));
}

ByteArray<32> nullifier(const JubjubPoint& nk, const JubjubPoint& cm, std::uint64_t position) {
  ByteArray<32> pos{};
  for (int i = 0; i < 8; ++i) pos[i] = static_cast<std::uint8_t>(position >> (8 * i));
  const JubjubPoint rho = cm + saplingGenerators().nullifier_position.mul(pos);
  return blake2s256(concatBytes({nk.encode(), rho.encode()}), asBytes("Zcash_nf"));
}

JubjubPoint valueCommitment(std::int64_t value, const Fr& rcv) {
  const std::uint64_t magnitude =
      value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
  Fr v = Fr::fromU64(magnitude);
  if (value < 0) v = -v;
  const SaplingGenerators& g = saplingGenerators();
  return g.value_commit_v.mul(v) + g.value_commit_r.mul(rcv);
}

}  // namespace walletd::sapling
