// WalletState as JSON: byte strings in hex, witnesses as their position and siblings (null where
// a right sibling is not complete yet), the frontier as its size and ommers.
#include "core/coins/zhtlc/sync/wallet_state.h"

#include <stdexcept>

#include "core/encoding/hex.h"

namespace walletd {
namespace {

template <std::size_t N>
ByteArray<N> arrayOf(const Json& text) {
  const Bytes bytes = fromHex(text.get<std::string>());
  if (bytes.size() != N) throw std::runtime_error("zhtlc wallet state: bad byte string length");
  ByteArray<N> out{};
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

Json witnessJson(const sapling::NoteWitness& w) {
  Json siblings = Json::array();
  for (const auto& s : w.siblings()) siblings.push_back(s ? Json(toHex(*s)) : Json());
  return {{"position", w.position()}, {"siblings", siblings}};
}

sapling::NoteWitness witnessOf(const Json& j) {
  std::vector<std::optional<sapling::TreeNode>> siblings;
  for (const Json& s : j.at("siblings")) {
    siblings.push_back(s.is_null() ? std::nullopt : std::optional(arrayOf<32>(s)));
  }
  return {j.at("position").get<std::uint64_t>(), std::move(siblings)};
}

Json noteJson(const WalletNote& n) {
  Json j = {{"txid", toHex(n.txid)}, {"height", n.height},        {"output", n.output_index},
            {"value", n.value},      {"d", toHex(n.diversifier)}, {"rcm", toHex(n.rcm)},
            {"cmu", toHex(n.cmu)},   {"nf", toHex(n.nf)}};
  if (n.witness) j["witness"] = witnessJson(*n.witness);
  if (n.spent_txid) {
    j["spent_txid"] = toHex(*n.spent_txid);
    j["spent_height"] = n.spent_height;
  }
  return j;
}

WalletNote noteOf(const Json& j) {
  WalletNote n;
  n.txid = arrayOf<32>(j.at("txid"));
  n.height = j.at("height").get<std::uint64_t>();
  n.output_index = j.at("output").get<std::uint32_t>();
  n.value = j.at("value").get<std::uint64_t>();
  n.diversifier = arrayOf<11>(j.at("d"));
  n.rcm = arrayOf<32>(j.at("rcm"));
  n.cmu = arrayOf<32>(j.at("cmu"));
  n.nf = arrayOf<32>(j.at("nf"));
  if (j.contains("witness")) n.witness = witnessOf(j.at("witness"));
  if (j.contains("spent_txid")) {
    n.spent_txid = arrayOf<32>(j.at("spent_txid"));
    n.spent_height = j.at("spent_height").get<std::uint64_t>();
  }
  return n;
}

}  // namespace

std::uint64_t WalletState::unspentValue() const {
  std::uint64_t sum = 0;
  for (const WalletNote& n : notes) {
    if (!n.spent()) sum += n.value;
  }
  return sum;
}

Json WalletState::toJson() const {
  Json ommers = Json::array();
  for (const auto& o : frontier.ommers()) ommers.push_back(toHex(o));
  Json note_rows = Json::array();
  for (const WalletNote& n : notes) note_rows.push_back(noteJson(n));
  Json tx_rows = Json::array();
  for (const WalletTx& t : txs) tx_rows.push_back({toHex(t.txid), t.height, t.time, t.index});
  return {{"height", height},   {"hash", toHex(hash)},
          {"time", time},       {"tree", {{"size", frontier.size()}, {"ommers", ommers}}},
          {"notes", note_rows}, {"txs", tx_rows}};
}

WalletState WalletState::fromJson(const Json& json) {
  WalletState s;
  s.height = json.at("height").get<std::uint64_t>();
  s.hash = arrayOf<32>(json.at("hash"));
  s.time = json.at("time").get<std::uint32_t>();
  std::vector<sapling::TreeNode> ommers;
  for (const Json& o : json.at("tree").at("ommers")) ommers.push_back(arrayOf<32>(o));
  s.frontier = sapling::CommitmentFrontier::fromOmmers(
      json.at("tree").at("size").get<std::uint64_t>(), std::move(ommers));
  for (const Json& n : json.at("notes")) s.notes.push_back(noteOf(n));
  for (const Json& t : json.at("txs")) {
    s.txs.push_back({arrayOf<32>(t.at(0)), t.at(1).get<std::uint64_t>(),
                     t.at(2).get<std::uint32_t>(), t.at(3).get<std::uint64_t>()});
  }
  return s;
}

}  // namespace walletd
