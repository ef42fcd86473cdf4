// The staking and distribution ABCI queries of a Tendermint coin (KDF's paths), encoded and
// decoded: one delegation, a delegator's delegations and unbondings (paged), a delegation's
// rewards, and the validators by status (paged), the last as KDF's JSON shape of a Validator.
// Throws CosmosDecodeError on an answer that is not the message it should be.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/coins/tendermint/cosmos_queries.h"
#include "core/rpc/json.h"

namespace walletd::cosmos_query {

inline constexpr const char* kDelegation = "/cosmos.staking.v1beta1.Query/Delegation";
inline constexpr const char* kDelegatorDelegations =
    "/cosmos.staking.v1beta1.Query/DelegatorDelegations";
inline constexpr const char* kDelegatorUnbondings =
    "/cosmos.staking.v1beta1.Query/DelegatorUnbondingDelegations";
inline constexpr const char* kDelegationRewards =
    "/cosmos.distribution.v1beta1.Query/DelegationRewards";
inline constexpr const char* kValidators = "/cosmos.staking.v1beta1.Query/Validators";

// {1 delegator, 2 validator}: Delegation's and DelegationRewards' request.
Bytes pairRequest(const std::string& delegator, const std::string& validator);
// {1 first, 2 PageRequest{2 offset, 3 limit}}: the paged requests (a delegator, or a status).
Bytes pagedRequest(const std::string& first, std::uint64_t offset, std::uint64_t limit);

// QueryDelegationResponse's balance amount (base units), nullopt without a delegation.
std::optional<std::string> decodeDelegationBalance(ByteView response);

struct CosmosDelegation {
  std::string validator;
  std::string amount;  // base units
};
std::vector<CosmosDelegation> decodeDelegations(ByteView response);

// The DecCoin amount of `denom` in QueryDelegationRewardsResponse (an integer with 18 implied
// decimals), "0" when there is none.
std::string decodeReward(ByteView response, const std::string& denom);

struct CosmosUnbondingEntry {
  std::int64_t creation_height = 0;
  std::string completion_time;  // RFC 3339
  std::string balance;          // base units
};
struct CosmosUnbonding {
  std::string validator;
  std::vector<CosmosUnbondingEntry> entries;
};
std::vector<CosmosUnbonding> decodeUnbondings(ByteView response);

// QueryValidatorsResponse's validators, each as KDF writes it (rates and shares as the chain's
// raw decimal integers, times in RFC 3339, the consensus key as {"@type", key (base64)}).
Json decodeValidators(ByteView response);

// google.protobuf.Timestamp as RFC 3339 in UTC, fractions in groups of 3 digits ("…Z").
std::string rfc3339(std::int64_t seconds, std::int32_t nanos);

}  // namespace walletd::cosmos_query
