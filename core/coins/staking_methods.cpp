// experimental::staking::delegate {coin, staking_details} → TransactionDetails,
// experimental::staking::undelegate {coin, staking_details?} → TransactionDetails,
// experimental::staking::claim_rewards {coin, claiming_details} → TransactionDetails,
// experimental::staking::query::delegations {coin, info_details} → {staking_infos_details}
// (Qtum) or {delegations} (Cosmos), query::validators → {validators} and
// query::ongoing_undelegations → {ongoing_undelegations} (Cosmos).
// KDF renamed add_delegation / remove_delegation / get_staking_infos to these without keeping
// the old names; walletd answers both (get_staking_infos takes no info_details, as then).
#include "core/coins/staking_methods.h"

#include "core/coins/active_coin_lookup.h"
#include "core/coins/staking.h"
#include "core/coins/transport_error.h"
#include "core/node/node.h"
#include "core/rpc/schema.h"

namespace walletd {
namespace {

const TaggedSchema<StakingDetails>& stakingDetailsSchema() {
  using S = StakingDetails;
  static const auto s =
      TaggedSchema<S>("type", &S::type)
          .variant("Qtum", ObjectSchema<S>()
                               .optionalKeep("validator_address", &S::validator_address)
                               .optionalKeep("address", &S::validator_address,
                                             "the name before KDF's rename")
                               .optional("fee", &S::fee, "the staker's fee in percent; 10")
                               .exactlyOneOf({"validator_address", "address"}))
          .variant("Cosmos", ObjectSchema<S>()
                                 .required("validator_address", &S::validator_address)
                                 .optional("amount", &S::amount, "0 unless max")
                                 .fallback("max", &S::max, false)
                                 .optional("memo", &S::memo)
                                 .optional("fee", &S::cosmos_fee, "CosmosGas")
                                 .optional("withdraw_from", &S::withdraw_from, "HD wallets"));
  return s;
}

const TaggedSchema<ClaimingDetails>& claimingDetailsSchema() {
  using C = ClaimingDetails;
  static const auto s =
      TaggedSchema<C>("type", &C::type)
          .variant("Cosmos", ObjectSchema<C>()
                                 .required("validator_address", &C::validator_address)
                                 .fallback("force", &C::force, false)
                                 .optional("memo", &C::memo)
                                 .optional("fee", &C::fee, "CosmosGas"));
  return s;
}

// KDF's paging of the Cosmos queries: limit (usize) and page_number (NonZeroUsize).
void checkPage(DelegationsInfoDetails& d, const ParamsReader& r) {
  if (d.page_number == 0) throwInvalidParams(r.fieldPath("page_number") + ": must be at least 1");
  if (d.limit > 1000) throwInvalidParams(r.fieldPath("limit") + ": at most 1000");
}

ObjectSchema<DelegationsInfoDetails> cosmosPage() {
  using D = DelegationsInfoDetails;
  return ObjectSchema<D>()
      .fallback("limit", &D::limit, D::kDefaultLimit)
      .fallback("page_number", &D::page_number, std::uint64_t{1})
      .then(&checkPage);
}

constexpr const char* kValidatorStatuses[] = {"Bonded", "Unbonded", "All"};

const TaggedSchema<DelegationsInfoDetails>& validatorsDetailsSchema() {
  using D = DelegationsInfoDetails;
  static const auto s =
      TaggedSchema<D>("type", &D::type)
          .variant("Cosmos", cosmosPage().fallback<Literals<kValidatorStatuses>>(
                                 "filter_by_status", &D::filter_by_status, std::string("Bonded")));
  return s;
}

const TaggedSchema<DelegationsInfoDetails>& undelegationsDetailsSchema() {
  using D = DelegationsInfoDetails;
  static const auto s = TaggedSchema<D>("type", &D::type).variant("Cosmos", cosmosPage());
  return s;
}

const TaggedSchema<DelegationsInfoDetails>& infoDetailsSchema() {
  using D = DelegationsInfoDetails;
  static const auto s = TaggedSchema<D>("type", &D::type)
                            .variant("Qtum", ObjectSchema<D>())
                            .variant("Cosmos", cosmosPage());
  return s;
}

struct StakingDetailsField {
  static StakingDetails decode(const Json& v, const std::string& p) {
    return stakingDetailsSchema().fromJson(v, p);
  }
  static std::string ts() { return "StakingDetails"; }
};
struct InfoDetailsField {
  static DelegationsInfoDetails decode(const Json& v, const std::string& p) {
    return infoDetailsSchema().fromJson(v, p);
  }
  static std::string ts() { return "DelegationsInfoDetails"; }
};
struct ClaimingDetailsField {
  static ClaimingDetails decode(const Json& v, const std::string& p) {
    return claimingDetailsSchema().fromJson(v, p);
  }
  static std::string ts() { return "ClaimingDetails"; }
};
struct ValidatorsDetailsField {
  static DelegationsInfoDetails decode(const Json& v, const std::string& p) {
    return validatorsDetailsSchema().fromJson(v, p);
  }
  static std::string ts() { return "ValidatorsInfoDetails"; }
};
struct UndelegationsDetailsField {
  static DelegationsInfoDetails decode(const Json& v, const std::string& p) {
    return undelegationsDetailsSchema().fromJson(v, p);
  }
  static std::string ts() { return "UndelegationsInfoDetails"; }
};

struct DelegateParams {
  std::string coin;
  StakingDetails details;
  static const ObjectSchema<DelegateParams>& schema() {
    static const auto s =
        ObjectSchema<DelegateParams>()
            .required("coin", &DelegateParams::coin)
            .required<StakingDetailsField>("staking_details", &DelegateParams::details);
    return s;
  }
};

struct UndelegateParams {
  std::string coin;
  std::optional<StakingDetails> details;
  static const ObjectSchema<UndelegateParams>& schema() {
    static const auto s =
        ObjectSchema<UndelegateParams>()
            .required("coin", &UndelegateParams::coin)
            .optional<StakingDetailsField>("staking_details", &UndelegateParams::details);
    return s;
  }
};

struct InfoParams {
  std::string coin;
  std::optional<DelegationsInfoDetails> details;
  static const ObjectSchema<InfoParams>& schema() {
    static const auto s = ObjectSchema<InfoParams>()
                              .required("coin", &InfoParams::coin)
                              .required<InfoDetailsField>("info_details", &InfoParams::details);
    return s;
  }
};

struct ClaimParams {
  std::string coin;
  ClaimingDetails details;
  static const ObjectSchema<ClaimParams>& schema() {
    static const auto s =
        ObjectSchema<ClaimParams>()
            .required("coin", &ClaimParams::coin)
            .required<ClaimingDetailsField>("claiming_details", &ClaimParams::details);
    return s;
  }
};

// query::validators and query::ongoing_undelegations: {coin, info_details} of their own shape.
template <typename Field>
struct CosmosQueryParams {
  std::string coin;
  DelegationsInfoDetails details;
  static const ObjectSchema<CosmosQueryParams>& schema() {
    static const auto s =
        ObjectSchema<CosmosQueryParams>()
            .required("coin", &CosmosQueryParams::coin)
            .template required<Field>("info_details", &CosmosQueryParams::details);
    return s;
  }
};

// get_staking_infos {coin}: KDF's request before info_details.
struct LegacyInfoParams {
  std::string coin;
  std::optional<DelegationsInfoDetails> details;
  static const ObjectSchema<LegacyInfoParams>& schema() {
    static const auto s =
        ObjectSchema<LegacyInfoParams>()
            .required("coin", &LegacyInfoParams::coin)
            .optional<InfoDetailsField>("info_details", &LegacyInfoParams::details);
    return s;
  }
};

// The active coin, kept by the handler while it waits (a disable_coin meanwhile must not free
// it), and its staking.
struct HeldStaking {
  std::shared_ptr<ActiveCoin> coin;
  StakingCoin* staking = nullptr;
};

template <ErrorKind E>
HeldStaking stakingOf(Node& node, const std::string& ticker, E no_such_coin, E unsupported) {
  auto coin = activeCoinOr(node.activeCoins(), ticker, no_such_coin);
  StakingCoin* staking = coin->staking();
  if (staking == nullptr)
    throw rpcError(unsupported, "Delegation not available for: " + ticker, Json{{"coin", ticker}});
  return {std::move(coin), staking};
}

Task<Json> delegate(RequestContext& ctx, DelegateParams p) {
  const HeldStaking held = stakingOf(ctx.node, p.coin, DelegationError::NoSuchCoin,
                                     DelegationError::CoinDoesntSupportDelegation);
  const TransactionDetails details = co_await overTransport(
      held.staking->delegate(std::move(p.details)), DelegationError::Transport);
  co_return details.toJson();
}

Task<Json> undelegate(RequestContext& ctx, UndelegateParams p) {
  const HeldStaking held = stakingOf(ctx.node, p.coin, DelegationError::NoSuchCoin,
                                     DelegationError::CoinDoesntSupportDelegation);
  const TransactionDetails details = co_await overTransport(
      held.staking->undelegate(std::move(p.details)), DelegationError::Transport);
  co_return details.toJson();
}

template <typename Params>
Task<Json> delegations(RequestContext& ctx, Params p) {
  const HeldStaking held = stakingOf(ctx.node, p.coin, StakingInfoError::NoSuchCoin,
                                     StakingInfoError::CoinDoesntSupportStakingInfos);
  DelegationsInfoDetails details = p.details.value_or(DelegationsInfoDetails{"Qtum"});
  co_return co_await overTransport(held.staking->delegations(std::move(details)),
                                   StakingInfoError::Transport);
}

Task<Json> claimRewards(RequestContext& ctx, ClaimParams p) {
  const HeldStaking held = stakingOf(ctx.node, p.coin, DelegationError::NoSuchCoin,
                                     DelegationError::CoinDoesntSupportDelegation);
  const TransactionDetails details = co_await overTransport(
      held.staking->claimRewards(std::move(p.details)), DelegationError::Transport);
  co_return details.toJson();
}

Task<Json> validators(RequestContext& ctx, CosmosQueryParams<ValidatorsDetailsField> p) {
  const HeldStaking held = stakingOf(ctx.node, p.coin, StakingInfoError::NoSuchCoin,
                                     StakingInfoError::CoinDoesntSupportStakingInfos);
  co_return co_await overTransport(held.staking->validators(std::move(p.details)),
                                   StakingInfoError::Transport);
}

Task<Json> ongoingUndelegations(RequestContext& ctx,
                                CosmosQueryParams<UndelegationsDetailsField> p) {
  const HeldStaking held = stakingOf(ctx.node, p.coin, StakingInfoError::NoSuchCoin,
                                     StakingInfoError::CoinDoesntSupportStakingInfos);
  co_return co_await overTransport(held.staking->ongoingUndelegations(std::move(p.details)),
                                   StakingInfoError::Transport);
}

constexpr char kInfo[] =
    "{ staking_infos_details: { type: \"Qtum\"; amount: string; staker: string | null; "
    "am_i_staking: boolean; is_staking_supported: boolean } } | { delegations: { "
    "validator_address: string; delegated_amount: string; reward_amount: string }[] }";
constexpr char kValidators[] =
    "{ validators: { operator_address: string; consensus_pubkey: { \"@type\": string; key: "
    "string } | null; jailed: boolean; status: number; tokens: string; delegator_shares: string; "
    "description: { moniker: string; identity: string; website: string; security_contact: "
    "string; details: string } | null; unbonding_height: number; unbonding_time: string; "
    "commission: { commission_rates: { rate: string; max_rate: string; max_change_rate: string "
    "} | null; update_time: string } | null; min_self_delegation: string }[] }";
constexpr char kUndelegations[] =
    "{ ongoing_undelegations: { validator_address: string; entries: { creation_height: number; "
    "completion_datetime: string; balance: string }[] }[] }";

}  // namespace

void registerStakingMethods(MethodTable& t) {
  t.declare("StakingDetails", stakingDetailsSchema().ts());
  t.declare("DelegationsInfoDetails", infoDetailsSchema().ts());
  t.declare("ClaimingDetails", claimingDetailsSchema().ts());
  t.declare("ValidatorsInfoDetails", validatorsDetailsSchema().ts());
  t.declare("UndelegationsInfoDetails", undelegationsDetailsSchema().ts());
  for (const char* name : {"experimental::staking::delegate", "add_delegation"})
    t.add({name, "TransactionDetails", MethodAccess::Protected, typedHandler(&delegate), nullptr});
  for (const char* name : {"experimental::staking::undelegate", "remove_delegation"})
    t.add(
        {name, "TransactionDetails", MethodAccess::Protected, typedHandler(&undelegate), nullptr});
  t.add({"experimental::staking::query::delegations", kInfo, MethodAccess::Protected,
         typedHandler(&delegations<InfoParams>), nullptr});
  t.add({"get_staking_infos", kInfo, MethodAccess::Protected,
         typedHandler(&delegations<LegacyInfoParams>), nullptr});
  t.add({"experimental::staking::claim_rewards", "TransactionDetails", MethodAccess::Protected,
         typedHandler(&claimRewards), nullptr});
  t.add({"experimental::staking::query::validators", kValidators, MethodAccess::Protected,
         typedHandler(&validators), nullptr});
  t.add({"experimental::staking::query::ongoing_undelegations", kUndelegations,
         MethodAccess::Protected, typedHandler(&ongoingUndelegations), nullptr});
}

}  // namespace walletd
