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

// Seconds between heartbeats: a number from 0.01 to 86400.
struct IntervalField {
  static double decode(const Json& v, const std::string& path) {
    if (!v.is_number())
      throwInvalidParams(path + ": invalid type: " + describeJsonType(v) + ", expected a number");
    const double seconds = v.get<double>();
    if (!(seconds >= 0.01 && seconds <= kMaxHeartbeatSeconds))
      throwInvalidParams(path + ": invalid value: " + v.dump() +
                         ", expected seconds between 0.01 and 86400");
    return seconds;
  }
  static std::string ts() { return "number"; }
};

// KDF's HeartbeatConfig denies unknown fields.
struct HeartbeatConfig {
  static constexpr double kDefaultSeconds = 5;
  double interval_seconds = kDefaultSeconds;
  static const ObjectSchema<HeartbeatConfig>& schema() {
    static const auto s =
        ObjectSchema<HeartbeatConfig>()
            .fallback<IntervalField>("stream_interval_seconds", &HeartbeatConfig::interval_seconds,
                                     kDefaultSeconds)
            .unknownFields(UnknownFields::Deny);
    return s;
  }
};

struct HeartbeatEnableParams {
  std::uint64_t client_id = 0;
  std::optional<HeartbeatConfig> config;
  double intervalSeconds() const {
    return config ? config->interval_seconds : HeartbeatConfig::kDefaultSeconds;
  }
  static const ObjectSchema<HeartbeatEnableParams>& schema() {
    static const auto s = ObjectSchema<HeartbeatEnableParams>()
                              .fallback("client_id", &HeartbeatEnableParams::client_id, 0u)
                              .optional("config", &HeartbeatEnableParams::config);
    return s;
  }
};

struct DisableParams {
  std::uint64_t client_id = 0;
  std::string streamer_id;
  static const ObjectSchema<DisableParams>& schema() {
    static const auto s = ObjectSchema<DisableParams>()
                              .required("client_id", &DisableParams::client_id)
                              .required("streamer_id", &DisableParams::streamer_id);
    return s;
  }
};

Task<Json> enableHeartbeat(RequestContext& ctx, HeartbeatEnableParams p) {
  Executor& executor = ctx.node.executor();
  auto interval_ms = static_cast<std::uint64_t>(std::llround(p.intervalSeconds() * 1000));
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
             "{ streamer_id: \"HEARTBEAT\" }",
             MethodAccess::Protected,
             typedHandler(&enableHeartbeat),
             {}});
  table.add({"stream::disable",
             "{ result: \"Success\" }",
             MethodAccess::Protected,
             typedHandler(&disableStreamer),
             {}});
}

}  // namespace walletd
