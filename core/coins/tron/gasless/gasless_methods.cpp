// gasless::trace_status and stream::gasless_trace::enable.
#include "core/coins/tron/gasless/gasless_methods.h"

#include <cctype>

#include "core/coins/tron/gasless/gasless_status.h"
#include "core/coins/tron/gasless/gasless_trace_streamer.h"
#include "core/coins/tron/tron_coins.h"
#include "core/node/node.h"

namespace walletd {
namespace {

// clang-format off
#define WALLETD_GASLESS_TRACE_ERRORS(X) \
  X(CoinNotFound, 404)                  \
  X(CoinNotSupported, 400)              \
  X(GaslessNotConfigured, 400)          \
  X(InvalidTraceId, 400)                \
  X(TraceNotFound, 404) X(ProviderError, 502) X(EnableError, 400) X(Internal, 500)
// clang-format on
WALLETD_ERROR_FAMILY(GaslessTraceError, WALLETD_GASLESS_TRACE_ERRORS)

struct CoinAndTrace {
  std::string coin;
  std::string trace_id;
  static const ObjectSchema<CoinAndTrace>& schema() {
    static const auto s = ObjectSchema<CoinAndTrace>()
                              .required("coin", &CoinAndTrace::coin)
                              .required("trace_id", &CoinAndTrace::trace_id);
    return s;
  }
};

struct StreamEnableParams {
  std::string coin;
  std::uint64_t client_id = 0;
  static const ObjectSchema<StreamEnableParams>& schema() {
    static const auto s = ObjectSchema<StreamEnableParams>()
                              .required("coin", &StreamEnableParams::coin)
                              .fallback("client_id", &StreamEnableParams::client_id, 0u);
    return s;
  }
};

// The active TRC20 token `ticker` with its relay provider.
struct RelayToken {
  std::shared_ptr<Trc20Token> token;
  TronRelay* relay = nullptr;
};

RelayToken relayToken(Node& node, const std::string& ticker) {
  auto coin = node.activeCoins().find(ticker);
  if (!coin) {
    throw rpcError(GaslessTraceError::CoinNotFound, "No such coin " + ticker + " (not activated)",
                   Json(ticker));
  }
  auto token = std::dynamic_pointer_cast<Trc20Token>(coin);
  if (!token) {
    throw rpcError(GaslessTraceError::CoinNotSupported,
                   ticker + " is not a TRON TRC20 token; gasless transfers move TRC20 tokens",
                   Json(ticker));
  }
  TronRelay* relay = token->tronPlatform().relay();
  if (relay == nullptr) {
    throw rpcError(GaslessTraceError::GaslessNotConfigured,
                   ticker + " has no gasless provider: activate " + token->tronPlatform().ticker() +
                       " with tron_gasless_provider first",
                   Json(ticker));
  }
  return {token, relay};
}

// A trace id as the provider writes them (a UUID): hex digits and dashes, 8 to 64 characters.
bool plausibleTraceId(const std::string& id) {
  if (id.size() < 8 || id.size() > 64) return false;
  for (const char c : id) {
    if (!std::isxdigit(static_cast<unsigned char>(c)) && c != '-') return false;
  }
  return true;
}

Task<Json> traceStatus(RequestContext& ctx, CoinAndTrace p) {
  const RelayToken t = relayToken(ctx.node, p.coin);
  if (!plausibleTraceId(p.trace_id)) {
    throw rpcError(GaslessTraceError::InvalidTraceId,
                   "trace_id must be the id send_raw_transaction answered (a UUID)",
                   Json(p.trace_id.substr(0, 64)));
  }
  const std::string trace_id = p.trace_id;
  RelayTrace trace;
  try {
    trace = co_await t.relay->client().trace(trace_id);
  } catch (const RpcError& e) {
    const bool not_found =
        e.data() && e.data()->value("error_type", "") == std::string("TraceNotFound");
    if (not_found) {
      throw rpcError(GaslessTraceError::TraceNotFound, "No gasless transfer " + trace_id,
                     Json(trace_id));
    }
    throw rpcError(GaslessTraceError::ProviderError, e.message(), Json(e.message()));
  }
  try {
    co_return projectTrace(trace, t.token->ticker(), t.token->decimals()).toJson();
  } catch (const RpcError& e) {
    throw rpcError(GaslessTraceError::ProviderError, e.message(), Json(e.message()));
  }
}

Task<Json> enableGaslessTrace(RequestContext& ctx, StreamEnableParams p) {
  const RelayToken t = relayToken(ctx.node, p.coin);
  const std::string id = "GASLESS_TRACE:" + p.coin;
  Node& node = ctx.node;
  const std::string coin = p.coin;
  // Looked up at each poll: a disabled coin is not polled, a re-activated one is.
  RelayLookup find_relay = [&node, coin]() -> std::shared_ptr<TronRelay> {
    auto token = std::dynamic_pointer_cast<Trc20Token>(node.activeCoins().find(coin));
    return token ? token->tronPlatform().relayShared() : nullptr;
  };
  try {
    node.streams().enable(p.client_id, id, [&node, find_relay, coin, id] {
      StreamManager& streams = node.streams();
      return std::make_unique<GaslessTraceStreamer>(
          node.executor(), find_relay, coin,
          [&streams, id](Json message) { streams.publishError(id, std::move(message)); });
    });
  } catch (const RpcError& e) {
    throw rpcError(GaslessTraceError::EnableError, e.message(), Json(e.message()));
  }
  Json out = Json::object();
  out["streamer_id"] = id;
  co_return out;
}

}  // namespace

void registerGaslessMethods(MethodTable& table) {
  table.add({"gasless::trace_status",
             "{ coin: string; trace_id: string; state: \"pending\" | \"submitted\" | \"on_chain\" "
             "| \"confirmed\" | \"failed\"; tx_hash_on_chain: string | null; block_height: number "
             "| null; confirmed_at: number | null; final_fee: string | null; failure_reason: "
             "string | null }",
             MethodAccess::Protected,
             typedHandler(&traceStatus),
             {}});
  table.add({"stream::gasless_trace::enable",
             "{ streamer_id: string }",
             MethodAccess::Protected,
             typedHandler(&enableGaslessTrace),
             {}});
}

}  // namespace walletd
