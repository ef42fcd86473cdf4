// The params of task::enable_utxo::init (KDF's InitStandaloneCoinReq<UtxoActivationParams>):
// {ticker, activation_params: {mode, ...}}. A field of the wrong type or out of range answers
// InvalidRequest naming it; unknown fields are ignored (KDF's UtxoActivationParams has no
// deny_unknown_fields, and the SDK sends coins-file fields such as txfee and pubtype here).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/coins/electrum_servers.h"
#include "core/coins/platform_activation_params.h"
#include "core/rpc/schema.h"
#include "core/wallet/hd/hd_objects.h"

namespace walletd {

// KDF's UtxoMergeParams: merge_at required, check_every in seconds (a float, default 10),
// max_merge_at_once default 100; no range checks at parse (the loop bounds what it does).
struct UtxoMergeParams {
  static constexpr double kDefaultCheckEverySeconds = 10;
  static constexpr std::uint32_t kDefaultMaxMergeAtOnce = 100;
  std::uint64_t merge_at = 0;
  double check_every = kDefaultCheckEverySeconds;
  std::uint64_t max_merge_at_once = kDefaultMaxMergeAtOnce;
  static const ObjectSchema<UtxoMergeParams>& schema();
};

struct UtxoActivationParams {
  static constexpr std::size_t kMaxServers = 16;

  std::string ticker;
  enum class Mode { Native, Electrum } mode = Mode::Native;
  std::string rpc;                            // the mode's tag as sent
  std::optional<bool> no_rpc_data;            // Native's rpc_data: only absent or null
  std::optional<Json> legacy_swap_settings;   // read from legacy requests, not used
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

  // {ticker, activation_params: UtxoActivationRequest} (task::enable_utxo::init).
  static const ObjectSchema<UtxoActivationParams>& schema();
  static std::string tsType() { return "UtxoActivationParams"; }
  // KDF's UtxoActivationParams (the declared UtxoActivationRequest): the mode and every common
  // field; BCH's request flattens them beside its own.
  static const ObjectSchema<UtxoActivationParams>& requestSchema();
  // The legacy `electrum` (Electrum mode: servers at the top level) and `enable` (Native mode)
  // requests: {coin, ...the activation fields at the top level}.
  static const ObjectSchema<UtxoActivationParams>& legacySchema(Mode mode);
};

}  // namespace walletd
