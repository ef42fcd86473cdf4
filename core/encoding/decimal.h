// Decimal numbers on the wire: accepted as a JSON string or number, kept and answered as a
// string (KDF's BigDecimal serialises as a string), never through floating point. A plain value
// type: parsing answers nullopt, and the RPC layer (decodeDecimal) words the error.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/rpc/json.h"

namespace walletd {

class Decimal {
 public:
  static constexpr std::size_t kMaxChars = 100;

  Decimal() : text_("0") {}
  // "12.50", "-3", "007", "1e-05" → canonical text ("0.00001"); nullopt for anything else or
  // over kMaxChars (before and after the exponent is written out).
  static std::optional<Decimal> fromText(std::string_view text);
  // A JSON string or number (12.5 read through its shortest round-trip text); nullopt otherwise.
  static std::optional<Decimal> fromJson(const Json& value);
  const std::string& str() const { return text_; }
  bool negative() const { return text_[0] == '-'; }
  Json toJson() const { return Json(text_); }
  bool operator==(const Decimal& other) const { return text_ == other.text_; }

 private:
  explicit Decimal(std::string text) : text_(std::move(text)) {}
  std::string text_;
};

}  // namespace walletd
