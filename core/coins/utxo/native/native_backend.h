// The UtxoBackend of Native mode: a coin daemon (Bitcoin Core or a fork) with a wallet that holds
// the coin's addresses watch-only. Calls: getblockcount, listreceivedbyaddress (which addresses
// the daemon's wallet knows, and which received anything), importmulti (the new ones, with one
// rescan), listunspent, listtransactions, getrawtransaction (the daemon needs -txindex, as KDF
// asks), getblockhash + getblockheader, sendrawtransaction, estimatesmartfee.
#pragma once

#include <map>

#include "core/coins/utxo/native/native_rpc_client.h"
#include "core/coins/utxo/utxo_backend.h"

namespace walletd {

class NativeBackend : public UtxoBackend {
 public:
  NativeBackend(HttpClient& http, DaemonRpcAccess access, unsigned decimals);
  Task<std::uint64_t> currentBlock() override;
  Task<void> watch(std::vector<WatchedAddress> addresses) override;
  Task<std::vector<std::vector<UnspentOutput>>> unspent(
      std::vector<WatchedAddress> addresses) override;
  Task<std::vector<bool>> used(std::vector<WatchedAddress> addresses) override;
  Task<std::vector<HistoryItem>> history(std::vector<WatchedAddress> addresses) override;
  Task<std::vector<Bytes>> transactions(std::vector<std::string> txids) override;
  Task<std::vector<std::uint64_t>> blockTimes(std::vector<std::uint64_t> heights) override;
  Task<std::string> broadcast(std::string tx_hex) override;
  Task<Bytes> callContract(ByteArray<20> contract, Bytes data) override;
  Task<std::optional<std::uint64_t>> feeRate(std::uint32_t blocks,
                                             std::optional<std::string> mode) override;

 private:
  // Address → whether it received anything, for every address the daemon's wallet holds.
  Task<std::map<std::string, bool>> walletAddresses();
  // Imports (watch-only, one rescan) those of `addresses` not in `known`; true when it did.
  Task<bool> importMissing(const std::vector<WatchedAddress>& addresses,
                           const std::map<std::string, bool>& known);

  NativeRpcClient rpc_;
  unsigned decimals_;
};

}  // namespace walletd
