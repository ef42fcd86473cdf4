// Cosmos delegation, undelegation, reward claims and staking queries (tendermint_staking.h).
#include "core/coins/tendermint/tendermint_staking.h"

#include <cmath>

#include "core/coins/tendermint/cosmos_staking_queries.h"
#include "core/coins/tendermint/tendermint_coins.h"
#include "core/coins/tendermint/tendermint_signing.h"
#include "core/crypto/hashes.h"
#include "core/encoding/bech32.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

constexpr std::uint64_t kTimeoutBlocks = 100;
constexpr unsigned kDecCoinDecimals = 18;

[[noreturn]] void invalidPayload(const std::string& reason) {
  throw rpcError(DelegationError::InvalidPayload, "Invalid payload: " + reason,
                 Json{{"reason", reason}});
}

[[noreturn]] void notEnough(const std::string& coin, const UInt256& available,
                            const UInt256& required, unsigned decimals) {
  const std::string a = available.toDecimal(decimals), r = required.toDecimal(decimals);
  throw rpcError(DelegationError::NotSufficientBalance,
                 "Not enough " + coin + " to delegate: available " + a + ", required " + r,
                 Json{{"coin", coin}, {"available", a}, {"required", r}});
}

void checkCosmos(const std::string& type) {
  if (type != "Cosmos") invalidPayload("staking of type " + type + " on a Cosmos coin");
}

// A validator operator address: bech32 of any prefix (cosmosvaloper…, iva…).
void checkValidator(const std::string& address) {
  try {
    const Bech32Decoded decoded = bech32Decode(address);
    if (decoded.variant != Bech32Variant::Bech32 ||
        convertBits(decoded.data, 5, 8, false).size() != 20)
      throw EncodingError("not a 20-byte bech32 address");
  } catch (const EncodingError& e) {
    const std::string message = std::string("Invalid validator address: ") + e.what();
    throw rpcError(DelegationError::AddressError, message, Json(message));
  }
}

// The gas price of a CosmosGas fee (else the coins file's) and its gas limit, if any.
std::pair<double, std::optional<std::uint64_t>> gasOf(const std::optional<FeeInfo>& fee,
                                                      const TendermintChain& chain) {
  if (!fee) return {chain.gas_price, std::nullopt};
  const CosmosGasFee* cosmos = fee->as<CosmosGasFee>();
  if (cosmos == nullptr)
    invalidPayload("fee of type " + fee->typeName() + "; Cosmos takes CosmosGas");
  if (!(cosmos->gas_price >= 0) || !std::isfinite(cosmos->gas_price))
    invalidPayload("gas_price must be a non-negative number");
  return {cosmos->gas_price, cosmos->gas_limit};
}

UInt256 units(const std::string& decimal_integer) {
  const auto value = UInt256::fromDecimal(decimal_integer, 0);
  if (!value) throw TendermintNodeMisbehaved("an amount is not a decimal integer");
  return *value;
}

// The signer's account (NotSufficientBalance when the chain does not know it) and a plan for
// `msg` at the current height.
Task<CosmosTxPlan> planFor(TendermintPlatform& platform, TendermintSigner signer, CosmosMsg msg,
                           std::string memo, UInt256 required) {
  const std::optional<CosmosAccount> account = co_await platform.client().account(signer.address);
  const TendermintChain& chain = platform.chain();
  if (!account) notEnough(chain.ticker, UInt256(), required, chain.decimals);
  const std::uint64_t height = co_await platform.client().latestHeight();
  co_return CosmosTxPlan{std::move(msg),
                         std::move(memo),
                         height + kTimeoutBlocks,
                         CosmosCoin{chain.denom, "0"},
                         0,
                         chain.chain_id,
                         account->account_number,
                         account->sequence};
}

// The common fields of a staking result (KDF's: timestamp 0, internal_id over the hash).
TransactionDetails stakingDetails(const TendermintPlatform& platform, const SignedCosmosTx& tx,
                                  const CosmosTxPlan& plan, const UInt256& fee, std::string type) {
  const TendermintChain& chain = platform.chain();
  TransactionDetails out;
  out.tx_hex = toHex(tx.bytes);
  out.tx_hash = tx.hash;
  out.timestamp = 0;
  out.fee_details.value =
      TendermintFeeDetails{chain.ticker, fee.toDecimal(chain.decimals), plan.gas_limit};
  out.coin = chain.ticker;
  out.internal_id =
      toHex(sha256Bytes({reinterpret_cast<const std::uint8_t*>(tx.hash.data()), tx.hash.size()}));
  out.transaction_type = std::move(type);
  out.memo = plan.memo;
  return out;
}

