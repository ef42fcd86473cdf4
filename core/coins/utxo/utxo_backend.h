// UtxoBackend: what a UTXO coin asks of its peer, whichever mode reaches it — a coin daemon's
// JSON-RPC (Native) or Electrum servers. Peer failures are TransportFailure subclasses.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/async/task.h"
#include "core/coins/utxo/tx/utxo_transaction.h"

namespace walletd {

struct UnspentOutput {
  OutPoint outpoint;
  std::uint64_t value = 0;  // satoshis
  Bytes script_pubkey;
  std::uint64_t confirmations = 0;  // 0 in the mempool
};

class UtxoBackend {
 public:
  virtual ~UtxoBackend() = default;
  virtual Task<std::uint64_t> currentBlock() = 0;
  // Starts following `address`, whose output script is `script` (Native: imported watch-only,
  // rescanned when new; Electrum: its script hash subscribed).
  virtual Task<void> watch(std::string address, Bytes script) = 0;
  // The address's unspent outputs, the mempool's included.
  virtual Task<std::vector<UnspentOutput>> unspent(std::string address, Bytes script) = 0;
  // Sends a signed transaction; answers its txid (display hex).
  virtual Task<std::string> broadcast(std::string tx_hex) = 0;
  // Satoshis per 1,000 vbytes to confirm within `blocks`; nullopt when the peer has no estimate.
  virtual Task<std::optional<std::uint64_t>> feeRate(std::uint32_t blocks,
                                                     std::optional<std::string> mode) = 0;
};

}  // namespace walletd
