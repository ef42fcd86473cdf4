// The Sapling commitment tree's frontier and note witnesses: roots against a tree computed level
// by level from all its leaves (a different algorithm), witnesses whose path leads to the root
// at every later size, zcashd's serialisation (ARRR's real tree at 1,900,000 from KDF's coins
// file) and damaged forms.
#include <catch2/catch.hpp>

#include "core/coins/coins_config.h"
#include "core/crypto/crypto_error.h"
#include "core/crypto/sapling/commitment_tree.h"
#include "core/encoding/hex.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::sapling;

namespace {

TreeNode leafOf(std::uint32_t i) {
  TreeNode leaf{};
  for (int k = 0; k < 31; ++k)
    leaf[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(i * 37 + k * 11);
  return leaf;
}

// The root of a depth-`depth` tree holding `leaves` then empty leaves, level by level.
TreeNode naiveRoot(std::vector<TreeNode> level, int depth) {
  for (int l = 0; l < depth; ++l) {
    std::vector<TreeNode> up;
    for (std::size_t i = 0; i < level.size(); i += 2) {
      const TreeNode& right = i + 1 < level.size() ? level[i + 1] : emptyRoot(l);
      up.push_back(merkleHash(l, level[i], right));
    }
    if (up.empty()) return emptyRoot(depth);
    level = std::move(up);
  }
  return level.front();
}

std::string arrrCheckpointTree() {
  const CoinsConfig coins = CoinsConfig::fromText(
      test::readTextFile(std::string(WALLETD_SOURCE_DIR) + "/tests/data/kdf-coins.json"));
  return coins.find("ARRR")
      ->conf["protocol"]["protocol_data"]["check_point_block"]["sapling_tree"]
      .get<std::string>();
}

}  // namespace

TEST_CASE("Commitment frontier: roots equal a level-by-level tree at every size") {
  constexpr int kDepth = 6;  // small, so the naive tree is cheap; the code is the same
  CommitmentFrontier frontier(kDepth);
  std::vector<TreeNode> leaves;
  CHECK(frontier.root() == emptyRoot(kDepth));
  for (std::uint32_t i = 0; i < 40; ++i) {
    leaves.push_back(leafOf(i));
    frontier.append(leaves.back());
    REQUIRE(frontier.size() == leaves.size());
    REQUIRE(toHex(frontier.root()) == toHex(naiveRoot(leaves, kDepth)));
  }
  const CommitmentFrontier copy =
      CommitmentFrontier::fromOmmers(frontier.size(), frontier.ommers(), kDepth);
  CHECK(copy.root() == frontier.root());
}

TEST_CASE("Note witnesses: each path leads to the tree's root at every later size") {
  constexpr int kDepth = 5;
  CommitmentFrontier frontier(kDepth);
  std::vector<std::pair<TreeNode, NoteWitness>> witnesses;
  for (std::uint32_t i = 0; i < 30; ++i) {
    const TreeNode leaf = leafOf(i);
    if (i % 3 == 0 || i == 7) witnesses.emplace_back(leaf, NoteWitness::forNextLeaf(frontier));
    frontier.append(leaf, [&](int level, std::uint64_t index, const TreeNode& node) {
      for (auto& [l, w] : witnesses) w.observe(level, index, node);
    });
    for (const auto& [l, w] : witnesses)
      REQUIRE(toHex(NoteWitness::rootOf(l, w.position(), w.path(frontier))) ==
              toHex(frontier.root()));
  }
  // A witness rebuilt from its stored form answers the same path.
  const NoteWitness& w = witnesses[2].second;
  const NoteWitness copy(w.position(), w.siblings());
  CHECK(copy.path(frontier) == w.path(frontier));
}

TEST_CASE("zcashd's serialised tree: ARRR's real checkpoint parses; damaged forms are refused") {
  const Bytes real = fromHex(arrrCheckpointTree());
  const CommitmentFrontier frontier = CommitmentFrontier::parseZcash(real);
  CHECK(frontier.size() > 1000000);
  CHECK(frontier.depth() == kSaplingTreeDepth);
  // Appending a leaf to the parsed frontier is what appending to the serialised tree gives.
  CommitmentFrontier grown = frontier;
  grown.append(leafOf(1));
  CHECK(grown.size() == frontier.size() + 1);

  Bytes truncated(real.begin(), real.end() - 1);
  CHECK_THROWS_AS(CommitmentFrontier::parseZcash(truncated), CryptoError);
  Bytes trailing = real;
  trailing.push_back(0);
  CHECK_THROWS_AS(CommitmentFrontier::parseZcash(trailing), CryptoError);
  Bytes bad_flag = real;
  bad_flag[0] = 2;
  CHECK_THROWS_AS(CommitmentFrontier::parseZcash(bad_flag), CryptoError);
  CHECK_THROWS_AS(CommitmentFrontier::parseZcash(fromHex("0001")), CryptoError);
  // The empty tree.
  CHECK(CommitmentFrontier::parseZcash(fromHex("000000")).root() == emptyRoot(kSaplingTreeDepth));
}

// zcashd's Sapling tree vectors (tests/vectors/zcash/merkle_*_sapling.json, depth 4, as
// zcashd's test_tree runs them): after each append the root and the serialised tree; for each
// earlier leaf the authentication path (zcashd writes it root side first, then the position).
TEST_CASE("zcashd's Sapling tree vectors: roots, serialised trees, paths, empty roots") {
  constexpr int kDepth = 4;
  const Json commitments = test::readVectors("zcash/merkle_commitments_sapling.json");
  const Json roots = test::readVectors("zcash/merkle_roots_sapling.json");
  const Json trees = test::readVectors("zcash/merkle_serialization_sapling.json");
  const Json paths = test::readVectors("zcash/merkle_path_sapling.json");
  const Json empty = test::readVectors("zcash/merkle_roots_empty_sapling.json");
  for (int l = 0; l <= kSaplingTreeDepth; ++l)
    CHECK(toHex(emptyRoot(l)) == empty.at(static_cast<std::size_t>(l)).get<std::string>());

  CommitmentFrontier frontier(kDepth);
  std::vector<TreeNode> leaves;
  std::vector<NoteWitness> witnesses;
  std::size_t next_path = 0;
  for (std::size_t i = 0; i < commitments.size(); ++i) {
    Bytes leaf_bytes = fromHex(commitments[i].get<std::string>());
    std::reverse(leaf_bytes.begin(), leaf_bytes.end());  // uint256S order
    TreeNode leaf{};
    std::copy(leaf_bytes.begin(), leaf_bytes.end(), leaf.begin());
    witnesses.push_back(NoteWitness::forNextLeaf(frontier));
    leaves.push_back(leaf);
    frontier.append(leaf, [&](int level, std::uint64_t index, const TreeNode& node) {
      for (NoteWitness& w : witnesses) w.observe(level, index, node);
    });
    REQUIRE(toHex(frontier.root()) == roots[i].get<std::string>());
    const CommitmentFrontier parsed =
        CommitmentFrontier::parseZcash(fromHex(trees[i].get<std::string>()), kDepth);
    REQUIRE(parsed.size() == i + 1);
    REQUIRE(parsed.root() == frontier.root());
    for (std::size_t j = 0; j + 1 < witnesses.size(); ++j, ++next_path) {
      // zcashd's path: depth, then (0x20 ‖ node) from the root side down, then position u64 LE.
      const NoteWitness& w = witnesses[j];
      std::vector<TreeNode> path = w.path(frontier);
      Bytes expected = {static_cast<std::uint8_t>(kDepth)};
      for (auto it = path.rbegin(); it != path.rend(); ++it) {
        expected.push_back(0x20);
        expected.insert(expected.end(), it->begin(), it->end());
      }
      for (int b = 0; b < 8; ++b)
        expected.push_back(static_cast<std::uint8_t>(w.position() >> (8 * b)));
      REQUIRE(toHex(expected) == paths.at(next_path).get<std::string>());
    }
  }
  CHECK(next_path == paths.size());
  CHECK_THROWS_AS(frontier.append(leaves[0]), CryptoError);  // 16 leaves fill a depth-4 tree
}
