// stream::balance::enable.
#include "core/coins/balance_stream_methods.h"

#include "core/coins/active_coin.h"
#include "core/node/node.h"
#include "core/rpc/params_reader.h"

namespace walletd {
namespace {

// clang-format off
#define WALLETD_BALANCE_STREAM_ERRORS(X) \
  X(EnableError, 400) X(CoinNotFound, 404) X(CoinNotSupported, 501) X(Internal, 500)
// clang-format on
WALLETD_ERROR_FAMILY(BalanceStreamError, WALLETD_BALANCE_STREAM_ERRORS)

struct BalanceStreamParams {
  std::string coin;
  std::uint64_t client_id = 0;
  std::optional<Json> config;
  static const ObjectSchema<BalanceStreamParams>& schema() {
    static const auto s = ObjectSchema<BalanceStreamParams>()
                              .required("coin", &BalanceStreamParams::coin)
                              .fallback("client_id", &BalanceStreamParams::client_id, 0u)
                              .optional("config", &BalanceStreamParams::config);
    return s;
  }
};

Task<Json> enableBalanceStream(RequestContext& ctx, BalanceStreamParams p) {
  std::shared_ptr<ActiveCoin> coin = ctx.node.activeCoins().find(p.coin);
  if (!coin) throw rpcError(BalanceStreamError::CoinNotFound, "No such coin " + p.coin, Json());
  if (!coin->balanceStreamer()) {
    throw rpcError(BalanceStreamError::CoinNotSupported,
                   p.coin + " does not stream balance changes", Json());
  }
  if (p.config) {
    const std::string message = "Invalid config provided. No config needed";
    throw rpcError(BalanceStreamError::EnableError, message, Json(message));
  }
  const std::string id = "BALANCE:" + p.coin;
  try {
    ctx.node.streams().enable(p.client_id, id, [coin] { return coin->balanceStreamer(); });
  } catch (const RpcError& e) {
    throw rpcError(BalanceStreamError::EnableError, e.message(), Json(e.message()));
  }
  co_return Json{{"streamer_id", id}};
}

}  // namespace

void registerBalanceStreamMethods(MethodTable& t) {
  t.add({"stream::balance::enable", "{ streamer_id: string }", MethodAccess::Protected,
         typedHandler(&enableBalanceStream), nullptr});
}

}  // namespace walletd
