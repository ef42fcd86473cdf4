// stream::heartbeat::enable {client_id = 0, config: {stream_interval_seconds = 5}} ->
// {"streamer_id":"HEARTBEAT"}; stream::disable {client_id, streamer_id} -> {"result":"Success"}.
#include "core/stream/stream_methods.h"

#include <cmath>

#include "core/node/node.h"
#include "core/stream/heartbeat_streamer.h"
#include "core/stream/stream_errors.h"

namespace walletd {

namespace {

constexpr double kMaxHeartbeatSeconds = 86400;

struct HeartbeatEnableParams {
  static constexpr int kDefaultSeconds = 5;
  std::uint64_t client_id = 0;
  double interval_seconds = kDefaultSeconds;

  static HeartbeatEnableParams parse(ParamsReader& r) {
    HeartbeatEnableParams p;
    p.client_id = r.optionalOr<std::uint64_t>("client_id", 0);
    if (r.has("config")) {
      ParamsReader config = r.object("config");
      if (config.has("stream_interval_seconds")) {
        Json v = config.required<Json>("stream_interval_seconds");
        const std::string path = config.fieldPath("stream_interval_seconds");
        if (!v.is_number()) {
          throwInvalidParams(path + ": invalid type: " + describeJsonType(v) +
                             ", expected a number");
        }
        p.interval_seconds = v.get<double>();
        if (!(p.interval_seconds >= 0.01 && p.interval_seconds <= kMaxHeartbeatSeconds)) {
          throwInvalidParams(path + ": invalid value: " + v.dump() +
                             ", expected seconds between 0.01 and 86400");
        }
      }
      config.rejectUnknown();
    }
    return p;
  }
};

struct DisableParams {
  std::uint64_t client_id = 0;
  std::string streamer_id;
  static DisableParams parse(ParamsReader& r) {
    return DisableParams{r.required<std::uint64_t>("client_id"),
                         r.required<std::string>("streamer_id")};
  }
};

Task<Json> enableHeartbeat(RequestContext& ctx, HeartbeatEnableParams p) {
  Executor& executor = ctx.node.executor();
  auto interval_ms = static_cast<std::uint64_t>(std::llround(p.interval_seconds * 1000));
  ctx.node.streams().enable(p.client_id, "HEARTBEAT", [&executor, interval_ms] {
    return std::make_unique<HeartbeatStreamer>(executor, interval_ms);
  });
  Json out = Json::object();
  out["streamer_id"] = "HEARTBEAT";
  co_return out;
}

Task<Json> disableStreamer(RequestContext& ctx, DisableParams p) {
  ctx.node.streams().disable(p.client_id, p.streamer_id);
  Json out = Json::object();
  out["result"] = "Success";
  co_return out;
}

}  // namespace

void registerStreamMethods(MethodTable& table) {
  table.add({"stream::heartbeat::enable",
             "{ client_id?: number /* default 0 */; config?: { stream_interval_seconds?: number "
             "/* default " +
                 std::to_string(HeartbeatEnableParams::kDefaultSeconds) + " */ } }",
             "{ streamer_id: \"HEARTBEAT\" }",
             MethodAccess::Protected,
             typedHandler(&enableHeartbeat),
             {}});
  table.add({"stream::disable",
             "{ client_id: number; streamer_id: string }",
             "{ result: \"Success\" }",
             MethodAccess::Protected,
             typedHandler(&disableStreamer),
             {}});
}

}  // namespace walletd
