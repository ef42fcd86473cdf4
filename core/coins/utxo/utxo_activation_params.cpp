// The params of task::enable_utxo::init.
#include "core/coins/utxo/utxo_activation_params.h"

namespace walletd {
namespace {

ElectrumServerParams serverFrom(const Json& value, const std::string& path) {
  ParamsReader r(value, path, false);
  ElectrumServerParams s;
  s.url = r.required<std::string>("url");
  if (s.url.empty() || s.url.size() > 2048)
    throwInvalidParams(r.fieldPath("url") + ": empty or too long");
  s.protocol = r.optionalOr<std::string>("protocol", "TCP");
  if (s.protocol != "TCP" && s.protocol != "SSL" && s.protocol != "WS" && s.protocol != "WSS") {
    throwInvalidParams(r.fieldPath("protocol") + ": unknown variant `" + s.protocol.substr(0, 40) +
                       "`, expected one of `TCP`, `SSL`, `WS`, `WSS`");
  }
  s.disable_cert_verification = r.optionalOr<bool>("disable_cert_verification", false);
  s.ws_url = r.optional<std::string>("ws_url");
  s.timeout_sec = r.optional<std::uint64_t>("timeout_sec");
  if (s.timeout_sec && (*s.timeout_sec == 0 || *s.timeout_sec > 600))
    throwInvalidParams(r.fieldPath("timeout_sec") + ": out of range 1..600");
  r.ignoreUnknown();
  return s;
}

// servers, min_connected, max_connected (rpc_data; the legacy `electrum` request's top level).
void parseServers(ParamsReader& data, UtxoActivationParams& p) {
  const Json servers = data.required<Json>("servers");
  if (!servers.is_array()) throwInvalidParams(data.fieldPath("servers") + ": expected an array");
  if (servers.empty() || servers.size() > UtxoActivationParams::kMaxServers) {
    throwInvalidParams(data.fieldPath("servers") + ": 1 to " +
                       std::to_string(UtxoActivationParams::kMaxServers) + " servers");
  }
  for (std::size_t i = 0; i < servers.size(); ++i)
    p.servers.push_back(
        serverFrom(servers[i], data.fieldPath("servers") + "[" + std::to_string(i) + "]"));
  p.min_connected = data.optional<std::uint32_t>("min_connected");
  p.max_connected = data.optional<std::uint32_t>("max_connected");
}

void parseMode(ParamsReader& a, UtxoActivationParams& p) {
  ParamsReader mode = a.object("mode");
  const std::string rpc = mode.required<std::string>("rpc");
  if (rpc == "Native") {
    // Adjacently tagged unit variant in KDF: `rpc_data` may be absent or null, nothing else.
    if (mode.optional<Json>("rpc_data"))
      throwInvalidParams(mode.fieldPath("rpc_data") +
                         ": invalid type: map, expected unit variant "
                         "UtxoRpcMode::Native");
    p.mode = UtxoActivationParams::Mode::Native;
    mode.ignoreUnknown();
    return;
  }
  if (rpc != "Electrum") {
    throwInvalidParams(mode.fieldPath("rpc") + ": unknown variant `" + rpc.substr(0, 40) +
                       "`, expected `Native` or `Electrum`");
  }
  p.mode = UtxoActivationParams::Mode::Electrum;
  ParamsReader data = mode.object("rpc_data");
  parseServers(data, p);
  data.ignoreUnknown();
  mode.ignoreUnknown();
}

UtxoMergeParams mergeFrom(ParamsReader r) {
  UtxoMergeParams m;
  m.merge_at = r.required<std::uint64_t>("merge_at");
  if (auto every = r.optional<Json>("check_every")) {
    if (!every->is_number() || every->get<double>() < 0)
      throwInvalidParams(r.fieldPath("check_every") + ": invalid type: " +
                         describeJsonType(*every) + ", expected a non-negative number of seconds");
    m.check_every = every->get<double>();
  }
  m.max_merge_at_once =
      r.optionalOr<std::uint64_t>("max_merge_at_once", UtxoMergeParams::kDefaultMaxMergeAtOnce);
  r.ignoreUnknown();
  return m;
}

}  // namespace

UtxoActivationParams UtxoActivationParams::parse(ParamsReader& r) {
  std::string ticker = r.required<std::string>("ticker");
  ParamsReader a = r.object("activation_params");
  UtxoActivationParams p = parseFields(a, std::move(ticker));
  a.ignoreUnknown();
  return p;
}

UtxoActivationParams UtxoActivationParams::parseFields(ParamsReader& a, std::string ticker) {
  UtxoActivationParams p;
  p.ticker = std::move(ticker);
  parseMode(a, p);
  p.parseCommon(a);
  return p;
}

UtxoActivationParams UtxoActivationParams::parseLegacy(ParamsReader& r, Mode mode) {
  UtxoActivationParams p;
  p.ticker = r.required<std::string>("coin");
  p.mode = mode;
  if (mode == Mode::Electrum) parseServers(r, p);
  p.parseCommon(r);
  // Swap settings KDF's legacy requests carry; walletd does no swaps.
  r.optional<Json>("mm2");
  r.optional<Json>("swap_contract_address");
  r.optional<Json>("fallback_swap_contract");
  return p;
}

void UtxoActivationParams::parseCommon(ParamsReader& a) {
  UtxoActivationParams& p = *this;
  if (auto merge = a.optional<Json>("utxo_merge_params"))
    p.merge_params = mergeFrom(ParamsReader(*merge, a.fieldPath("utxo_merge_params"), false));
  p.tx_history = a.optionalOr<bool>("tx_history", false);
  p.get_balances = a.optionalOr<bool>("get_balances", true);
  p.required_confirmations = a.optional<std::uint32_t>("required_confirmations");
  p.requires_notarization = a.optional<bool>("requires_notarization");
  if (a.has("address_format")) {
    ParamsReader f = a.object("address_format");
    p.address_format = f.required<std::string>("format");
    if (*p.address_format != "standard" && *p.address_format != "segwit" &&
        *p.address_format != "cashaddress") {
      throwInvalidParams(f.fieldPath("format") + ": unknown variant `" +
                         p.address_format->substr(0, 40) +
                         "`, expected one of `standard`, `segwit`, `cashaddress`");
    }
    f.optional<std::string>("network");
    f.ignoreUnknown();
  }
  if (auto policy = a.optional<PrivKeyPolicy>("priv_key_policy")) p.priv_key_policy = *policy;
  p.check_utxo_maturity = a.optional<bool>("check_utxo_maturity");
  if (auto path = a.optional<AddressPath>("path_to_address")) p.path_to_address = *path;
  p.gap_limit =
      a.optionalOr<std::uint32_t>("gap_limit", PlatformActivationParams::kDefaultGapLimit);
  if (p.gap_limit == 0 || p.gap_limit > PlatformActivationParams::kMaxGapLimit) {
    throwInvalidParams(a.fieldPath("gap_limit") + ": out of range 1.." +
                       std::to_string(PlatformActivationParams::kMaxGapLimit));
  }
  if (auto policy = a.optional<std::string>("scan_policy")) {
    if (*policy == "do_not_scan")
      p.scan_policy = ScanPolicy::DoNotScan;
    else if (*policy == "scan_if_new_wallet")
      p.scan_policy = ScanPolicy::ScanIfNewWallet;
    else if (*policy == "scan")
      p.scan_policy = ScanPolicy::Scan;
    else
      throwInvalidParams(a.fieldPath("scan_policy") + ": unknown variant `" +
                         policy->substr(0, 40) +
                         "`, expected one of `do_not_scan`, `scan_if_new_wallet`, `scan`");
  }
  p.min_addresses_number = a.optional<std::uint32_t>("min_addresses_number");
  if (p.min_addresses_number &&
      *p.min_addresses_number > PlatformActivationParams::kMaxAddressesPerAccount)
    throwInvalidParams(a.fieldPath("min_addresses_number") + ": at most " +
                       std::to_string(PlatformActivationParams::kMaxAddressesPerAccount));
}

const char* UtxoActivationParams::requestTypeDoc() {
  return "{ mode: { rpc: \"Native\" } | { rpc: \"Electrum\"; "
         "rpc_data: { servers: { url: string; protocol?: \"TCP\" | \"SSL\" | \"WS\" | \"WSS\"; "
         "disable_cert_verification?: boolean; ws_url?: string; timeout_sec?: number }[]; "
         "min_connected?: number; max_connected?: number } }; utxo_merge_params?: { merge_at: "
         "number; check_every?: number /* seconds, default 10 */; max_merge_at_once?: number /* "
         "default 100 */ }; tx_history?: boolean; "
         "get_balances?: boolean; required_confirmations?: number; requires_notarization?: "
         "boolean; address_format?: { format: \"standard\" | \"segwit\" | \"cashaddress\"; "
         "network?: string }; priv_key_policy?: PrivKeyPolicy; check_utxo_maturity?: boolean; "
         "path_to_address?: AddressPath; gap_limit?: number /* default 20 */; scan_policy?: "
         "\"do_not_scan\" | \"scan_if_new_wallet\" | \"scan\"; min_addresses_number?: number }";
}

}  // namespace walletd
