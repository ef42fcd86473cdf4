// UtxoBackend: what a UTXO coin asks of its peer, whichever mode reaches it — a coin daemon's
// JSON-RPC (Native) or Electrum servers. Peer failures are TransportFailure subclasses.
#pragma once

#include <cstdint>
#include <functional>
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

// Satoshis in `outputs` (one address's balance).
inline std::uint64_t totalValue(const std::vector<UnspentOutput>& outputs) {
  std::uint64_t total = 0;
  for (const UnspentOutput& u : outputs) total += u.value;
  return total;
}

// A transaction in an address's history: its txid (display hex) and block height (0: mempool).
struct HistoryItem {
  std::string txid;
  std::uint64_t height = 0;
};

// One of the wallet's addresses and its output script.
struct WatchedAddress {
  std::string address;
  Bytes script;
};

// A contract log that names an address (contractEvents).
struct ContractEvent {
  std::string tx_hash;
  std::uint64_t height = 0;
  std::uint64_t log_index = 0;
};
// One log of a transaction's receipt: the contract and its topics (64 hex each), data in hex.
struct ContractLog {
  std::string address;
  std::vector<std::string> topics;
  std::string data;
};

// Every call that takes several addresses asks the peer in as few round trips as it can (Electrum:
// JSON-RPC batches; Native: one call for the lot) and answers in the order asked.
class UtxoBackend {
 public:
  virtual ~UtxoBackend() = default;
  virtual Task<std::uint64_t> currentBlock() = 0;
  // Starts following the addresses (Native: imported watch-only, with a rescan when some are new;
  // Electrum: their script hashes subscribed).
  virtual Task<void> watch(std::vector<WatchedAddress> addresses) = 0;
  // Each address's unspent outputs, the mempool's included.
  virtual Task<std::vector<std::vector<UnspentOutput>>> unspent(
      std::vector<WatchedAddress> addresses) = 0;
  // Whether each address has any transaction, confirmed or in the mempool (the HD gap scan).
  virtual Task<std::vector<bool>> used(std::vector<WatchedAddress> addresses) = 0;
  // The transactions touching any of the addresses (Native: every transaction of the daemon's
  // wallet; the caller keeps those that spend or pay one of its scripts).
  virtual Task<std::vector<HistoryItem>> history(std::vector<WatchedAddress> addresses) = 0;
  // The raw transactions, in the order asked (Native needs the daemon's -txindex).
  virtual Task<std::vector<Bytes>> transactions(std::vector<std::string> txids) = 0;
  // The timestamps (unix seconds) of the blocks at these heights.
  virtual Task<std::vector<std::uint64_t>> blockTimes(std::vector<std::uint64_t> heights) = 0;
  // Sends a signed transaction; answers its txid (display hex).
  virtual Task<std::string> broadcast(std::string tx_hex) = 0;
  // Whether the peer tells when an address's history changes (Electrum's script hash
  // notifications); `listener` then gets the script hash (hex) of each changed address.
  virtual bool pushesChanges() const { return false; }
  virtual void onAddressChanged(std::function<void(const std::string& script_hash)> listener) {
    (void)listener;
  }
  // Satoshis per 1,000 vbytes to confirm within `blocks`; nullopt when the peer has no estimate.
  virtual Task<std::optional<std::uint64_t>> feeRate(std::uint32_t blocks,
                                                     std::optional<std::string> mode) = 0;
  // A read-only call of a contract on a chain with contracts (QTUM: Electrum's
  // blockchain.contract.call, the daemon's callcontract): the ABI-encoded `data` to the 20-byte
  // `contract`; answers what the call returned. A peer of a chain without contracts throws.
  virtual Task<Bytes> callContract(ByteArray<20> contract, Bytes data);
  // The logs of `contract` whose first topic is `topic` (64 hex) and that name `address` (a key
  // hash) in another topic, oldest first (QTUM's Electrum blockchain.contract.event.get_history).
  // A peer without them throws (qtumd in Native mode: KDF asks Electrum only).
  virtual Task<std::vector<ContractEvent>> contractEvents(ByteArray<20> address,
                                                          ByteArray<20> contract,
                                                          std::string topic);
  // The logs a mined transaction's contract calls wrote (QTUM's Electrum
  // blochchain.transaction.get_receipt — sic — or qtumd's gettransactionreceipt).
  virtual Task<std::vector<ContractLog>> receiptLogs(std::string txid);
  // Whether contractEvents and receiptLogs are served.
  virtual bool servesContractEvents() const { return false; }
};

}  // namespace walletd
