// StakingCoin's default refusals: KDF answers claim_rewards and the Cosmos queries on a coin that
// is not a Cosmos coin with InvalidPayload.
#include "core/coins/staking.h"

namespace walletd {

Task<TransactionDetails> StakingCoin::claimRewards(ClaimingDetails) {
  const std::string reason = stakingTicker() + " is not a Cosmos coin";
  throw rpcError(DelegationError::InvalidPayload, "Invalid payload: " + reason,
                 Json{{"reason", reason}});
}

Task<Json> StakingCoin::validators(DelegationsInfoDetails) {
  const std::string reason = stakingTicker() + " is not a Cosmos coin";
  throw rpcError(StakingInfoError::InvalidPayload, "Invalid payload: " + reason,
                 Json{{"reason", reason}});
}

Task<Json> StakingCoin::ongoingUndelegations(DelegationsInfoDetails details) {
  return validators(std::move(details));
}

}  // namespace walletd
