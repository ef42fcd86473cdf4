// RequestGate implementation.
#include "host-native/http/request_gate.h"

#include "host-native/http/ascii.h"

#include <algorithm>
#include <cctype>

namespace walletd {

namespace {

// "127.a.b.c" with each part a decimal 0-255 without leading zeros.
bool isLoopbackV4(std::string_view host) {
  int parts = 0;
  std::size_t start = 0;
  while (start <= host.size()) {
    std::size_t dot = host.find('.', start);
    std::string_view part = host.substr(start, dot == host.npos ? host.npos : dot - start);
    if (!allDigits(part) || part.size() > 3 || (part.size() > 1 && part[0] == '0')) return false;
    if (std::stoi(std::string(part)) > 255) return false;
    if (parts == 0 && part != "127") return false;
    ++parts;
    if (dot == host.npos) break;
    start = dot + 1;
  }
  return parts == 4;
}

// The host part of a Host value without its port; empty when malformed.
std::string hostName(std::string_view value) {
  if (value.empty()) return {};
  if (value.front() == '[') {
    std::size_t close = value.find(']');
    if (close == value.npos) return {};
    std::string_view rest = value.substr(close + 1);
    if (!rest.empty() && (rest.front() != ':' || !allDigits(rest.substr(1)))) return {};
    return asciiLower(value.substr(0, close + 1));
  }
  std::size_t colon = value.find(':');
  if (colon != value.npos) {
    if (!allDigits(value.substr(colon + 1))) return {};
    value = value.substr(0, colon);
  }
  std::string name = asciiLower(value);
  if (!name.empty() && name.back() == '.') name.pop_back();
  return name;
}

}  // namespace

bool hostAllowed(std::string_view host, const GateSettings& settings) {
  const std::string name = hostName(host);
  if (name.empty()) return false;
  if (name == "localhost" || name == "[::1]" || isLoopbackV4(name)) return true;
  const std::string ip = asciiLower(settings.rpcip);
  if (ip != "0.0.0.0" && ip != "::" && (name == ip || name == "[" + ip + "]")) return true;
  return std::any_of(settings.allowed_hosts.begin(), settings.allowed_hosts.end(),
                     [&](const std::string& allowed) { return hostName(allowed) == name; });
}

bool originAllowed(const std::string* origin, std::string_view allowed) {
  if (!origin) return true;
  if (allowed == "*") return true;
  return asciiLower(*origin) == asciiLower(allowed);
}

}  // namespace walletd