// The amount a request names, in base units (AmountTooLow when it truncates to zero).
UInt256 requested(const std::optional<Decimal>& amount, unsigned decimals) {
  const std::string text = amount ? amount->str() : "0";
  const auto value = UInt256::fromDecimal(text, decimals);
  if (!value) invalidPayload("amount " + text + " is out of range");
  if (value->isZero()) {
    throw rpcError(
        DelegationError::AmountTooLow,
        "The amount " + text + " is too small, required at least " + UInt256(1).toDecimal(decimals),
        Json{{"amount", text}, {"threshold", UInt256(1).toDecimal(decimals)}});
  }
  return *value;
}

// The signer `withdraw_from` names, with the withdraw's refusals in DelegationError's words.
TendermintSigner delegator(const TendermintPlatform& platform,
                           const std::optional<WithdrawFromInfo>& from) {
  try {
    return platform.signerFor(from);
  } catch (const RpcError& e) {
    invalidPayload(e.message());
  }
}

// DelegationRewards of one delegation; nullopt when there is none (the SDK answers "delegation
// does not exist" as an unknown request).
Task<std::optional<Bytes>> rewardsOf(TendermintPlatform& platform, std::string delegator,
                                     std::string validator) {
  std::optional<Bytes> out;
  std::optional<CosmosNodeRefusal> refused;  // thrown after the handler (tendermint_signing.cpp)
  try {
    out = co_await platform.client().ask(cosmos_query::kDelegationRewards,
                                         cosmos_query::pairRequest(delegator, validator));
  } catch (const CosmosNodeRefusal& e) {
    refused = e;
  }
  if (refused && refused->log.find("delegation does not exist") == std::string::npos)
    throw *refused;
  co_return out;
}

}  // namespace

std::string TendermintStaking::stakingTicker() const {
  return platform_.ticker();
}

Task<TransactionDetails> TendermintStaking::delegate(StakingDetails details) {
  checkCosmos(details.type);
  checkValidator(details.validator_address);
  const TendermintChain& chain = platform_.chain();
  const auto gas = gasOf(details.cosmos_fee, chain);
  const TendermintSigner signer = delegator(platform_, details.withdraw_from);
  const UInt256 balance = co_await platform_.client().balance(signer.address, chain.denom);
  UInt256 amount = details.max ? balance : requested(details.amount, chain.decimals);
  if (details.max && balance.isZero()) notEnough(chain.ticker, balance, UInt256(1), chain.decimals);
  if (!details.max && balance < amount) notEnough(chain.ticker, balance, amount, chain.decimals);
  auto message = [&](const UInt256& units) {
    return msgDelegate(signer.address, details.validator_address,
                       CosmosCoin{chain.denom, units.toDecimal(0)});
  };
  CosmosMsg msg = message(amount);
  std::string memo = details.memo.value_or("");
  CosmosTxPlan plan = co_await planFor(platform_, signer, std::move(msg), std::move(memo), amount);
  const UInt256 fee(co_await simulatedFee(platform_, signer, plan, gas.first));
  if (details.max) {
    if (balance <= fee) notEnough(chain.ticker, balance, fee, chain.decimals);
    amount = *balance.sub(fee);
  } else if (const UInt256 required = amount.add(fee).value(); balance < required) {
    notEnough(chain.ticker, balance, required, chain.decimals);
  }
  plan.msg = message(amount);
  plan.fee.amount = fee.toDecimal(0);
  plan.gas_limit = gas.second.value_or(kDelegateGas);
  const SignedCosmosTx tx = co_await signFresh(platform_, signer, plan);
  TransactionDetails out = stakingDetails(platform_, tx, plan, fee, "StakingDelegation");
  out.from = {signer.address};
  out.to = {details.validator_address};
  const UInt256 spent = amount.add(fee).value();
  out.setAmounts(spent, spent, UInt256(), chain.decimals);
  co_return out;
}

