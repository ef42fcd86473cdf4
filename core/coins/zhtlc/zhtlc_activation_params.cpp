// The schemas of ZcoinActivationParams. Light's rpc_data fields all have serde defaults in KDF,
// so an empty rpc_data parses and fails later (EmptyLightwalletdUris).
#include "core/coins/zhtlc/zhtlc_activation_params.h"

namespace walletd {
namespace {

using P = ZcoinActivationParams;
using M = ZcoinRpcMode;

struct SyncStartField {
  static SyncStartPoint decode(const Json& v, const std::string& path) {
    if (v == "earliest") return {SyncStartPoint::Kind::Earliest, 0};
    const auto number = [&](const char* key) {
      const Json& n = v.at(key);
      if (!n.is_number_unsigned())
        throwInvalidParams(path + "." + key + ": invalid type: " + describeJsonType(n) +
                           ", expected u64");
      return n.get<std::uint64_t>();
    };
    if (v.is_object() && v.size() == 1 && v.contains("date"))
      return {SyncStartPoint::Kind::Date, number("date")};
    if (v.is_object() && v.size() == 1 && v.contains("height"))
      return {SyncStartPoint::Kind::Height, number("height")};
    throwInvalidParams(path + ": unknown variant, expected one of `date`, `height`, `earliest`");
  }
  static std::string ts() { return "{ date: number } | { height: number } | \"earliest\""; }
};

struct NoRpcData {
  static Json decode(const Json&, const std::string& path) {
    throwInvalidParams(path + ": invalid type: map, expected unit variant ZcoinRpcMode::Native");
  }
  static std::string ts() { return "null"; }
};

void checkServers(const std::vector<std::string>& urls, const std::string& path) {
  if (urls.size() > P::kMaxServers)
    throwInvalidParams(path + ": at most " + std::to_string(P::kMaxServers) + " servers");
  for (const std::string& url : urls) {
    if (url.empty() || url.size() > 2048) throwInvalidParams(path + ": empty or too long URL");
  }
}

// Light's rpc_data: serde's plain Vecs are required (electrum_servers under either name).
ObjectSchema<M> lightFields() {
  return ObjectSchema<M>()
      .optional("electrum_servers", &M::electrum_servers, "alias `servers`")
      .optional("servers", &M::servers, "alias of electrum_servers")
      .optional("min_connected", &M::min_connected)
      .optional("max_connected", &M::max_connected)
      .required("light_wallet_d_servers", &M::light_wallet_d_servers, nullptr, &checkServers)
      .optional<SyncStartField>("sync_params", &M::sync_params)
      .optional("skip_sync_params", &M::skip_sync_params)
      .then([](M& m, const ParamsReader& r) {
        if (!m.electrum_servers && !m.servers)
          throwInvalidParams(r.path() + ": missing field `electrum_servers`");
        if (!m.electrum_servers) m.electrum_servers = std::move(m.servers);
        if (m.electrum_servers->size() > P::kMaxServers)
          throwInvalidParams(r.path() + ".electrum_servers: at most " +
                             std::to_string(P::kMaxServers) + " servers");
      });
}

const TaggedSchema<M>& modeSchema() {
  static const auto s =
      TaggedSchema<M>("rpc", &M::rpc)
          .variant("Light", ObjectSchema<M>().nested("rpc_data", lightFields()))
          .variant("Electrum", ObjectSchema<M>().nested("rpc_data", lightFields()))
          .variant("Native", ObjectSchema<M>().optional<NoRpcData>("rpc_data", &M::no_rpc_data));
  return s;
}

struct ModeField {
  static M decode(const Json& v, const std::string& path) { return modeSchema().fromJson(v, path); }
  static std::string ts() { return modeSchema().ts(); }
};

}  // namespace

const ObjectSchema<ZcoinActivationParams>& ZcoinActivationParams::requestSchema() {
  static const auto s =
      ObjectSchema<P>()
          .optional<ModeField>("mode", &P::mode_field, "absent: Light with no servers")
          .optional("required_confirmations", &P::required_confirmations)
          .optional("requires_notarization", &P::requires_notarization)
          .optional("zcash_params_path", &P::zcash_params_path)
          .fallback("scan_blocks_per_iteration", &P::scan_blocks_per_iteration, 1000u, nullptr,
                    &inRange<1, 0xffffffffULL>)
          .fallback("scan_interval_ms", &P::scan_interval_ms, std::uint64_t{0})
          .fallback("account", &P::account, 0u, "HD wallets: the hardened account of the key");
  return s;
}

const ObjectSchema<ZcoinActivationParams>& ZcoinActivationParams::schema() {
  static const auto s = ObjectSchema<P>()
                            .required("ticker", &P::ticker)
                            .nested("activation_params", requestSchema(), "ZcoinActivationParams");
  return s;
}

}  // namespace walletd
