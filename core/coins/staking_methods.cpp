// experimental::staking::delegate {coin, staking_details} → TransactionDetails,
// experimental::staking::undelegate {coin, staking_details?} → TransactionDetails,
// experimental::staking::query::delegations {coin, info_details} → {staking_infos_details}.
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
                               .exactlyOneOf({"validator_address", "address"}));
  return s;
}

const TaggedSchema<DelegationsInfoDetails>& infoDetailsSchema() {
  using D = DelegationsInfoDetails;
  static const auto s = TaggedSchema<D>("type", &D::type).variant("Qtum", ObjectSchema<D>());
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
  Json info = co_await overTransport(held.staking->delegations(std::move(details)),
                                     StakingInfoError::Transport);
  co_return Json{{"staking_infos_details", std::move(info)}};
}

constexpr char kInfo[] =
    "{ staking_infos_details: { type: \"Qtum\"; amount: string; staker: string | null; "
    "am_i_staking: boolean; is_staking_supported: boolean } }";

}  // namespace

void registerStakingMethods(MethodTable& t) {
  t.declare("StakingDetails", stakingDetailsSchema().ts());
  t.declare("DelegationsInfoDetails", infoDetailsSchema().ts());
  for (const char* name : {"experimental::staking::delegate", "add_delegation"})
    t.add({name, "TransactionDetails", MethodAccess::Protected, typedHandler(&delegate), nullptr});
  for (const char* name : {"experimental::staking::undelegate", "remove_delegation"})
    t.add(
        {name, "TransactionDetails", MethodAccess::Protected, typedHandler(&undelegate), nullptr});
  t.add({"experimental::staking::query::delegations", kInfo, MethodAccess::Protected,
         typedHandler(&delegations<InfoParams>), nullptr});
  t.add({"get_staking_infos", kInfo, MethodAccess::Protected,
         typedHandler(&delegations<LegacyInfoParams>), nullptr});
}

}  // namespace walletd
