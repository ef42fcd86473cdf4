// NodeConfig: the MM2.json keys the node understands, parsed and checked
// once. Unknown keys are ignored as KDF ignores them; a known key of the wrong type or value is a
// ConfigError with one clear sentence. Secrets are held but never printed.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/rpc/json.h"
#include "core/stream/stream_manager.h"

namespace walletd {

struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// walletd's own `wallet_connect` object (KDF hard-codes these): the relay and project id, each
// defaulting to KDF's constant, and how long a session request waits for the wallet.
struct WalletConnectConfig {
  static constexpr const char* kDefaultRelayUrl = "wss://relay.walletconnect.com";
  static constexpr const char* kDefaultProjectId = "86e916bcbacee7f98225dde86b697f5b";
  std::string relay_url = kDefaultRelayUrl;
  std::string project_id = kDefaultProjectId;
  std::uint64_t request_timeout_s = 300;  // the sign protocol's wc_sessionRequest TTL
};

// walletd's own `trezor` object (KDF reaches a Trezor over USB; walletd through Trezor Bridge):
// where Bridge answers, and how long task::init_trezor waits for a device to appear (KDF's 300 s).
// `transport` picks the link: "bridge" (both hosts), "usb" (the daemon, built with libusb), "udp"
// (the daemon: the emulator at `udp_address`) or "webusb" (the browser host).
struct TrezorConfig {
  static constexpr const char* kDefaultBridgeUrl = "http://127.0.0.1:21325";
  static constexpr const char* kDefaultUdpAddress = "127.0.0.1:21324";  // the emulator's
  std::string transport = "bridge";
  std::string bridge_url = kDefaultBridgeUrl;
  std::string udp_address = kDefaultUdpAddress;
  std::uint64_t connect_timeout_s = 300;
};

struct NodeConfig {
  std::optional<std::string> rpc_password;
  bool allow_weak_password = false;
  bool rpc_local_only = true;
  // walletd's own: check every mmrpc 2.0 result against its declared type (on in debug builds).
  bool check_result_types = false;
  std::string rpcip = "127.0.0.1";
  std::uint16_t rpcport = 7783;  // 0 = any free port
  std::string rpccors = "http://localhost:3000";
  std::vector<std::string> rpc_allowed_hosts;  // Host names answered besides loopback and rpcip
  std::string dbdir = "DB";
  bool enable_hd = false;
  std::optional<std::string> passphrase;       // secret
  std::optional<std::string> wallet_name;      // the mnemonic is stored encrypted under this name
  std::optional<std::string> wallet_password;  // secret
  StreamSettings streaming;                    // enabled when event_streaming_configuration is set
  WalletConnectConfig wallet_connect;
  TrezorConfig trezor;

  static NodeConfig fromJson(const Json& conf);
};

}  // namespace walletd
