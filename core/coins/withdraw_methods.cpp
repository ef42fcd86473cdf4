// withdraw → TransactionDetails (legacy: the bare object), and KDF's task form, what its SDK
// withdraws with: task::withdraw::init {the withdraw request} → {task_id}; status reports
// Preparing, GeneratingTransaction, SigningTransaction, Finishing, then Ok with the same
// TransactionDetails; cancel before the signing step leaves nothing signed or broadcast. Both run
// the coin family's withdraw; the task hands it a WithdrawProgress on the task's handle.
#include "core/coins/withdraw_methods.h"

#include "core/coins/active_coin_lookup.h"
#include "core/coins/transport_error.h"
#include "core/node/node.h"
#include "core/rpc/rpc_task_methods.h"

namespace walletd {
namespace {

// Refuses a field that another family declares as its withdraw option (TRON's fee_method on an
// ETH withdraw): the caller meant something this coin cannot do.
void refuseOtherFamiliesOptions(Node& node, const WithdrawRequest& req) {
  const CoinEntry* entry = node.coins().find(req.coin);
  const CoinFamily* own = entry ? node.families().forProtocol(entry->protocol_type) : nullptr;
  for (const auto& family : node.families().all()) {
    if (family.get() == own) continue;
    for (const WithdrawOption& option : family->withdrawOptions()) {
      const Json& value = req.params.value(option.name, Json());
      if (value.is_null()) continue;
      const std::string message = "`" + option.name + "` is a withdraw option of " +
                                  std::string(family->name()) + " coins; " + req.coin +
                                  " does not take it";
      throw rpcError(WithdrawError::UnsupportedError, message, Json(message));
    }
  }
}

// What needs no peer, answered at once (by task init too): the coin is active and takes the
// options the request uses.
std::shared_ptr<ActiveCoin> withdrawingCoin(Node& node, const WithdrawRequest& req) {
  auto coin = activeCoinOr(node.activeCoins(), req.coin, WithdrawError::NoSuchCoin);
  refuseOtherFamiliesOptions(node, req);
  return coin;
}

Task<Json> runWithdraw(Node& node, WithdrawRequest req) {
  auto coin = withdrawingCoin(node, req);
  const TransactionDetails details =
      co_await overTransport(coin->withdraw(std::move(req)), WithdrawError::Transport);
  co_return details.toJson();
}

Task<Json> withdraw(RequestContext& ctx, WithdrawRequest req) {
  co_return co_await runWithdraw(ctx.node, std::move(req));
}

void checkWithdraw(RequestContext& ctx, const WithdrawRequest& req) {
  withdrawingCoin(ctx.node, req);
}

Task<Json> withdrawTask(Node& node, WithdrawRequest req, std::shared_ptr<RpcTaskHandle> handle) {
  req.progress = WithdrawProgress(handle);
  co_return co_await runWithdraw(node, std::move(req));
}

}  // namespace

// The family-only withdraw options (CoinFamily::withdrawOptions), which each family reads from
// `params` and documents: `{ fee_method?: ...; ... }`, or empty without any.
std::string familyOptionsType(const CoinFamilies& families) {
  std::string fields;
  for (const auto& family : families.all()) {
    for (const WithdrawOption& option : family->withdrawOptions())
      fields += (fields.empty() ? "" : "; ") + option.name + "?: " + option.ts_type;
  }
  return fields.empty() ? "" : " & { " + fields + " }";
}

void registerWithdrawMethods(MethodTable& t, const CoinFamilies& families) {
  const std::string options = familyOptionsType(families);
  MethodHandler v2 = typedHandler(&withdraw);
  v2.params_doc += options;
  LegacyHandler legacy = legacyHandler(&withdraw);
  legacy.params_doc += options;
  t.add({"withdraw", "TransactionDetails", MethodAccess::Protected, std::move(v2),
         std::move(legacy)});
  addRpcTaskMethods<WithdrawRequest>(t, "withdraw", "TransactionDetails", &checkWithdraw,
                                     &withdrawTask, "Preparing", options);
}

}  // namespace walletd
