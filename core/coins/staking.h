// Staking as the shared staking methods see a coin (staking_methods.cpp): KDF's
// experimental::staking::delegate / undelegate / query::delegations. A coin that stakes answers
// ActiveCoin::staking() with a StakingCoin; the methods read KDF's tagged details and hand them
// on, and the coin refuses a type it does not stake with (InvalidPayload). Errors are KDF's
// DelegationError and StakingInfosError (Transport and internal failures answer 500, as KDF).
#pragma once

#include <optional>
#include <string>

#include "core/async/task.h"
#include "core/coins/transaction_details.h"
#include "core/rpc/rpc_error.h"

namespace walletd {

// clang-format off
#define WALLETD_DELEGATION_ERRORS(X)                                                         \
  X(NotSufficientBalance, 400) X(AmountTooLow, 400) X(CoinDoesntSupportDelegation, 400)      \
  X(NoSuchCoin, 400) X(CannotInteractWithSmartContract, 400) X(AddressError, 400)            \
  X(AlreadyDelegating, 400) X(DelegationOpsNotSupported, 400) X(InvalidPayload, 400)         \
  X(Transport, 500) X(InternalError, 500)
#define WALLETD_STAKING_INFO_ERRORS(X)                                                       \
  X(CoinDoesntSupportStakingInfos, 400) X(NoSuchCoin, 400) X(UnexpectedDerivationMethod, 400) \
  X(InvalidPayload, 400) X(Transport, 500) X(Internal, 500)
// clang-format on
WALLETD_ERROR_FAMILY(DelegationError, WALLETD_DELEGATION_ERRORS)
WALLETD_ERROR_FAMILY(StakingInfoError, WALLETD_STAKING_INFO_ERRORS)

// KDF's StakingDetails, tagged by `type` (Qtum: validator_address — `address` before KDF's
// rename — and the staker's fee in percent).
struct StakingDetails {
  std::string type;
  std::string validator_address;
  std::optional<std::uint64_t> fee;
};

// KDF's DelegationsInfoDetails, tagged by `type` (Qtum has no fields).
struct DelegationsInfoDetails {
  std::string type;
};

class StakingCoin {
 public:
  virtual ~StakingCoin() = default;
  // A signed delegation transaction (not broadcast: send_raw_transaction sends it, as in KDF).
  virtual Task<TransactionDetails> delegate(StakingDetails details) = 0;
  // A signed transaction ending the delegation; `details` as the request sent them.
  virtual Task<TransactionDetails> undelegate(std::optional<StakingDetails> details) = 0;
  // The `staking_infos_details` object of query::delegations.
  virtual Task<Json> delegations(DelegationsInfoDetails details) = 0;
};

}  // namespace walletd
