// Parses an HTTP body as one JSON text. Refusals never quote the body: a password can be in
// it (nlohmann's messages end with "last read: '<bytes>'", which is cut off here).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/rpc/json.h"

namespace walletd {

struct BodyParseError {
  enum class Kind { Syntax, NumberOutOfRange };
  Kind kind = Kind::Syntax;
  std::string message;
};

// The JSON value, or why the body is not one. Trailing bytes of any kind (a NUL included, which
// nlohmann would take for the end of input) are a syntax error.
std::optional<Json> parseRequestBody(std::string_view body, BodyParseError& error);

}  // namespace walletd
