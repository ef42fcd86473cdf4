// RequestGate: which Host and Origin values the daemon answers. A browser page can reach a
// loopback port (DNS rebinding makes it even same-origin), so requests are refused unless the
// Host names this daemon and any Origin is one the configuration allows.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace walletd {

struct GateSettings {
  std::string rpcip;                       // the listen address; a specific one is a valid Host
  std::vector<std::string> allowed_hosts;  // rpc_allowed_hosts: extra names (no port)
};

// True when `host` (a Host header value, port allowed) is localhost, a 127.0.0.0/8 or [::1]
// literal, the configured rpcip, or an allowed name. Case-insensitive; a trailing dot is ignored.
bool hostAllowed(std::string_view host, const GateSettings& settings);

// True when there is no Origin (not a browser), or `allowed` is "*", or it equals `origin`
// (case-insensitive).
bool originAllowed(const std::string* origin, std::string_view allowed);

}  // namespace walletd
