// task::enable_z_coin::* (KDF's InitStandaloneCoinError): a ZHTLC coin in light mode. The route
// checks the ticker, the coins file and the wallet; the activator derives the Sapling account,
// reads lightwalletd's tip, picks the first block (sync_params, KDF's rules) or resumes the
// stored wallet, syncs to the tip reporting KDF's statuses, and answers
// {ticker, current_block, wallet_balance, first_sync_block}.
#pragma once

#include "core/coins/coin_family.h"
#include "core/coins/zhtlc/sync/wallet_store.h"
#include "core/coins/zhtlc/zhtlc_activation_params.h"

namespace walletd {

class ZhtlcActivator : public CoinActivator<ZcoinActivationParams> {
 public:
  bool serves(const CoinEntry& entry) const override { return entry.protocol_type == "ZHTLC"; }
  void check(Node& node, const CoinEntry& entry, const ZcoinActivationParams& p) const override;
  Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry, ZcoinActivationParams p,
                                std::shared_ptr<RpcTaskHandle> handle) const override;
};

// The start of a first sync, by KDF's rules (zhtlc.md §3.3); `now` in unix seconds.
// Throws CoinCreationError for a date in the future.
FirstSyncBlock firstSyncBlockFor(const std::string& ticker,
                                 const std::optional<SyncStartPoint>& start, std::uint64_t tip,
                                 std::uint64_t sapling_height, std::uint64_t avg_blocktime,
                                 std::uint64_t now);

void registerZhtlcActivation(MethodTable& table, const ZhtlcActivator& activator);

}  // namespace walletd