Task<TransactionDetails> TendermintStaking::undelegate(std::optional<StakingDetails> request) {
  if (!request) invalidPayload("staking_details is required for a Cosmos coin");
  const StakingDetails details = std::move(*request);
  checkCosmos(details.type);
  if (details.withdraw_from)
    invalidPayload("Can't use `withdraw_from` field on 'remove_delegation' RPC for Cosmos.");
  checkValidator(details.validator_address);
  const TendermintChain& chain = platform_.chain();
  const auto gas = gasOf(details.cosmos_fee, chain);
  const TendermintSigner& signer = platform_.signer();
  const std::optional<Bytes> found = co_await platform_.client().ask(
      cosmos_query::kDelegation,
      cosmos_query::pairRequest(signer.address, details.validator_address));
  const std::optional<std::string> delegated =
      found ? cosmos_query::decodeDelegationBalance(*found) : std::nullopt;
  if (!delegated || units(*delegated).isZero()) {
    throw rpcError(
        DelegationError::CanNotUndelegate,
        "Account " + signer.address + " has no delegation with " + details.validator_address,
        Json{{"delegator_addr", signer.address}, {"validator_addr", details.validator_address}});
  }
  const UInt256 available = units(*delegated);
  const UInt256 amount = details.max ? available : requested(details.amount, chain.decimals);
  if (available < amount) {
    throw rpcError(DelegationError::TooMuchToUndelegate,
                   "Requested " + amount.toDecimal(chain.decimals) + " but only " +
                       available.toDecimal(chain.decimals) + " is delegated",
                   Json{{"available", available.toDecimal(chain.decimals)},
                        {"requested", amount.toDecimal(chain.decimals)}});
  }
  const UInt256 balance = co_await platform_.client().balance(signer.address, chain.denom);
  const CosmosCoin undelegated{chain.denom, amount.toDecimal(0)};
  CosmosMsg msg = msgUndelegate(signer.address, details.validator_address, undelegated);
  std::string memo = details.memo.value_or("");
  const UInt256 some(1);
  CosmosTxPlan plan = co_await planFor(platform_, signer, std::move(msg), std::move(memo), some);
  const UInt256 fee(co_await simulatedFee(platform_, signer, plan, gas.first));
  if (balance < fee) notEnough(chain.ticker, balance, fee, chain.decimals);
  plan.fee.amount = fee.toDecimal(0);
  plan.gas_limit = gas.second.value_or(kUndelegateGas);
  const SignedCosmosTx tx = co_await signFresh(platform_, signer, plan);
  TransactionDetails out = stakingDetails(platform_, tx, plan, fee, "RemoveDelegation");
  out.from = {signer.address};
  out.to = {};
  out.setAmounts(fee, fee, UInt256(), chain.decimals);
  co_return out;
}

Task<TransactionDetails> TendermintStaking::claimRewards(ClaimingDetails details) {
  checkCosmos(details.type);
  checkValidator(details.validator_address);
  const TendermintChain& chain = platform_.chain();
  const auto gas = gasOf(details.fee, chain);
  const TendermintSigner& signer = platform_.signer();
  const std::optional<Bytes> found =
      co_await rewardsOf(platform_, signer.address, details.validator_address);
  const UInt256 reward = units(found ? cosmos_query::decodeReward(*found, chain.denom) : "0");
  const unsigned reward_decimals = kDecCoinDecimals + chain.decimals;
  if (reward.isZero()) {
    throw rpcError(DelegationError::NothingToClaim,
                   "There is no reward for " + chain.ticker + " to claim.",
                   Json{{"coin", chain.ticker}});
  }
  const UInt256 balance = co_await platform_.client().balance(signer.address, chain.denom);
  CosmosMsg msg = msgWithdrawDelegatorReward(signer.address, details.validator_address);
  std::string memo = details.memo.value_or("");
  const UInt256 some(1);
  CosmosTxPlan plan = co_await planFor(platform_, signer, std::move(msg), std::move(memo), some);
  const UInt256 fee(co_await simulatedFee(platform_, signer, plan, gas.first));
  if (balance < fee) notEnough(chain.ticker, balance, fee, chain.decimals);
  const UInt256 fee_scaled = *fee.mul(UInt256::fromDecimal("1", kDecCoinDecimals).value());
  if (!details.force && reward < fee_scaled) {
    const std::string r = reward.toDecimal(reward_decimals), f = fee.toDecimal(chain.decimals);
    throw rpcError(DelegationError::UnprofitableReward,
                   "Fee (" + f + ") exceeds reward (" + r +
                       ") which makes this unprofitable. Set 'force' to true in the request to "
                       "bypass this check.",
                   Json{{"reward", r}, {"fee", f}});
  }
  plan.fee.amount = fee.toDecimal(0);
  plan.gas_limit = gas.second.value_or(kClaimGas);
  const SignedCosmosTx tx = co_await signFresh(platform_, signer, plan);
  TransactionDetails out = stakingDetails(platform_, tx, plan, fee, "ClaimDelegationRewards");
  out.from = {details.validator_address};
  out.to = {signer.address};
  out.setAmounts(reward, fee_scaled, reward, reward_decimals);
  co_return out;
}

