// Decimal: the canonical form, and every JSON number KDF's BigDecimal takes — exponent forms
// included, as JS and Dart write small doubles (1e-05) — read without floating point.
#include <catch2/catch.hpp>

#include "core/encoding/decimal.h"

using namespace walletd;

namespace {
std::string text(const char* s) {
  const auto d = Decimal::fromText(s);
  return d ? d->str() : "<none>";
}
std::string json(const char* s) {
  const auto d = Decimal::fromJson(Json::parse(s));
  return d ? d->str() : "<none>";
}
}  // namespace

TEST_CASE("Decimal keeps the canonical form of plain decimals") {
  CHECK(text("12.50") == "12.50");
  CHECK(text("007") == "7");
  CHECK(text("-0.000") == "0.000");
  CHECK(text("1.") == "<none>");
  CHECK(text(".5") == "<none>");
  CHECK(text("1,5") == "<none>");
  CHECK(text("") == "<none>");
}

TEST_CASE("Decimal writes out an exponent, in strings and JSON numbers") {
  CHECK(text("1e-05") == "0.00001");
  CHECK(text("1E-5") == "0.00001");
  CHECK(text("1.5e3") == "1500");
  CHECK(text("1.2345e2") == "123.45");
  CHECK(text("-2.5e-3") == "-0.0025");
  CHECK(text("12e+2") == "1200");
  CHECK(text("0e5") == "0");
  CHECK(text("1e") == "<none>");
  CHECK(text("e5") == "<none>");
  CHECK(text("1e5x") == "<none>");
  CHECK(text("1e-200") == "<none>");   // more than 100 characters once written out
  CHECK(text("1e99999") == "<none>");  // never a huge allocation
  CHECK(json("1e-05") == "0.00001");
  CHECK(json("0.00001") == "0.00001");
  CHECK(json("2.5E-7") == "0.00000025");
  CHECK(json("1e21") == "1000000000000000000000");
  CHECK(json("0.1") == "0.1");
  CHECK(json("12") == "12");
  CHECK(json("\"0.5\"") == "0.5");
  CHECK(json("true") == "<none>");
}
