// The frontier is a binary counter: appending a leaf carries through the set low bits of the size,
// hashing each stored left subtree with the new right one, exactly as the tree's parents form.
#include "core/crypto/sapling/commitment_tree.h"

#include "core/crypto/crypto_error.h"

namespace walletd::sapling {
namespace {

bool bitSet(std::uint64_t value, int bit) {
  return ((value >> bit) & 1U) != 0;
}

class Reader {
 public:
  explicit Reader(ByteView bytes) : bytes_(bytes) {}
  std::uint8_t byte() {
    if (at_ >= bytes_.size()) throw CryptoError("commitment tree: truncated");
    return bytes_[at_++];
  }
  std::optional<TreeNode> optionalNode() {
    const std::uint8_t flag = byte();
    if (flag > 1) throw CryptoError("commitment tree: bad option flag");
    if (flag == 0) return std::nullopt;
    TreeNode node{};
    for (auto& b : node) b = byte();
    return node;
  }
  std::uint64_t compactSize() {
    const std::uint8_t first = byte();
    if (first < 0xfd) return first;
    const int width = first == 0xfd ? 2 : first == 0xfe ? 4 : 8;
    std::uint64_t value = 0;
    for (int i = 0; i < width; ++i) value |= std::uint64_t{byte()} << (8 * i);
    return value;
  }
  bool done() const { return at_ == bytes_.size(); }

 private:
  ByteView bytes_;
  std::size_t at_ = 0;
};

}  // namespace

CommitmentFrontier::CommitmentFrontier(int depth)
    : depth_(depth), ommers_(static_cast<std::size_t>(depth) + 1) {
  if (depth < 1 || depth > kSaplingTreeDepth) throw CryptoError("commitment tree: bad depth");
}

CommitmentFrontier CommitmentFrontier::parseZcash(ByteView serialized, int depth) {
  Reader in(serialized);
  const auto left = in.optionalNode();
  const auto right = in.optionalNode();
  const std::uint64_t count = in.compactSize();
  if (count >= static_cast<std::uint64_t>(depth)) throw CryptoError("commitment tree: too deep");
  std::vector<std::optional<TreeNode>> parents;
  for (std::uint64_t i = 0; i < count; ++i) parents.push_back(in.optionalNode());
  if (!in.done()) throw CryptoError("commitment tree: trailing bytes");
  if (!left && (right || count > 0)) throw CryptoError("commitment tree: right without left");
  CommitmentFrontier out(depth);
  // parents[i] is a complete subtree of height i + 1; the highest is leftmost.
  for (std::size_t i = parents.size(); i-- > 0;) {
    if (parents[i]) out.push(static_cast<int>(i) + 1, *parents[i], 0, nullptr);
  }
  if (left) out.push(0, *left, 0, nullptr);
  if (right) out.push(0, *right, 0, nullptr);
  return out;
}

CommitmentFrontier CommitmentFrontier::fromOmmers(std::uint64_t size, std::vector<TreeNode> ommers,
                                                  int depth) {
  CommitmentFrontier out(depth);
  if (depth < 64 && size > (std::uint64_t{1} << depth)) throw CryptoError("commitment tree: full");
  std::size_t next = 0;
  for (int j = 0; j <= depth; ++j) {
    if (!bitSet(size, j)) continue;
    if (next == ommers.size()) throw CryptoError("commitment tree: missing ommer");
    out.ommers_[static_cast<std::size_t>(j)] = ommers[next++];
  }
  if (next != ommers.size()) throw CryptoError("commitment tree: extra ommers");
  out.size_ = size;
  return out;
}

void CommitmentFrontier::append(const TreeNode& leaf, const OnCompleted& completed) {
  if (size_ >> depth_ != 0) throw CryptoError("commitment tree: full");
  push(0, leaf, size_, completed);
}

void CommitmentFrontier::push(int level, TreeNode node, std::uint64_t index,
                              const OnCompleted& completed) {
  if (completed) completed(level, index, node);
  int j = level;
  while (j < depth_ && bitSet(size_, j)) {
    node = merkleHash(j, ommers_[static_cast<std::size_t>(j)], node);
    ++j;
    index >>= 1;
    if (completed) completed(j, index, node);
  }
  ommers_[static_cast<std::size_t>(j)] = node;
  size_ += std::uint64_t{1} << level;
}

TreeNode CommitmentFrontier::rootOfRightmost(int level) const {
  std::optional<TreeNode> node;
  for (int i = 0; i < level; ++i) {
    if (bitSet(size_, i)) {
      node = merkleHash(i, ommers_[static_cast<std::size_t>(i)], node ? *node : emptyRoot(i));
    } else if (node) {
      node = merkleHash(i, *node, emptyRoot(i));
    }
  }
  if (level == depth_ && bitSet(size_, depth_)) return ommers_[static_cast<std::size_t>(depth_)];
  return node ? *node : emptyRoot(level);
}

std::vector<TreeNode> CommitmentFrontier::ommers() const {
  std::vector<TreeNode> out;
  for (int j = 0; j <= depth_; ++j) {
    if (bitSet(size_, j)) out.push_back(ommers_[static_cast<std::size_t>(j)]);
  }
  return out;
}

NoteWitness NoteWitness::forNextLeaf(const CommitmentFrontier& before) {
  NoteWitness w;
  w.position_ = before.size();
  w.siblings_.resize(static_cast<std::size_t>(before.depth()));
  for (int j = 0; j < before.depth(); ++j) {
    if (bitSet(w.position_, j)) w.siblings_[static_cast<std::size_t>(j)] = before.ommer(j);
  }
  return w;
}

void NoteWitness::observe(int level, std::uint64_t index, const TreeNode& node) {
  if (level >= static_cast<int>(siblings_.size())) return;
  if (index == ((position_ >> level) ^ 1U) && !bitSet(position_, level))
    siblings_[static_cast<std::size_t>(level)] = node;
}

std::vector<TreeNode> NoteWitness::path(const CommitmentFrontier& frontier) const {
  if (frontier.size() <= position_) throw CryptoError("witness: the leaf is not in the tree");
  const std::uint64_t last = frontier.size() - 1;
  std::vector<TreeNode> out;
  for (int j = 0; j < static_cast<int>(siblings_.size()); ++j) {
    const auto& known = siblings_[static_cast<std::size_t>(j)];
    const std::uint64_t sibling = (position_ >> j) ^ 1U;
    if (known) {
      out.push_back(*known);
    } else if (sibling == (last >> j)) {
      out.push_back(frontier.rootOfRightmost(j));
    } else if (sibling > (last >> j)) {
      out.push_back(emptyRoot(j));
    } else {
      throw CryptoError("witness: a completed sibling was not observed");
    }
  }
  return out;
}

TreeNode NoteWitness::rootOf(const TreeNode& leaf, std::uint64_t position,
                             const std::vector<TreeNode>& path) {
  TreeNode node = leaf;
  for (int j = 0; j < static_cast<int>(path.size()); ++j) {
    const TreeNode& sibling = path[static_cast<std::size_t>(j)];
    node = bitSet(position, j) ? merkleHash(j, sibling, node) : merkleHash(j, node, sibling);
  }
  return node;
}

}  // namespace walletd::sapling
