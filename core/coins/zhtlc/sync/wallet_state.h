// What a ZHTLC light wallet knows after scanning up to a block: that block (height, hash, time;
// the next block's prevHash must be that hash), the commitment tree's frontier, its notes (with
// their witnesses while unspent) and the transactions that touched them. Stored as JSON text
// (wallet_store.h).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/crypto/sapling/commitment_tree.h"
#include "core/rpc/json.h"

namespace walletd {

struct WalletNote {
  ByteArray<32> txid{};  // internal byte order
  std::uint64_t height = 0;
  std::uint32_t output_index = 0;  // in its transaction's Sapling outputs
  std::uint64_t value = 0;
  ByteArray<11> diversifier{};
  ByteArray<32> rcm{};
  ByteArray<32> cmu{};
  ByteArray<32> nf{};
  std::optional<sapling::NoteWitness> witness;  // kept while unspent
  std::optional<ByteArray<32>> spent_txid;
  std::uint64_t spent_height = 0;

  bool spent() const { return spent_txid.has_value(); }
};

// A transaction that paid or spent own notes.
struct WalletTx {
  ByteArray<32> txid{};
  std::uint64_t height = 0;
  std::uint32_t time = 0;
  std::uint64_t index = 0;  // in its block
};

struct WalletState {
  std::uint64_t height = 0;
  ByteArray<32> hash{};  // internal byte order
  std::uint32_t time = 0;
  sapling::CommitmentFrontier frontier;
  std::vector<WalletNote> notes;
  std::vector<WalletTx> txs;

  // The sum of unspent notes' values.
  std::uint64_t unspentValue() const;

  Json toJson() const;
  // Throws std::runtime_error (or a Json error) on a damaged record.
  static WalletState fromJson(const Json& json);
};

}  // namespace walletd
