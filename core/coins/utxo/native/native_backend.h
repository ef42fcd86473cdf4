// The UtxoBackend of Native mode: a coin daemon (Bitcoin Core or a fork) with a wallet that holds
// the coin's addresses watch-only. Calls: getblockcount, getaddressinfo + importaddress (rescan
// when the address is new to the daemon's wallet), listunspent, sendrawtransaction,
// estimatesmartfee.
#pragma once

#include "core/coins/utxo/native/native_rpc_client.h"
#include "core/coins/utxo/utxo_backend.h"

namespace walletd {

class NativeBackend : public UtxoBackend {
 public:
  NativeBackend(HttpClient& http, DaemonRpcAccess access, unsigned decimals);
  Task<std::uint64_t> currentBlock() override;
  Task<void> watch(std::string address, Bytes script) override;
  Task<std::vector<UnspentOutput>> unspent(std::string address, Bytes script) override;
  Task<std::string> broadcast(std::string tx_hex) override;
  Task<std::optional<std::uint64_t>> feeRate(std::uint32_t blocks,
                                             std::optional<std::string> mode) override;

 private:
  NativeRpcClient rpc_;
  unsigned decimals_;
};

}  // namespace walletd
