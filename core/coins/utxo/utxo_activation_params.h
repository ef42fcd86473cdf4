// The params of task::enable_utxo::init (KDF's InitStandaloneCoinReq<UtxoActivationParams>):
// {ticker, activation_params: {mode, ...}}. A field of the wrong type or out of range answers
// InvalidRequest naming it; unknown fields are ignored (KDF's UtxoActivationParams has no
// deny_unknown_fields, and the SDK sends coins-file fields such as txfee and pubtype here).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/coins/platform_activation_params.h"
#include "core/rpc/params_reader.h"
#include "core/wallet/hd/hd_objects.h"

namespace walletd {

struct ElectrumServerParams {
  std::string url;
  std::string protocol = "TCP";  // TCP | SSL | WSS
  bool disable_cert_verification = false;
  std::optional<std::string> ws_url;
  std::optional<std::uint64_t> timeout_sec;
};

// KDF's UtxoMergeParams: merge_at required, check_every in seconds (a float, default 10),
// max_merge_at_once default 100; no range checks at parse (the loop bounds what it does).
struct UtxoMergeParams {
  static constexpr double kDefaultCheckEverySeconds = 10;
  static constexpr std::uint32_t kDefaultMaxMergeAtOnce = 100;
  std::uint64_t merge_at = 0;
  double check_every = kDefaultCheckEverySeconds;
  std::uint64_t max_merge_at_once = kDefaultMaxMergeAtOnce;
};

struct UtxoActivationParams {
  static constexpr std::size_t kMaxServers = 16;

  std::string ticker;
  enum class Mode { Native, Electrum } mode = Mode::Native;
  std::vector<ElectrumServerParams> servers;  // Electrum
  std::optional<std::uint32_t> min_connected;
  std::optional<std::uint32_t> max_connected;
  std::optional<UtxoMergeParams> merge_params;
  bool tx_history = false;
  bool get_balances = true;
  std::optional<std::uint32_t> required_confirmations;
  std::optional<bool> requires_notarization;
  std::optional<std::string> address_format;  // "standard" | "segwit" | "cashaddress"
  PrivKeyPolicy priv_key_policy;
  std::optional<bool> check_utxo_maturity;
  // HD wallets only.
  AddressPath path_to_address;
  std::uint32_t gap_limit = PlatformActivationParams::kDefaultGapLimit;
  ScanPolicy scan_policy = ScanPolicy::ScanIfNewWallet;
  std::optional<std::uint32_t> min_addresses_number;

  static UtxoActivationParams parse(ParamsReader& r);
  // The legacy `electrum` (Electrum mode: servers at the top level) and `enable` (Native mode)
  // requests: {coin, ...the activation fields at the top level}.
  static UtxoActivationParams parseLegacy(ParamsReader& r, Mode mode);
  // KDF's UtxoActivationParams fields (mode and the common ones) from `a`, leaving its unknown
  // fields to the caller (BCH's request flattens them beside its own).
  static UtxoActivationParams parseFields(ParamsReader& a, std::string ticker);
  // The TypeScript type of the fields parseFields reads (the declared UtxoActivationRequest);
  // the params are { ticker: string; activation_params: UtxoActivationRequest }.
  static const char* requestTypeDoc();

 private:
  // Every field after the mode (activation_params, or a legacy request's top level).
  void parseCommon(ParamsReader& a);
};

}  // namespace walletd
