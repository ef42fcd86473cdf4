// Decimal numbers on the wire: accepted as a JSON string or number, kept and answered as a
// string (KDF's BigDecimal serialises as a string), never through floating point.
#pragma once

#include <string>

#include "core/rpc/json.h"

namespace walletd {

class Decimal {
 public:
  Decimal() : text_("0") {}
  // Parses "12.50", "-3", 7 or 0.25; throws InvalidRequest naming `path` otherwise.
  static Decimal fromJson(const Json& value, const std::string& path);
  // Canonical text: no leading zeros, no "-0"; fractional digits kept as given.
  static bool parseText(const std::string& text, std::string& canonical);
  const std::string& str() const { return text_; }
  Json toJson() const { return Json(text_); }
  bool operator==(const Decimal& other) const { return text_ == other.text_; }

 private:
  explicit Decimal(std::string text) : text_(std::move(text)) {}
  std::string text_;
};

}  // namespace walletd
