// The Host/Origin gate: DNS rebinding and cross-origin pages are refused, loopback works.
#include <catch2/catch.hpp>

#include "host-native/http/request_gate.h"

using namespace walletd;

TEST_CASE("Host: loopback names and addresses, the rpcip and the allow-list") {
  GateSettings gate{"127.0.0.1", {"wallet.lan"}};
  for (const char* ok :
       {"localhost", "LOCALHOST:7783", "127.0.0.1", "127.0.0.1:7783", "127.1.2.3:80", "[::1]:7783",
        "[::1]", "wallet.lan", "Wallet.LAN:7783", "localhost."}) {
    INFO(ok);
    REQUIRE(hostAllowed(ok, gate));
  }
  for (const char* bad :
       {"evil.example", "evil.example:7783", "127.0.0.1.evil.example", "localhost.evil.example",
        "128.0.0.1", "127.0.0.01", "127.0.0", "127.0.0.256", "", ":7783", "localhost:x", "[::2]",
        "[::1", "sub.wallet.lan"}) {
    INFO(bad);
    REQUIRE_FALSE(hostAllowed(bad, gate));
  }
  REQUIRE(hostAllowed("192.168.1.5:7783", GateSettings{"192.168.1.5", {}}));
  REQUIRE_FALSE(hostAllowed("0.0.0.0", GateSettings{"0.0.0.0", {}}));
}

TEST_CASE("Origin: none, the configured one, or any with *") {
  const std::string mine = "http://localhost:3000", evil = "http://evil.example", null = "null";
  REQUIRE(originAllowed(nullptr, "http://localhost:3000"));
  REQUIRE(originAllowed(&mine, "http://localhost:3000"));
  REQUIRE(originAllowed(&mine, "HTTP://LOCALHOST:3000"));
  REQUIRE_FALSE(originAllowed(&evil, "http://localhost:3000"));
  REQUIRE_FALSE(originAllowed(&null, "http://localhost:3000"));
  REQUIRE(originAllowed(&evil, "*"));
}
