// The schemas of ZcoinActivationParams. Light's rpc_data fields all have serde defaults in KDF,
// so an empty rpc_data parses and fails later (EmptyLightwalletdUris).
#include "core/coins/zhtlc/zhtlc_activation_params.h"

namespace walletd {
namespace {

using P = ZcoinActivationParams;

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

ObjectSchema<P> lightFields() {
  return ObjectSchema<P>()
      .optional<AnyValue>("electrum_servers", &P::electrum_servers,
                          "alias `servers`; read, the transparent side is not used yet")
      .optional<AnyValue>("servers", &P::servers, "alias of electrum_servers")
      .optional("min_connected", &P::min_connected)
      .optional("max_connected", &P::max_connected)
      .fallback("light_wallet_d_servers", &P::light_wallet_d_servers, {}, nullptr, &checkServers)
      .optional<SyncStartField>("sync_params", &P::sync_params)
      .fallback("skip_sync_params", &P::skip_sync_params, false);
}

const TaggedSchema<P>& modeSchema() {
  static const auto s =
      TaggedSchema<P>("rpc", &P::rpc)
          .variant("Light", ObjectSchema<P>().nested("rpc_data", lightFields()))
          .variant("Electrum", ObjectSchema<P>().nested("rpc_data", lightFields()))
          .variant("Native", ObjectSchema<P>().optional<NoRpcData>("rpc_data", &P::no_rpc_data));
  return s;
}

}  // namespace

const ObjectSchema<ZcoinActivationParams>& ZcoinActivationParams::requestSchema() {
  static const auto s =
      ObjectSchema<P>()
          .tagged("mode", modeSchema())
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
