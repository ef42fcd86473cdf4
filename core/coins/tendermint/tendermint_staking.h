// Cosmos staking for a Tendermint platform coin (KDF's experimental::staking::* with type
// Cosmos): delegate (MsgDelegate, amount or max, gas 187500), undelegate (MsgUndelegate of at
// most the current delegation, gas 250000), claim_rewards (MsgWithdrawDelegatorReward, refused
// as unprofitable unless `force` when the fee exceeds the reward, gas 187500), all signed and not
// broadcast, with KDF's simulated fee; and the queries: the wallet's delegations with their
// rewards, its ongoing undelegations, and the validators by status, paged as KDF pages.
#pragma once

#include <string>

#include "core/coins/staking.h"

namespace walletd {

class TendermintPlatform;

class TendermintStaking : public StakingCoin {
 public:
  static constexpr std::uint64_t kDelegateGas = 187500;  // KDF: 125000 × 3 / 2
  static constexpr std::uint64_t kUndelegateGas = 250000;
  static constexpr std::uint64_t kClaimGas = 187500;

  explicit TendermintStaking(TendermintPlatform& platform) : platform_(platform) {}

  Task<TransactionDetails> delegate(StakingDetails details) override;
  Task<TransactionDetails> undelegate(std::optional<StakingDetails> details) override;
  Task<Json> delegations(DelegationsInfoDetails details) override;
  Task<TransactionDetails> claimRewards(ClaimingDetails details) override;
  Task<Json> validators(DelegationsInfoDetails details) override;
  Task<Json> ongoingUndelegations(DelegationsInfoDetails details) override;

 protected:
  std::string stakingTicker() const override;

 private:
  TendermintPlatform& platform_;
};

}  // namespace walletd
