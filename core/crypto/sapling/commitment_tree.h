// The Sapling note commitment tree (Zcash protocol specification §3.8, §4.9) as a light wallet
// keeps it: the frontier (the tree's size and, for each set bit j of the size, the root of the
// complete subtree of height j left of the next leaf), enough to append leaves and compute the
// root, and one NoteWitness per own note: its position and the siblings on its path as they
// become known. zcashd's serialised CommitmentTree (lightwalletd's TreeState.tree) parses into a
// frontier.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/crypto/sapling/pedersen_hash.h"

namespace walletd::sapling {

using TreeNode = ByteArray<32>;

class CommitmentFrontier {
 public:
  // Called for every node an append completes: the leaf (level 0) and each parent it closes.
  using OnCompleted = std::function<void(int level, std::uint64_t index, const TreeNode& node)>;

  explicit CommitmentFrontier(int depth = kSaplingTreeDepth);
  // zcashd's CommitmentTree serialisation: left and right (Option<Node>: 0, or 1 and 32 bytes)
  // and parents (CompactSize count, then Option<Node> each, lowest first). Throws CryptoError.
  static CommitmentFrontier parseZcash(ByteView serialized, int depth = kSaplingTreeDepth);
  // Rebuilds a frontier from size() and ommers() (the form walletd stores).
  static CommitmentFrontier fromOmmers(std::uint64_t size, std::vector<TreeNode> ommers,
                                       int depth = kSaplingTreeDepth);

  void append(const TreeNode& leaf, const OnCompleted& completed = nullptr);
  TreeNode root() const { return rootOfRightmost(depth_); }
  // The root of the height-`level` subtree holding the last leaf, empty leaves padding it.
  TreeNode rootOfRightmost(int level) const;

  std::uint64_t size() const { return size_; }
  int depth() const { return depth_; }
  // One per set bit of size(), from level 0 up.
  std::vector<TreeNode> ommers() const;
  // The complete subtree of height `level` ending at the frontier (bit `level` of size() set).
  const TreeNode& ommer(int level) const { return ommers_.at(static_cast<std::size_t>(level)); }

 private:
  // Adds a complete subtree of height `level` after the last leaf (size() a multiple of 2^level).
  void push(int level, TreeNode node, std::uint64_t index, const OnCompleted& completed);

  int depth_;
  std::uint64_t size_ = 0;
  std::vector<TreeNode> ommers_;  // ommers_[j] meaningful iff bit j of size_ is set
};

// The authentication path of the leaf at `position`, filled as the tree grows: left siblings are
// known when the leaf is appended, right ones when their subtree completes (observe()).
class NoteWitness {
 public:
  // The witness of the leaf appended next to `before`.
  static NoteWitness forNextLeaf(const CommitmentFrontier& before);
  NoteWitness(std::uint64_t position, std::vector<std::optional<TreeNode>> siblings)
      : position_(position), siblings_(std::move(siblings)) {}

  // Takes a node the tree completed if it is one of this path's right siblings.
  void observe(int level, std::uint64_t index, const TreeNode& node);
  // The path (level 0 first) at the frontier's current size; its root is frontier.root().
  std::vector<TreeNode> path(const CommitmentFrontier& frontier) const;
  // The root the path gives for `leaf`.
  static TreeNode rootOf(const TreeNode& leaf, std::uint64_t position,
                         const std::vector<TreeNode>& path);

  std::uint64_t position() const { return position_; }
  const std::vector<std::optional<TreeNode>>& siblings() const { return siblings_; }

 private:
  NoteWitness() = default;
  std::uint64_t position_ = 0;
  std::vector<std::optional<TreeNode>> siblings_;
};

}  // namespace walletd::sapling
