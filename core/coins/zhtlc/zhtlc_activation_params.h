// The params of task::enable_z_coin::init: KDF's {ticker, activation_params:
// ZcoinActivationParams}. The mode is Light (alias Electrum) with its rpc_data —
// electrum_servers (alias servers), light_wallet_d_servers, sync_params, skip_sync_params — or
// Native, which walletd refuses (no komodod wallet RPC). Every other field has KDF's default.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/coins/electrum_servers.h"
#include "core/rpc/schema.h"

namespace walletd {

// sync_params: {"date": unix seconds}, {"height": h} or "earliest".
struct SyncStartPoint {
  enum class Kind { Date, Height, Earliest } kind = Kind::Earliest;
  std::uint64_t value = 0;
};

// KDF's ZcoinRpcMode, tagged by `rpc` with its content in `rpc_data`: Light (alias Electrum) or
// Native. Light needs both server lists (electrum_servers, alias servers).
struct ZcoinRpcMode {
  std::string rpc = "Light";  // "Light", "Electrum" or "Native"
  std::optional<Json> no_rpc_data;
  // The transparent side's Electrum servers (after parsing, `servers` is moved here).
  std::optional<std::vector<ElectrumServerParams>> electrum_servers, servers;
  std::optional<std::uint64_t> min_connected, max_connected;
  std::vector<std::string> light_wallet_d_servers;
  std::optional<SyncStartPoint> sync_params;
  std::optional<bool> skip_sync_params;
};

// KDF's ZcoinActivationParams (serde default on the whole struct: every field may be absent; an
// absent mode is Light with empty lists, which activation refuses as EmptyLightwalletdUris).
struct ZcoinActivationParams {
  static constexpr std::size_t kMaxServers = 32;

  std::string ticker;
  std::optional<ZcoinRpcMode> mode_field;
  std::optional<std::uint64_t> required_confirmations;
  std::optional<bool> requires_notarization;
  std::optional<std::string> zcash_params_path;
  std::uint32_t scan_blocks_per_iteration = 1000;
  std::uint64_t scan_interval_ms = 0;
  std::uint32_t account = 0;

  ZcoinRpcMode mode() const { return mode_field.value_or(ZcoinRpcMode{}); }

  static const ObjectSchema<ZcoinActivationParams>& schema();
  static const ObjectSchema<ZcoinActivationParams>& requestSchema();  // activation_params
  static std::string tsType() { return "EnableZCoinParams"; }
};

}  // namespace walletd
