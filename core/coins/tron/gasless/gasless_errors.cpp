// The nested Gasless error and provider-text sanitising.
#include "core/coins/tron/gasless/gasless_errors.h"

#include <cctype>

namespace walletd {

RpcError gaslessError(GaslessError kind, std::string message, std::optional<Json> data,
                      SourceLocation where) {
  const ErrorKindInfo inner = describe(kind);
  Json nested = Json::object();
  nested["error_type"] = std::string(inner.type);
  nested["error_data"] = data ? *data : Json(message);
  return RpcError(ErrorKindInfo{"Gasless", inner.http_status}, std::move(message),
                  std::move(nested), where);
}

std::string sanitizedProviderText(const std::string& text) {
  std::string out;
  bool space = false;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isspace(u) || std::iscntrl(u)) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
    if (out.size() >= 256) break;
  }
  return out.substr(0, 256);
}

}  // namespace walletd
