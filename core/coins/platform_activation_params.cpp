// Parsing of the platform activation params.
#include "core/coins/platform_activation_params.h"

#include <algorithm>

#include "core/rpc/method_table.h"
#include "core/rpc/schema.h"

namespace walletd {

constexpr const char* kScanPolicies[] = {"do_not_scan", "scan_if_new_wallet", "scan"};

ScanPolicy ScanPolicyField::decode(const Json& v, const std::string& path) {
  const std::string text = Literals<kScanPolicies>::decode(v, path);
  if (text == "do_not_scan") return ScanPolicy::DoNotScan;
  return text == "scan" ? ScanPolicy::Scan : ScanPolicy::ScanIfNewWallet;
}

std::string ScanPolicyField::ts() {
  return Literals<kScanPolicies>::ts();
}

// How a scan policy default is shown in the docs (ADL from schema.h).
std::string showDefault(ScanPolicy policy) {
  return policy == ScanPolicy::DoNotScan ? "do_not_scan"
         : policy == ScanPolicy::Scan    ? "scan"
                                         : "scan_if_new_wallet";
}

namespace {

// A count within low..high: "<path>: N is out of range low..high".
template <std::uint32_t low, std::uint32_t high>
void checkCount(const std::uint32_t& value, const std::string& path) {
  if (value < low || value > high) {
    throwInvalidParams(path + ": " + std::to_string(value) + " is out of range " +
                       std::to_string(low) + ".." + std::to_string(high));
  }
}

void checkAddressPath(const AddressPath& path_to_address, const std::string& path) {
  constexpr std::uint32_t kMax = PlatformActivationParams::kMaxAddressesPerAccount;
  const std::uint32_t address_id = path_to_address.address_id.value_or(0);
  if (address_id >= kMax) {
    throwInvalidParams(path + ".address_id: " + std::to_string(address_id) +
                       " is out of range: walletd tracks at most " + std::to_string(kMax) +
                       " addresses per account");
  }
}

// KDF's SwapV2Contracts (read by the family from the JSON).
struct SwapV2Contracts {
  std::optional<std::string> maker, taker, nft_maker;
  static const ObjectSchema<SwapV2Contracts>& schema() {
    static const auto s = ObjectSchema<SwapV2Contracts>()
                              .optional("maker_swap_v2_contract", &SwapV2Contracts::maker)
                              .optional("taker_swap_v2_contract", &SwapV2Contracts::taker)
                              .optional("nft_maker_swap_v2_contract", &SwapV2Contracts::nft_maker);
    return s;
  }
};

constexpr const char* kRpcModes[] = {"Default", "Http"};  // `Http` in older KDF: the same

// KDF: `#[serde(default)] nodes` (none is AtLeastOneNodeRequired at activation, not a parse
// error); WebSocket nodes are skipped, the HTTP(S) ones serve.
void keepHttpNodes(PlatformActivationParams& p, const ParamsReader& r) {
  p.nodes.erase(std::remove_if(p.nodes.begin(), p.nodes.end(),
                               [](const CoinNode& node) { return node.websocket; }),
                p.nodes.end());
  if (p.nodes.size() > JsonRpcClient::kMaxNodes) {
    throwInvalidParams(r.fieldPath("nodes") + ": at most " +
                       std::to_string(JsonRpcClient::kMaxNodes) + " nodes are accepted, found " +
                       std::to_string(p.nodes.size()));
  }
  p.raw = r.source();
}

}  // namespace

const ObjectSchema<TokenRequest>& TokenRequest::schema() {
  // KDF's inline `protocol` and family fields (e.g. `gasless`) are among the ignored ones.
  static const auto s =
      ObjectSchema<TokenRequest>()
          .required("ticker", &TokenRequest::ticker)
          .optional("required_confirmations", &TokenRequest::required_confirmations);
  return s;
}

namespace {

// WalletConnect's params: the session's topic.
struct SessionTopic {
  std::string session_topic;
  static const ObjectSchema<SessionTopic>& schema() {
    static const auto s =
        ObjectSchema<SessionTopic>().required("session_topic", &SessionTopic::session_topic);
    return s;
  }
};

constexpr const char* kBarePolicies[] = {"ContextPrivKey", "Trezor", "WalletConnect",
                                         "SessionWallet"};

// The bare string form; a session wallet's string (the official SDK's form for non-EVM
// protocols) lacks the topic the policy needs.
void setPolicyType(PrivKeyPolicy& p, std::string type) {
  if (type == "WalletConnect" || type == "SessionWallet") {
    throwInvalidParams("priv_key_policy: " + type + " needs the session's topic: " +
                       R"({"type":"WalletConnect","params":{"session_topic":"<topic>"}})");
  }
  p.type = std::move(type);
}

// The spec's session-wallet `data`: the topic, or a one-element list holding it.
struct SessionData {
  static std::string decode(const Json& v, const std::string& path) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_array() && v.size() == 1 && v[0].is_string()) return v[0].get<std::string>();
    throwInvalidParams(path + ": invalid type: " + describeJsonType(v) +
                       ", expected the session topic (a string or a one-element list)");
  }
  static std::string ts() { return "string | string[]"; }
};

