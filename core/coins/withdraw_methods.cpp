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

void registerWithdrawMethods(MethodTable& t, const CoinFamilies& families) {
  std::string params =
      "{ coin: string; to: string; amount?: Decimal; max?: boolean; fee?: FeeInfo; from?: "
      "WithdrawFromInfo; memo?: string; broadcast?: boolean /* default false */";
  for (const auto& family : families.all()) {
    for (const WithdrawOption& option : family->withdrawOptions())
      params += "; " + option.name + "?: " + option.ts_type;
  }
  params += " }";
  t.add({"withdraw", params, "TransactionDetails", MethodAccess::Protected, typedHandler(&withdraw),
         legacyHandler(&withdraw)});
  addRpcTaskMethods<WithdrawRequest>(t, "withdraw", params, "TransactionDetails", &checkWithdraw,
                                     &withdrawTask, "Preparing");
}

}  // namespace walletd
