// The stored history of a UTXO coin (tx_history: true): one `tx_history` storage entry per
// transaction under "<wallet id>/<ticker>/<txid>", holding the raw transaction, its height and
// time, and what each input spent — enough to answer my_tx_history for any of the coin's
// addresses without asking the peer again, after a restart too.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/async/task.h"
#include "core/coins/utxo/tx/utxo_signer.h"
#include "core/platform/storage.h"

namespace walletd {

struct StoredUtxoTx {
  std::string txid;
  Bytes raw;
  std::uint64_t height = 0;                          // 0: in the mempool
  std::uint64_t timestamp = 0;                       // the block's time, or when it was first seen
  std::vector<std::optional<SpentOutput>> prevouts;  // per input; nullopt for a coinbase
};

class UtxoHistoryStore {
 public:
  static constexpr const char* kNamespace = "tx_history";

  UtxoHistoryStore(Storage& storage, std::string prefix)
      : storage_(storage), prefix_(std::move(prefix)) {}

  // Every stored transaction by txid; an entry that cannot be read is skipped (synced again).
  Task<std::map<std::string, StoredUtxoTx>> load();
  Task<void> save(std::vector<StoredUtxoTx> changed, std::vector<std::string> removed);

 private:
  Storage& storage_;
  std::string prefix_;
};

}  // namespace walletd
