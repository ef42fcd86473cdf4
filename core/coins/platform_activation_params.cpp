// Parsing of the platform activation params.
#include "core/coins/platform_activation_params.h"

#include <algorithm>

#include "core/rpc/method_table.h"

namespace walletd {
namespace {

ScanPolicy scanPolicy(const std::string& text, const std::string& path) {
  if (text == "do_not_scan") return ScanPolicy::DoNotScan;
  if (text == "scan_if_new_wallet") return ScanPolicy::ScanIfNewWallet;
  if (text == "scan") return ScanPolicy::Scan;
  throwInvalidParams(path + ": unknown variant `" + text.substr(0, 100) +
                     "`, expected `do_not_scan`, `scan_if_new_wallet` or `scan`");
}

std::uint32_t boundedCount(ParamsReader& r, const char* key, std::uint32_t low, std::uint32_t high,
                           std::uint32_t value) {
  if (value < low || value > high) {
    throwInvalidParams(r.fieldPath(key) + ": " + std::to_string(value) + " is out of range " +
                       std::to_string(low) + ".." + std::to_string(high));
  }
  return value;
}

void parseHdParams(ParamsReader& r, PlatformActivationParams& p) {
  constexpr std::uint32_t kMax = PlatformActivationParams::kMaxAddressesPerAccount;
  if (auto path = r.optional<AddressPath>("path_to_address")) {
    p.path_to_address = *path;
    const std::uint32_t address_id = path->address_id.value_or(0);
    if (address_id >= kMax) {
      throwInvalidParams(r.fieldPath("path_to_address") + ".address_id: " +
                         std::to_string(address_id) + " is out of range: walletd tracks at most " +
                         std::to_string(kMax) + " addresses per account");
    }
  }
  if (auto gap = r.optional<std::uint32_t>("gap_limit"))
    p.gap_limit = boundedCount(r, "gap_limit", 1, PlatformActivationParams::kMaxGapLimit, *gap);
  if (auto min = r.optional<std::uint32_t>("min_addresses_number"))
    p.min_addresses_number = boundedCount(r, "min_addresses_number", 0, kMax, *min);
  if (auto scan = r.optional<std::string>("scan_policy"))
    p.scan_policy = scanPolicy(*scan, r.fieldPath("scan_policy"));
}

template <typename T>
std::vector<T> arrayOf(const Json& value, const std::string& path, const char* what) {
  if (!value.is_array()) throwInvalidParams(path + ": invalid type: expected an array of " + what);
  std::vector<T> out;
  for (std::size_t i = 0; i < value.size(); ++i)
    out.push_back(T::fromJson(value[i], path + "[" + std::to_string(i) + "]"));
  return out;
}

}  // namespace

TokenRequest TokenRequest::fromJson(const Json& value, const std::string& path) {
  ParamsReader r(value, path, false);
  TokenRequest t{r.required<std::string>("ticker"),
                 r.optional<std::uint32_t>("required_confirmations")};
  r.ignoreUnknown();  // KDF's inline `protocol` and family fields (e.g. `gasless`) among them
  return t;
}

PrivKeyPolicy PrivKeyPolicy::fromJson(const Json& value, const std::string& path) {
  PrivKeyPolicy policy;
  if (value.is_string()) {  // KDF's older form: "ContextPrivKey", "Trezor"
    policy.type = value.get<std::string>();
  } else if (value.is_object() && value.size() == 1 && !value.contains("type")) {
    // The older externally tagged form: {"WalletConnect": {session_topic}}
    policy.type = value.begin().key();
    policy.params = value.begin().value();
  } else {
    ParamsReader r(value, path, false);
    policy.type = r.required<std::string>("type");
    policy.params = r.optional<Json>("params").value_or(Json());
    r.ignoreUnknown();
  }
  for (const char* known : {"ContextPrivKey", "Trezor", "WalletConnect", "Metamask"}) {
    if (policy.type == known) return policy;
  }
  throwInvalidParams(path + ": unknown variant `" + policy.type.substr(0, 60) +
                     "`, expected one of `ContextPrivKey`, `Trezor`, `WalletConnect`, `Metamask`");
}

void PlatformActivationParams::declareTypes(MethodTable& t) {
  t.declare("CoinNode", "{ url: string; komodo_proxy?: boolean }");
  t.declare("AddressPath",
            "{ account_id: number; chain?: \"External\" | \"Internal\"; address_id: number } | { "
            "derivation_path: string }");
  t.declare("PrivKeyPolicy",
            "\"ContextPrivKey\" | \"Trezor\" | { type: \"ContextPrivKey\" | \"Trezor\" | "
            "\"Metamask\" } | { type: \"WalletConnect\"; params: { session_topic: string } }");
  t.declare("PlatformActivationParams",
            std::string("{ ticker: string; nodes?: CoinNode[] /* ws:// ones are skipped */; "
                        "erc20_tokens_requests?: { ticker: "
                        "string; required_confirmations?: number }[]; get_balances?: boolean "
                        "/* default ") +
                (kDefaultGetBalances ? "true" : "false") +
                " */; required_confirmations?: number; priv_key_policy?: PrivKeyPolicy; "
                "swap_contract_address?: string; fallback_swap_contract?: string; "
                "swap_v2_contracts?: { maker_swap_v2_contract?: string; "
                "taker_swap_v2_contract?: string; nft_maker_swap_v2_contract?: string }; "
                "path_to_address?: AddressPath; gap_limit?: number /* default " +
                std::to_string(kDefaultGapLimit) + ", at most " + std::to_string(kMaxGapLimit) +
                " */; scan_policy?: \"do_not_scan\" | \"scan_if_new_wallet\" | \"scan\" /* "
                "default scan_if_new_wallet */; min_addresses_number?: number; [other: string]: "
                "unknown /* KDF's other fields are ignored */ }");
}

PlatformActivationParams PlatformActivationParams::parse(ParamsReader& r) {
  PlatformActivationParams p;
  p.ticker = r.required<std::string>("ticker");
  // KDF: `#[serde(default)] nodes` (none is AtLeastOneNodeRequired at activation, not a parse
  // error); WebSocket nodes are skipped, the HTTP(S) ones serve.
  if (auto nodes = r.optional<Json>("nodes"))
    p.nodes = arrayOf<CoinNode>(*nodes, r.fieldPath("nodes"), "nodes");
  p.nodes.erase(std::remove_if(p.nodes.begin(), p.nodes.end(),
                               [](const CoinNode& node) { return node.websocket; }),
                p.nodes.end());
  if (p.nodes.size() > JsonRpcClient::kMaxNodes) {
    throwInvalidParams(r.fieldPath("nodes") + ": at most " +
                       std::to_string(JsonRpcClient::kMaxNodes) + " nodes are accepted, found " +
                       std::to_string(p.nodes.size()));
  }
  if (auto tokens = r.optional<Json>("erc20_tokens_requests"))
    p.tokens = arrayOf<TokenRequest>(*tokens, r.fieldPath("erc20_tokens_requests"), "tokens");
  p.get_balances = r.optionalOr<bool>("get_balances", kDefaultGetBalances);
  p.required_confirmations = r.optional<std::uint32_t>("required_confirmations");
  r.optional<bool>("requires_notarization");
  r.optional<bool>("tx_history");
  r.optional<bool>("contract_supports_watchers");
  r.optional<std::uint32_t>("mm2");
  // `Default` today, `Http` in older KDF versions (the same thing).
  if (auto mode = r.optional<std::string>("rpc_mode");
      mode && *mode != "Default" && *mode != "Http") {
    throwInvalidParams(r.fieldPath("rpc_mode") + ": unknown variant `" + mode->substr(0, 100) +
                       "`, expected `Default`");
  }
  p.swap_contract_address = r.optional<std::string>("swap_contract_address");
  p.fallback_swap_contract = r.optional<std::string>("fallback_swap_contract");
  if (auto contracts = r.optional<Json>("swap_v2_contracts")) {
    if (!contracts->is_object())
      throwInvalidParams(r.fieldPath("swap_v2_contracts") + ": invalid type: " +
                         describeJsonType(*contracts) + ", expected an object");
    p.swap_v2_contracts = *contracts;
  }
  if (auto policy = r.optional<PrivKeyPolicy>("priv_key_policy")) p.priv_key_policy = *policy;
  parseHdParams(r, p);
  r.ignoreUnknown();  // gas_station_url, gas_station_policy, nft_req, ... (KDF's serde default)
  p.raw = r.source();
  return p;
}

}  // namespace walletd