// The topic of a WalletConnect policy in any of its forms: params.session_topic (KDF), a flat
// session_topic (the Flutter SDK) or data (the spec).
void resolveSessionTopic(PrivKeyPolicy& p, const ParamsReader&) {
  if (p.params.is_object() && p.params.value("session_topic", Json()).is_string())
    p.session_topic = p.params["session_topic"].get<std::string>();
  if (p.session_topic.empty())
    throwInvalidParams("priv_key_policy: missing field `session_topic` (params.session_topic)");
}

}  // namespace

const AlternativesSchema<PrivKeyPolicy>& PrivKeyPolicy::schema() {
  using P = PrivKeyPolicy;
  static const auto s =
      AlternativesSchema<P>()
          .string<Literals<kBarePolicies>>(&setPolicyType)
          .keyed("type",
                 TaggedSchema<P>("type", &P::type)
                     .variant("ContextPrivKey", ObjectSchema<P>())
                     .variant("Trezor", ObjectSchema<P>())
                     .variant("Metamask", ObjectSchema<P>())
                     .variant("WalletConnect",
                              ObjectSchema<P>()
                                  .optionalKeep<Checked<SessionTopic>>("params", &P::params)
                                  .optionalKeep("session_topic", &P::session_topic)
                                  .then(&resolveSessionTopic))
                     .variant("SessionWallet", ObjectSchema<P>()
                                                   .required<SessionData>("data", &P::session_topic)
                                                   .then(&resolveSessionTopic)))
          .keyed("WalletConnect", ObjectSchema<P>()
                                      .required<Checked<SessionTopic>>("WalletConnect", &P::params)
                                      .then([](P& p, const ParamsReader& reader) {
                                        p.type = "WalletConnect";
                                        resolveSessionTopic(p, reader);
                                      }));
  return s;
}

void PlatformActivationParams::declareTypes(MethodTable& t) {
  t.declare("CoinNode", CoinNode::declaredType());
  t.declare("AddressPath", AddressPath::declaredType());
  t.declare("PrivKeyPolicy", PrivKeyPolicy::schema().ts());
  t.declare("PlatformActivationParams", schema().ts());
}

const ObjectSchema<PlatformActivationParams>& PlatformActivationParams::schema() {
  using P = PlatformActivationParams;
  static const auto s =
      ObjectSchema<P>()
          .required("ticker", &P::ticker)
          .optionalKeep("nodes", &P::nodes, "ws:// ones are skipped")
          .optionalKeep("erc20_tokens_requests", &P::tokens)
          .fallback("get_balances", &P::get_balances, kDefaultGetBalances)
          .optional("required_confirmations", &P::required_confirmations)
          .optional("requires_notarization", &P::requires_notarization, "read, unused")
          .optional("tx_history", &P::tx_history, "read, unused")
          .optional("contract_supports_watchers", &P::contract_supports_watchers, "read, unused")
          .optional("mm2", &P::mm2, "read, unused")
          .optional<Literals<kRpcModes>>("rpc_mode", &P::rpc_mode)
          .optionalKeep("priv_key_policy", &P::priv_key_policy)
          .optional("swap_contract_address", &P::swap_contract_address)
          .optional("fallback_swap_contract", &P::fallback_swap_contract)
          .optionalKeep<Checked<SwapV2Contracts>>("swap_v2_contracts", &P::swap_v2_contracts)
          .optionalKeep("path_to_address", &P::path_to_address, nullptr, &checkAddressPath)
          .fallback("gap_limit", &P::gap_limit, kDefaultGapLimit, "at most 1000",
                    &checkCount<1, kMaxGapLimit>)
          .fallback<ScanPolicyField>("scan_policy", &P::scan_policy, ScanPolicy::ScanIfNewWallet)
          .optional("min_addresses_number", &P::min_addresses_number, nullptr,
                    &checkCount<0, kMaxAddressesPerAccount>)
          .unknownFields(UnknownFields::Open, "KDF's other fields are ignored")
          .then(&keepHttpNodes);
  return s;
}

}  // namespace walletd
