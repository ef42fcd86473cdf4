// sapling_oracle: walletd's trial decryption (core/crypto/sapling) for the harness's notes. Reads
// JSON lines {"ivk": hex, "ovk": hex, "outputs": [{"cmu", "epk", "enc", "out"}]} and answers
// per line {"compact": [null | {value, d, rcm}], "full": [null | memo hex], "recovered": [null |
// value]} — the compact 52 bytes in one batch, the full ciphertext with its tag, and the sender's
// recovery with ovk. Lets tests/integration/sapling-notes.test.mjs check walletd against notes
// made with @noble on one side and @airgap/sapling-wasm checks on the other.
// A line {"tree": zcashd's serialised tree (hex), "leaves": [hex], "witness": k} asks for the
// commitment tree instead: {"size", "root"} after appending the leaves to the parsed frontier,
// and "witness_root", the root that leaf k's witness path gives (checked against an independent
// tree in tests/integration/sapling-tree.test.mjs).
#include <string>

#include "core/crypto/sapling/commitment_tree.h"
#include "core/crypto/sapling/trial_decryption.h"
#include "core/encoding/hex.h"
#include "core/rpc/json.h"
#include "tests/support/json_lines.h"

using namespace walletd;
using namespace walletd::sapling;

namespace {

template <std::size_t N>
ByteArray<N> arrayOf(const Json& hex) {
  const Bytes bytes = fromHex(hex.get<std::string>());
  ByteArray<N> out{};
  std::copy(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(std::min(N, bytes.size())),
            out.begin());
  return out;
}

Json treeAnswer(const Json& input) {
  CommitmentFrontier frontier =
      CommitmentFrontier::parseZcash(fromHex(input.at("tree").get<std::string>()));
  const std::size_t k = input.value("witness", std::size_t{0});
  std::optional<NoteWitness> witness;
  std::vector<TreeNode> leaves;
  for (const Json& leaf : input.at("leaves")) leaves.push_back(arrayOf<32>(leaf));
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    if (i == k) witness = NoteWitness::forNextLeaf(frontier);
    frontier.append(leaves[i], [&](int level, std::uint64_t index, const TreeNode& node) {
      if (witness) witness->observe(level, index, node);
    });
  }
  Json out{{"size", frontier.size()}, {"root", toHex(frontier.root())}};
  if (witness) {
    out["witness_root"] =
        toHex(NoteWitness::rootOf(leaves[k], witness->position(), witness->path(frontier)));
  }
  return out;
}

Json answer(const Json& input) {
  if (input.contains("tree")) return treeAnswer(input);
  const ByteArray<32> ivk = arrayOf<32>(input.at("ivk"));
  const ByteArray<32> ovk = arrayOf<32>(input.at("ovk"));
  std::vector<OutputCiphertexts> full;
  for (const Json& o : input.at("outputs")) {
    OutputCiphertexts c;
    c.cmu = arrayOf<32>(o.at("cmu"));
    c.epk = arrayOf<32>(o.at("epk"));
    c.enc_ciphertext = fromHex(o.at("enc").get<std::string>());
    c.out_ciphertext = fromHex(o.at("out").get<std::string>());
    if (o.contains("cv")) c.cv = arrayOf<32>(o.at("cv"));
    full.push_back(std::move(c));
  }
  std::vector<CompactOutput> compact;
  for (const OutputCiphertexts& c : full)
    compact.push_back({c.cmu, c.epk, ByteView(c.enc_ciphertext).subspan(0, 52)});
  Json out{{"compact", Json::array()}, {"full", Json::array()}, {"recovered", Json::array()}};
  for (const auto& note : trialDecryptCompact(ivk, compact)) {
    out["compact"].push_back(note ? Json{{"value", note->value},
                                         {"d", toHex(note->diversifier)},
                                         {"rcm", toHex(note->rcm.toBytes())}}
                                  : Json());
  }
  for (const OutputCiphertexts& c : full) {
    const auto decrypted = tryDecryptFull(ivk, c);
    out["full"].push_back(decrypted ? Json(toHex(decrypted->memo)) : Json());
    const auto recovered = tryRecoverWithOvk(ovk, c);
    out["recovered"].push_back(recovered ? Json(recovered->note.value) : Json());
  }
  return out;
}

}  // namespace

int main() {
  return walletd::test::answerJsonLines(&answer);
}
