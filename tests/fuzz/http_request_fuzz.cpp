// Fuzz target: the daemon's HTTP/1.1 request parser and the Host/Origin gate. Checks that a
// Complete parse consumed no more than it was given and that refusals carry an error status.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "host-native/http/incoming_request.h"
#include "host-native/http/request_gate.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  walletd::HttpLimits limits;
  limits.max_body = 64 * 1024;
  std::string_view rest = input;
  for (int requests = 0; requests < 8 && !rest.empty(); ++requests) {
    walletd::IncomingRequest request;
    walletd::ParseResult r = walletd::parseHttpRequest(rest, limits, request);
    if (r.kind == walletd::ParseResult::Kind::Bad) {
      if (r.status < 400 || r.status > 599) std::abort();
      break;
    }
    if (r.kind == walletd::ParseResult::Kind::NeedMore) break;
    if (r.consumed == 0 || r.consumed > rest.size()) std::abort();
    if (const std::string* host = request.header("host")) {
      (void)walletd::hostAllowed(*host, walletd::GateSettings{"127.0.0.1", {"wallet.lan"}});
    }
    (void)walletd::originAllowed(request.header("origin"), "http://localhost:3000");
    std::string value;
    (void)request.queryParam("id", value);
    rest.remove_prefix(r.consumed);
  }
  return 0;
}
