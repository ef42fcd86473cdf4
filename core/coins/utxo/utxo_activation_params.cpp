// The params of task::enable_utxo::init, the legacy electrum/enable requests and (flattened)
// BCH's: one schema per request shape, composed from KDF's UtxoActivationParams fields.
#include "core/coins/utxo/utxo_activation_params.h"

namespace walletd {
namespace {

using P = UtxoActivationParams;
constexpr const char* kAddressFormats[] = {"standard", "segwit", "cashaddress"};

void checkServerCount(const std::vector<ElectrumServerParams>& servers, const std::string& path) {
  if (servers.empty() || servers.size() > P::kMaxServers)
    throwInvalidParams(path + ": 1 to " + std::to_string(P::kMaxServers) + " servers");
}

void checkMinAddresses(const std::uint32_t& count, const std::string& path) {
  if (count > PlatformActivationParams::kMaxAddressesPerAccount)
    throwInvalidParams(path + ": at most " +
                       std::to_string(PlatformActivationParams::kMaxAddressesPerAccount));
}

// check_every: a non-negative number of seconds.
struct SecondsField {
  static double decode(const Json& v, const std::string& path) {
    if (!v.is_number() || v.get<double>() < 0)
      throwInvalidParams(path + ": invalid type: " + describeJsonType(v) +
                         ", expected a non-negative number of seconds");
    return v.get<double>();
  }
  static std::string ts() { return "number"; }
};

// KDF's adjacently tagged unit variant: Native's `rpc_data` may be absent or null, nothing else.
struct NoRpcData {
  static bool decode(const Json&, const std::string& path) {
    throwInvalidParams(path + ": invalid type: map, expected unit variant UtxoRpcMode::Native");
  }
  static std::string ts() { return "null"; }
};

// Electrum's rpc_data (and the legacy `electrum` request's top level).
ObjectSchema<P> electrumServerFields() {
  return ObjectSchema<P>()
      .required("servers", &P::servers, nullptr, &checkServerCount)
      .optional("min_connected", &P::min_connected)
      .optional("max_connected", &P::max_connected);
}

// KDF's UtxoRpcMode, tagged by `rpc`.
const TaggedSchema<P>& modeSchema() {
  static const auto s =
      TaggedSchema<P>("rpc", &P::rpc)
          .variant("Native", ObjectSchema<P>().optional<NoRpcData>("rpc_data", &P::no_rpc_data))
          .variant("Electrum", ObjectSchema<P>().nested("rpc_data", electrumServerFields()));
  return s;
}

// {format, network?}: the format is kept; `network` is read (cashaddress's) and not used.
struct AddressFormat {
  std::string format;
  std::optional<std::string> network;
  static const ObjectSchema<AddressFormat>& schema() {
    static const auto s = ObjectSchema<AddressFormat>()
                              .required<Literals<kAddressFormats>>("format", &AddressFormat::format)
                              .optional("network", &AddressFormat::network);
    return s;
  }
};

struct AddressFormatField {
  static std::string decode(const Json& v, const std::string& path) {
    return AddressFormat::schema().fromJson(v, path).format;
  }
  static std::string ts() { return AddressFormat::schema().ts(); }
};

// Every field after the mode (activation_params, or a legacy request's top level).
ObjectSchema<P> commonFields() {
  return ObjectSchema<P>()
      .optional("utxo_merge_params", &P::merge_params)
      .fallback("tx_history", &P::tx_history, false)
      .fallback("get_balances", &P::get_balances, true)
      .optional("required_confirmations", &P::required_confirmations)
      .optional("requires_notarization", &P::requires_notarization)
      .optional<AddressFormatField>("address_format", &P::address_format)
      .optionalKeep("priv_key_policy", &P::priv_key_policy)
      .optional("check_utxo_maturity", &P::check_utxo_maturity)
      .optionalKeep("path_to_address", &P::path_to_address)
      .fallback("gap_limit", &P::gap_limit, PlatformActivationParams::kDefaultGapLimit, nullptr,
                &inRange<1, PlatformActivationParams::kMaxGapLimit>)
      .fallback<ScanPolicyField>("scan_policy", &P::scan_policy, ScanPolicy::ScanIfNewWallet)
      .optional("min_addresses_number", &P::min_addresses_number, nullptr, &checkMinAddresses);
}

// Swap settings KDF's legacy requests carry; walletd does no swaps.
ObjectSchema<P> legacySwapFields() {
  return ObjectSchema<P>()
      .optional<AnyValue>("mm2", &P::legacy_swap_settings, "read, unused")
      .optional<AnyValue>("swap_contract_address", &P::legacy_swap_settings, "read, unused")
      .optional<AnyValue>("fallback_swap_contract", &P::legacy_swap_settings, "read, unused");
}

}  // namespace

const ObjectSchema<UtxoMergeParams>& UtxoMergeParams::schema() {
  using M = UtxoMergeParams;
  static const auto s = ObjectSchema<M>()
                            .required("merge_at", &M::merge_at)
                            .fallback<SecondsField>("check_every", &M::check_every,
                                                    kDefaultCheckEverySeconds, "seconds")
                            .fallback("max_merge_at_once", &M::max_merge_at_once,
                                      std::uint64_t{kDefaultMaxMergeAtOnce});
  return s;
}

const ObjectSchema<UtxoActivationParams>& UtxoActivationParams::requestSchema() {
  static const auto s = ObjectSchema<P>()
                            .tagged("mode", modeSchema())
                            .include(commonFields())
                            .then([](P& p, const ParamsReader&) {
                              p.mode = p.rpc == "Electrum" ? Mode::Electrum : Mode::Native;
                            });
  return s;
}

const ObjectSchema<UtxoActivationParams>& UtxoActivationParams::schema() {
  static const auto s = ObjectSchema<P>()
                            .required("ticker", &P::ticker)
                            .nested("activation_params", requestSchema(), "UtxoActivationRequest");
  return s;
}

const ObjectSchema<UtxoActivationParams>& UtxoActivationParams::legacySchema(Mode mode) {
  static const auto electrum =
      ObjectSchema<P>()
          .required("coin", &P::ticker)
          .include(electrumServerFields())
          .include(commonFields())
          .include(legacySwapFields())
          .then([](P& p, const ParamsReader&) { p.mode = Mode::Electrum; });
  static const auto native = ObjectSchema<P>()
                                 .required("coin", &P::ticker)
                                 .include(commonFields())
                                 .include(legacySwapFields())
                                 .then([](P& p, const ParamsReader&) { p.mode = Mode::Native; });
  return mode == Mode::Electrum ? electrum : native;
}

}  // namespace walletd
