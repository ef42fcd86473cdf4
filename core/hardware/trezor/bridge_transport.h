// Trezor Bridge (trezord, 127.0.0.1:21325 by default): every call a POST — /enumerate lists
// devices, /acquire/<path>/null opens a session, /call/<session> sends one message as hex and
// answers the device's reply, /release/<session> closes it. Reached through the host's HttpClient.
#pragma once

#include <string>

#include "core/hardware/trezor/transport.h"
#include "core/platform/http_client.h"

namespace walletd::trezor {

class BridgeOpener : public TransportOpener {
 public:
  BridgeOpener(HttpClient& http, std::string base_url);
  Task<std::unique_ptr<Transport>> openOnly() override;

 private:
  HttpClient& http_;
  std::string base_url_;
};

}  // namespace walletd::trezor
