// The Electrum servers of an activation request (KDF's ElectrumConnectionSettings: url, protocol,
// disable_cert_verification, timeout_sec, and the docs' ws_url), shared by the families that
// reach a coin's Electrum servers (UTXO, and ZHTLC's transparent side): their schema, what the
// host's connector opens for each, and the request timeout they ask for.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/platform/stream_connector.h"
#include "core/rpc/schema.h"

namespace walletd {

struct ElectrumServerParams {
  std::string url;
  std::string protocol = "TCP";  // TCP | SSL | WS | WSS
  bool disable_cert_verification = false;
  std::optional<std::string> ws_url;
  std::optional<std::uint64_t> timeout_sec;
  static const ObjectSchema<ElectrumServerParams>& schema();
};

// What the connector opens for each server (TCP: tcp://url; SSL: ssl://url; WSS: wss://ws_url
// or url; WS: ws://url), keeping only the servers whose protocol this host opens: coins files
// list servers of every protocol, and the browser opens only WS and WSS.
std::vector<StreamTarget> electrumTargets(const StreamConnector& connector,
                                          const std::vector<ElectrumServerParams>& servers);

// The request timeout: the smallest timeout_sec given, else ElectrumClient's default.
std::uint64_t electrumTimeoutMs(const std::vector<ElectrumServerParams>& servers);

}  // namespace walletd
