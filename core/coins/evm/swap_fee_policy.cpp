// Swap fee policy: "Unsupported" | "Internal" | "Low" | "Medium" | "High". The default is the coins
// file's `swap_gas_fee_policy`, else "Internal".
#include "core/coins/evm/swap_fee_policy.h"

#include <array>

#include "core/coins/evm/evm_coins.h"
#include "core/node/node.h"

namespace walletd {
namespace {

// NoSuchCoin carries the message, NotSupported the ticker.
// clang-format off
#define WALLETD_SWAP_FEE_POLICY_ERRORS(X) X(NoSuchCoin, 400) X(NotSupported, 400)
// clang-format on
WALLETD_ERROR_FAMILY(SwapTxFeePolicyError, WALLETD_SWAP_FEE_POLICY_ERRORS)

constexpr std::array<const char*, 5> kPolicies = {"Unsupported", "Internal", "Low", "Medium",
                                                  "High"};
const char* const kSettings = "settings";

bool isPolicy(const std::string& value) {
  for (const char* p : kPolicies) {
    if (value == p) return true;
  }
  return false;
}

struct GetParams {
  std::string coin;
  static const ObjectSchema<GetParams>& schema() {
    static const auto s = ObjectSchema<GetParams>().required("coin", &GetParams::coin);
    return s;
  }
};

// The declared SwapTxFeePolicy, one of kPolicies.
struct PolicyField {
  static std::string decode(const Json& v, const std::string& p) {
    return Literals<kPolicies>::decode(v, p);
  }
  static std::string ts() { return "SwapTxFeePolicy"; }
};

struct SetParams {
  std::string coin;
  std::string policy;
  static const ObjectSchema<SetParams>& schema() {
    static const auto s =
        ObjectSchema<SetParams>()
            .required("coin", &SetParams::coin)
            .fallback<PolicyField>("swap_tx_fee_policy", &SetParams::policy, "Unsupported");
    return s;
  }
};

// The active EVM platform for `ticker` (tokens use their platform's policy).
std::shared_ptr<EthPlatform> evmCoin(Node& node, const std::string& ticker) {
  auto coin = node.activeCoins().find(ticker);
  if (!coin) {
    const std::string message = "No such coin " + ticker;
    throw rpcError(SwapTxFeePolicyError::NoSuchCoin, message, Json(message));
  }
  const std::string platform = coin->platform().value_or(ticker);
  auto eth = std::dynamic_pointer_cast<EthPlatform>(node.activeCoins().find(platform));
  if (!eth) {
    throw rpcError(SwapTxFeePolicyError::NotSupported,
                   "eip-1559 policy is not supported for coin " + ticker, Json(ticker));
  }
  return eth;
}

std::string storageKey(const std::string& ticker) {
  return "swap_tx_fee_policy/" + ticker;
}

Task<Json> getPolicy(RequestContext& ctx, GetParams p) {
  auto eth = evmCoin(ctx.node, p.coin);
  std::optional<std::string> stored =
      co_await ctx.node.storage().get(kSettings, storageKey(eth->ticker()));
  if (stored) co_return Json(*stored);
  const CoinEntry* entry = ctx.node.coins().find(eth->ticker());
  const std::string configured = entry ? entry->string("swap_gas_fee_policy").value_or("") : "";
  co_return Json(isPolicy(configured) ? configured : "Internal");
}

Task<Json> setPolicy(RequestContext& ctx, SetParams p) {
  auto eth = evmCoin(ctx.node, p.coin);
  std::vector<StorageWrite> writes;
  writes.push_back({storageKey(eth->ticker()), p.policy});
  co_await ctx.node.storage().applyBatch(kSettings, std::move(writes));
  co_return Json(p.policy);
}

}  // namespace

void registerSwapFeePolicyMethods(MethodTable& t) {
  t.declare("SwapTxFeePolicy", Literals<kPolicies>::ts());
  for (const char* name : {"get_swap_transaction_fee_policy", "get_swap_gas_fee_policy"}) {
    t.add({name, "SwapTxFeePolicy", MethodAccess::Protected, typedHandler(&getPolicy), nullptr});
  }
  for (const char* name : {"set_swap_transaction_fee_policy", "set_swap_gas_fee_policy"}) {
    t.add({name, "SwapTxFeePolicy", MethodAccess::Protected, typedHandler(&setPolicy), nullptr});
  }
}

}  // namespace walletd