Task<Json> TendermintStaking::delegations(DelegationsInfoDetails details) {
  if (details.type != "Cosmos") {
    throw rpcError(StakingInfoError::InvalidPayload, "info_details of type " + details.type,
                   Json{{"reason", "info_details of type " + details.type}});
  }
  const TendermintChain& chain = platform_.chain();
  const std::string delegator_address = platform_.myAddress();
  const std::optional<Bytes> found = co_await platform_.client().ask(
      cosmos_query::kDelegatorDelegations,
      cosmos_query::pagedRequest(delegator_address, (details.page_number - 1) * details.limit,
                                 details.limit));
  Json out = Json::array();
  if (found) {
    const std::vector<cosmos_query::CosmosDelegation> delegations =
        cosmos_query::decodeDelegations(*found);
    for (const cosmos_query::CosmosDelegation& d : delegations) {
      const std::optional<Bytes> rewards =
          co_await rewardsOf(platform_, delegator_address, d.validator);
      const std::string reward = rewards ? cosmos_query::decodeReward(*rewards, chain.denom) : "0";
      out.push_back(
          {{"validator_address", d.validator},
           {"delegated_amount", units(d.amount).toDecimal(chain.decimals)},
           {"reward_amount", units(reward).toDecimal(kDecCoinDecimals + chain.decimals)}});
    }
  }
  co_return Json{{"delegations", std::move(out)}};
}

Task<Json> TendermintStaking::ongoingUndelegations(DelegationsInfoDetails details) {
  const TendermintChain& chain = platform_.chain();
  const std::optional<Bytes> found = co_await platform_.client().ask(
      cosmos_query::kDelegatorUnbondings,
      cosmos_query::pagedRequest(platform_.myAddress(), (details.page_number - 1) * details.limit,
                                 details.limit));
  Json out = Json::array();
  if (found) {
    const std::vector<cosmos_query::CosmosUnbonding> unbondings =
        cosmos_query::decodeUnbondings(*found);
    for (const cosmos_query::CosmosUnbonding& u : unbondings) {
      Json entries = Json::array();
      for (const cosmos_query::CosmosUnbondingEntry& e : u.entries) {
        entries.push_back({{"creation_height", e.creation_height},
                           {"completion_datetime", e.completion_time},
                           {"balance", units(e.balance).toDecimal(chain.decimals)}});
      }
      out.push_back({{"validator_address", u.validator}, {"entries", std::move(entries)}});
    }
  }
  co_return Json{{"ongoing_undelegations", std::move(out)}};
}

Task<Json> TendermintStaking::validators(DelegationsInfoDetails details) {
  std::string status;
  if (details.filter_by_status == "Bonded") status = "BOND_STATUS_BONDED";
  if (details.filter_by_status == "Unbonded") status = "BOND_STATUS_UNBONDED";
  const std::optional<Bytes> found = co_await platform_.client().ask(
      cosmos_query::kValidators,
      cosmos_query::pagedRequest(status, (details.page_number - 1) * details.limit, details.limit));
  co_return Json{{"validators", found ? cosmos_query::decodeValidators(*found) : Json::array()}};
}

}  // namespace walletd
