// ZhtlcTransparent: the "transparent part" of a ZHTLC coin. KDF's ZCoin keeps a UTXO client over
// the coin's Electrum servers beside its light client, and reads three things through it: the
// chain tip (`current_block` of the activation and of z_coin_tx_history), full transactions for
// the history (with their transparent inputs' previous transactions), and broadcasts. The
// shielded balance never comes from here. Failures are TransportFailures (ElectrumClient's).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/coins/electrum_client.h"
#include "core/coins/zhtlc/sapling_transaction.h"

namespace walletd {

class ZhtlcTransparent {
 public:
  ZhtlcTransparent(StreamConnector& connector, Executor& executor,
                   std::vector<StreamTarget> servers, std::uint64_t request_timeout_ms);

  // The tip's height (ElectrumClient::tipHeight, as KDF's get_block_count over Electrum).
  Task<std::uint64_t> currentBlock();
  // The transactions `txids` (internal byte order; duplicates fetched once), in one JSON-RPC
  // batch of blockchain.transaction.get; bytes that do not hash to the txid asked for, or that
  // are not a v4 Sapling transaction, mark the server as lying (the next one is asked).
  Task<std::map<ByteArray<32>, SaplingTransaction>> transactions(std::vector<ByteArray<32>> txids);
  // blockchain.transaction.broadcast (ElectrumClient::broadcast): the txid the server answers.
  Task<std::string> broadcast(ByteView tx);
  void close() { client_.close(); }

 private:
  ElectrumClient client_;
};

}  // namespace walletd
