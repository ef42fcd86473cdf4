// The UtxoBackend of Electrum mode: the coin's Electrum servers (ElectrumClient). Calls:
// blockchain.headers.subscribe, blockchain.scripthash.subscribe / listunspent / get_history
// (batched; script hash =
// SHA-256 of the output script, reversed), blockchain.transaction.broadcast,
// blockchain.estimatefee. Subscriptions are made again on every new connection. Transactions a
// server sends are checked against their txid with the coin's chain codec.
#pragma once

#include <set>

#include "core/coins/utxo/chain/utxo_chain.h"
#include "core/coins/electrum_client.h"
#include "core/coins/utxo/utxo_backend.h"

namespace walletd {

class ElectrumBackend : public UtxoBackend {
 public:
  ElectrumBackend(StreamConnector& connector, Executor& executor, std::vector<StreamTarget> servers,
                  std::uint64_t request_timeout_ms, unsigned decimals,
                  std::shared_ptr<const UtxoChain> chain);
  Task<std::uint64_t> currentBlock() override;
  Task<void> watch(std::vector<WatchedAddress> addresses) override;
  Task<std::vector<std::vector<UnspentOutput>>> unspent(
      std::vector<WatchedAddress> addresses) override;
  Task<std::vector<bool>> used(std::vector<WatchedAddress> addresses) override;
  Task<std::vector<HistoryItem>> history(std::vector<WatchedAddress> addresses) override;
  Task<std::vector<Bytes>> transactions(std::vector<std::string> txids) override;
  Task<std::vector<std::uint64_t>> blockTimes(std::vector<std::uint64_t> heights) override;
  bool pushesChanges() const override { return true; }
  void onAddressChanged(std::function<void(const std::string&)> listener) override {
    changed_ = std::move(listener);
  }
  // Lines of requests sent to the servers so far (a JSON-RPC batch is one).
  std::uint64_t requestsSent() const { return client_.batchesSent(); }
  Task<std::string> broadcast(std::string tx_hex) override;
  Task<Bytes> callContract(ByteArray<20> contract, Bytes data) override;
  Task<std::vector<ContractEvent>> contractEvents(ByteArray<20> address, ByteArray<20> contract,
                                                  std::string topic) override;
  Task<std::vector<ContractLog>> receiptLogs(std::string txid) override;
  bool servesContractEvents() const override { return true; }
  Task<std::optional<std::uint64_t>> feeRate(std::uint32_t blocks,
                                             std::optional<std::string> mode) override;

  // Electrum's script hash of an output script (hex).
  static std::string scriptHash(ByteView script);

 private:
  Task<void> resubscribe();

  ElectrumClient client_;
  unsigned decimals_;
  std::shared_ptr<const UtxoChain> chain_;
  std::set<std::string> watched_;  // script hashes
  std::uint64_t tip_ = 0;          // from headers notifications
  std::function<void(const std::string&)> changed_;
};

}  // namespace walletd
