// Staking as the shared staking methods see a coin (staking_methods.cpp): KDF's
// experimental::staking::delegate / undelegate / claim_rewards and query::delegations /
// query::validators / query::ongoing_undelegations. A coin that stakes answers
// ActiveCoin::staking() with a StakingCoin; the methods read KDF's tagged details (`type` Qtum
// or Cosmos) and hand them on, and the coin refuses a type it does not stake with
// (InvalidPayload). Errors are KDF's DelegationError and StakingInfosError (Transport and
// internal failures answer 500, as KDF).
#pragma once

#include <optional>
#include <string>

#include "core/async/task.h"
#include "core/coins/fee_info.h"
#include "core/coins/transaction_details.h"
#include "core/encoding/decimal.h"
#include "core/rpc/rpc_error.h"
#include "core/wallet/hd/hd_objects.h"

namespace walletd {

// clang-format off
#define WALLETD_DELEGATION_ERRORS(X)                                                         \
  X(NotSufficientBalance, 400) X(AmountTooLow, 400) X(CoinDoesntSupportDelegation, 400)      \
  X(NoSuchCoin, 400) X(CannotInteractWithSmartContract, 400) X(AddressError, 400)            \
  X(AlreadyDelegating, 400) X(DelegationOpsNotSupported, 400) X(InvalidPayload, 400)         \
  X(CanNotUndelegate, 400) X(TooMuchToUndelegate, 400) X(UnprofitableReward, 400)            \
  X(NothingToClaim, 400) X(Transport, 500) X(InternalError, 500)
#define WALLETD_STAKING_INFO_ERRORS(X)                                                       \
  X(CoinDoesntSupportStakingInfos, 400) X(NoSuchCoin, 400) X(UnexpectedDerivationMethod, 400) \
  X(InvalidPayload, 400) X(Transport, 500) X(Internal, 500)
// clang-format on
WALLETD_ERROR_FAMILY(DelegationError, WALLETD_DELEGATION_ERRORS)
WALLETD_ERROR_FAMILY(StakingInfoError, WALLETD_STAKING_INFO_ERRORS)

// KDF's StakingDetails, tagged by `type`. Qtum: validator_address (`address` before KDF's
// rename) and the staker's fee in percent. Cosmos: validator_address, amount or max, memo, a
// CosmosGas fee and an HD withdraw_from.
struct StakingDetails {
  std::string type;
  std::string validator_address;
  std::optional<std::uint64_t> fee;  // Qtum
  std::optional<Decimal> amount;     // Cosmos (default 0)
  bool max = false;
  std::optional<std::string> memo;
  std::optional<FeeInfo> cosmos_fee;  // Cosmos' `fee`
  std::optional<WithdrawFromInfo> withdraw_from;
};

// KDF's ClaimingDetails (Cosmos: validator_address, force, memo, fee).
struct ClaimingDetails {
  std::string type;
  std::string validator_address;
  bool force = false;
  std::optional<std::string> memo;
  std::optional<FeeInfo> fee;
};

// The info_details of the queries, tagged by `type`: Qtum has no fields; Cosmos pages with
// limit (10) and page_number (1, not 0), and query::validators filters by status (Bonded,
// Unbonded or All; Bonded by default).
struct DelegationsInfoDetails {
  static constexpr std::uint64_t kDefaultLimit = 10;
  std::string type;
  std::uint64_t limit = kDefaultLimit;
  std::uint64_t page_number = 1;
  std::string filter_by_status = "Bonded";
};

class StakingCoin {
 public:
  virtual ~StakingCoin() = default;
  // A signed delegation transaction (not broadcast: send_raw_transaction sends it, as in KDF).
  virtual Task<TransactionDetails> delegate(StakingDetails details) = 0;
  // A signed transaction ending the delegation; `details` as the request sent them.
  virtual Task<TransactionDetails> undelegate(std::optional<StakingDetails> details) = 0;
  // query::delegations' whole result (Qtum: {staking_infos_details}; Cosmos: {delegations}).
  virtual Task<Json> delegations(DelegationsInfoDetails details) = 0;
  // A signed reward claim; the default refuses (InvalidPayload "<coin> is not a Cosmos coin").
  virtual Task<TransactionDetails> claimRewards(ClaimingDetails details);
  // query::validators' and query::ongoing_undelegations' results; the defaults refuse.
  virtual Task<Json> validators(DelegationsInfoDetails details);
  virtual Task<Json> ongoingUndelegations(DelegationsInfoDetails details);

 protected:
  // The ticker the default refusals name.
  virtual std::string stakingTicker() const = 0;
};

}  // namespace walletd
