// Who sent a request: the host fills this in (peer address natively; "in-process" in browsers).
#pragma once

#include <string>

namespace walletd {

struct Caller {
  std::string address;      // IP address text, used for rate limiting and bans
  bool is_loopback = true;  // 127.0.0.0/8, ::1, or an in-process caller
};

}  // namespace walletd
