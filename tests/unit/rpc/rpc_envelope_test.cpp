// Envelope shapes (KDF's test_mm_rpc_response_serialize), error path/trace, params reader errors.
#include <catch2/catch.hpp>

#include "core/rpc/envelope.h"
#include "core/rpc/params_reader.h"

using namespace walletd;

namespace {
enum class TestError { NotSufficientBalance };
ErrorKindInfo describe(TestError) {
  return {"NotSufficientBalance", 400};
}
}  // namespace

TEST_CASE("success envelope has mmrpc, result, id in KDF's order") {
  REQUIRE(successEnvelope(Json("Success"), std::nullopt) ==
          R"({"mmrpc":"2.0","result":"Success","id":null})");
  REQUIRE(successEnvelope(Json::object(), 2) == R"({"mmrpc":"2.0","result":{},"id":2})");
}

TEST_CASE("error envelope matches KDF's field order, path and trace format") {
  Json data = Json::object();
  data["missing"] = 123;
  RpcError e = rpcError(TestError::NotSufficientBalance,
                        "Not sufficient balance. Top up your balance by 123", data,
                        SourceLocation{"/src/mm2src/mm2_rpc/src/mm_protocol.rs", 209});
  REQUIRE(
      errorEnvelope(e, std::nullopt) ==
      R"({"mmrpc":"2.0","error":"Not sufficient balance. Top up your balance by 123","error_path":"mm_protocol","error_trace":"mm_protocol:209]","error_type":"NotSufficientBalance","error_data":{"missing":123},"id":null})");
  REQUIRE(e.httpStatus() == 400);
}

TEST_CASE("error_path lists file stems outermost first without repeats") {
  RpcError e = rpcError(TestError::NotSufficientBalance, "x", std::nullopt,
                        SourceLocation{"a/utxo.cpp", 778});
  e.traced(SourceLocation{"b/lp_coins.cpp", 1104}).traced(SourceLocation{"b/lp_coins.cpp", 1200});
  e.traced(SourceLocation{"c/rpc.cpp", 392});
  REQUIRE(e.path() == "rpc.lp_coins.utxo");
  REQUIRE(e.trace() == "rpc:392] lp_coins:1200] lp_coins:1104] utxo:778]");
  REQUIRE(errorEnvelope(e, 7).find("\"error_data\"") == std::string::npos);  // unit variant
}

TEST_CASE("params reader names the field in every refusal") {
  Json params = Json::parse(R"({"name": 5, "count": -1, "big": 4294967296, "extra": true})");
  auto message = [](auto&& fn) {
    try {
      fn();
    } catch (const RpcError& e) {
      REQUIRE(e.type() == "InvalidRequest");
      REQUIRE(e.httpStatus() == 400);
      REQUIRE(e.data()->get<std::string>() + "" ==
              e.message().substr(std::string("Error parsing request: ").size()));
      return e.data()->get<std::string>();
    }
    return std::string("no error");
  };
  ParamsReader r(params, "params");
  REQUIRE(message([&] { r.required<std::string>("name"); }) ==
          "params.name: invalid type: an integer, expected a string");
  REQUIRE(message([&] { r.required<std::uint64_t>("count"); }) ==
          "params.count: invalid value: -1, expected a non-negative integer");
  REQUIRE(message([&] { r.required<std::uint32_t>("big"); }) ==
          "params.big: invalid value: 4294967296, expected an integer at most 4294967295");
  REQUIRE(message([&] { r.required<std::string>("absent"); }) == "params: missing field `absent`");
  REQUIRE(message([&] { r.rejectUnknown(); }).rfind("params: unknown field `extra`", 0) == 0);
  REQUIRE(message([&] { ParamsReader(Json::array(), "params"); }) ==
          "params: invalid type: an array, expected an object");
}
