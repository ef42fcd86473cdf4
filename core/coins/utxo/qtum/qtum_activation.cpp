// task::enable_qtum::*.
#include "core/coins/utxo/qtum/qtum_activation.h"

#include "core/coins/utxo/utxo_activation.h"
#include "core/rpc/rpc_task_methods.h"

namespace walletd {
namespace {

void checkQtumInit(RequestContext& ctx, const UtxoActivationParams& p) {
  utxoActivationRoute("QTUM").check(ctx.node, p);
}

Task<Json> activateQtumCoin(Node& node, UtxoActivationParams p,
                            std::shared_ptr<RpcTaskHandle> handle) {
  co_return co_await utxoActivationRoute("QTUM").run(node, std::move(p), std::move(handle));
}

}  // namespace

void registerQtumActivation(MethodTable& t) {
  addRpcTaskMethods<UtxoActivationParams>(t, "enable_qtum", "UtxoActivationResult", &checkQtumInit,
                                          &activateQtumCoin);
}

}  // namespace walletd
