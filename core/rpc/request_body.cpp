// parseRequestBody implementation.
#include "core/rpc/request_body.h"

namespace walletd {

namespace {

// nlohmann's message without its "[json.exception...] " prefix and without anything from
// "; last read:" on (the echoed input).
std::string withoutInputBytes(std::string_view what) {
  if (std::size_t prefix = what.find("] ");
      what.rfind("[json.exception", 0) == 0 && prefix != std::string_view::npos) {
    what.remove_prefix(prefix + 2);
  }
  if (std::size_t echo = what.find("; last read:"); echo != std::string_view::npos) {
    what = what.substr(0, echo);
  }
  return std::string(what);
}

}  // namespace

std::optional<Json> parseRequestBody(std::string_view body, BodyParseError& error) {
  if (std::size_t nul = body.find('\0'); nul != std::string_view::npos) {
    error = {BodyParseError::Kind::Syntax, "parse error at byte " + std::to_string(nul + 1) +
                                               ": a NUL byte is not allowed in a JSON text"};
    return std::nullopt;
  }
  try {
    return Json::parse(body);
  } catch (const Json::out_of_range&) {
    error = {BodyParseError::Kind::NumberOutOfRange,
             "a number in the request is out of range (beyond a 64-bit float)"};
  } catch (const Json::exception& e) {
    error = {BodyParseError::Kind::Syntax, withoutInputBytes(e.what())};
  }
  return std::nullopt;
}

}  // namespace walletd
