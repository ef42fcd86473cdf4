// The result type check: the TypeScript subset parsed and matched (exact object shapes, optional
// keys, unions, intersections with named types, arrays, Record), every type and result doc of
// the built-in method table parses, and a node answers ResultTypeMismatch for a method whose
// result breaks its declared type — the check that keeps the docs and the wire together.
#include <catch2/catch.hpp>

#include "core/coins/coin_family.h"
#include "core/node/method_list.h"
#include "core/rpc/result_type_check.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

std::optional<std::string> check(const std::string& type, const char* json,
                                 const std::map<std::string, std::string>& declared = {}) {
  std::map<std::string, std::shared_ptr<const TsType>> named;
  for (const auto& [name, definition] : declared) named[name] = TsType::parse(definition);
  const TsType::Resolver resolve = [&](const std::string& name) -> const TsType* {
    auto it = named.find(name);
    return it == named.end() ? nullptr : it->second.get();
  };
  return TsType::parse(type)->mismatch(Json::parse(json), resolve, "result");
}

}  // namespace

TEST_CASE("TsType: the method table's TypeScript subset, matched exactly") {
  CHECK_FALSE(check("{ a: string; b?: number /* units */ }", R"({"a":"x"})"));
  CHECK_FALSE(check("{ a: string; b?: number }", R"({"a":"x","b":2})"));
  CHECK(*check("{ a: string }", R"({"a":1})") == "result.a: a number where the type says string");
  CHECK(*check("{ a: string }", R"({"a":"x","extra":1})") ==
        "result.extra: not in the declared type");
  CHECK(*check("{ a: string; b: number }", R"({"a":"x"})") == "result.b: missing");
  CHECK(check("{ b?: number }", R"({"b":null})"));  // optional is not nullable
  CHECK_FALSE(check("{ b: number | null }", R"({"b":null})"));
  CHECK_FALSE(check(R"("success" | { status: "Ok" })", R"("success")"));
  CHECK(check(R"("success")", R"("Success")"));
  CHECK_FALSE(check("string[]", R"(["a","b"])"));
  CHECK(*check("(string | number)[]", R"(["a",true])") ==
        "result[1]: none of the union's types (result[1]: a boolean where the type says string; "
        "or result[1]: a boolean where the type says number)");
  CHECK_FALSE(check("Record<string, { n: number }>", R"({"x":{"n":1},"y":{"n":2}})"));
  CHECK(check("Record<string, { n: number }>", R"({"x":{"n":"1"}})"));
  const std::map<std::string, std::string> declared{{"Info", "{ id: number; name: string }"}};
  CHECK_FALSE(check("(Info & { enabled: boolean })[]", R"([{"id":1,"name":"a","enabled":true}])",
                    declared));
  CHECK(check("Info & { enabled: boolean }", R"({"id":1,"name":"a"})", declared));
  CHECK(check("Info & { enabled: boolean }", R"({"id":1,"name":"a","enabled":true,"x":0})",
              declared));
  CHECK(*check("Missing", "1") == "result: the type Missing is not declared");
  CHECK_THROWS_AS(TsType::parse("{ a: string"), std::invalid_argument);
  CHECK_THROWS_AS(TsType::parse("Record<number, string>"), std::invalid_argument);
}

TEST_CASE("every declared type and result of the built-in method table parses") {
  const MethodTable table = buildMethodTable(builtInFamilies());
  REQUIRE_NOTHROW(ResultTypeCheck(table));
}

namespace {

// A family with one method whose result is as the test says, declared as { answer: string }.
Json g_answer;

Task<Json> answerAsTold(RequestContext&, NoParams) {
  co_return g_answer;
}

// An element of `servers`: a type with its own parser and a declared text ({ url: string }),
// which reads `url` and, when `g_read_port`, `port`, which the text does not declare.
bool g_read_port = false;
struct Server {
  static Server fromJson(const Json& v, const std::string& path) {
    ParamsReader r(v, path);
    r.required<std::string>("url");
    if (g_read_port) r.optional<std::uint64_t>("port");
    return {};
  }
  static std::string tsType() { return "{ url: string }"; }
};

struct Inner {
  std::optional<std::string> a;
  static const ObjectSchema<Inner>& schema() {
    static const auto s = ObjectSchema<Inner>().optional("a", &Inner::a);
    return s;
  }
};

// Nested reads: `inner.a` and every `servers[i]`.
struct Nested {
  Inner inner;
  std::vector<Server> servers;
  static const ObjectSchema<Nested>& schema() {
    static const auto s = ObjectSchema<Nested>()
                              .required("inner", &Nested::inner)
                              .optionalKeep("servers", &Nested::servers);
    return s;
  }
};

Task<Json> nested(RequestContext&, Nested) {
  co_return Json("success");
}

class DriftFamily : public CoinFamily {
 public:
  std::string_view name() const override { return "Drift"; }
  std::vector<std::string_view> protocolTypes() const override { return {"DRIFT"}; }
  void registerMethods(MethodTable& t) const override {
    t.add({"drift::answer", "{ answer: string }", MethodAccess::Protected,
           typedHandler(&answerAsTold), nullptr});
    t.add(
        {"drift::nested", "\"success\"", MethodAccess::Protected, typedHandler(&nested), nullptr});
  }
  std::unique_ptr<AddressCodec> addressCodec(const CoinEntry&, const CoinsConfig&) const override {
    return nullptr;
  }
};

}  // namespace

TEST_CASE("a result that breaks its declared type is answered ResultTypeMismatch") {
  const CoinFamilies families({std::make_shared<DriftFamily>()});
  TestNode t(Json::object(), CoinsConfig(), families);
  int status = 0;
  g_answer = Json{{"answer", "yes"}};
  CHECK(t.rpc("drift::answer", nullptr, &status)["result"] == g_answer);
  CHECK(status == 200);
  g_answer = Json{{"answer", "yes"}, {"additional_info", 1}};
  const Json drifted = t.rpc("drift::answer", nullptr, &status);
  CHECK(status == 500);
  CHECK(drifted["error_type"] == "ResultTypeMismatch");
  CHECK(drifted["error"] ==
        "drift::answer answered a result that is not of its declared type: "
        "result.additional_info: not in the declared type");
  // The params docs come from the schema: what it parses is what it declares.
  CHECK(t.node.methods().find("drift::nested")->params_doc ==
        "{ inner: { a?: string }; servers?: { url: string }[] }");
  // A type with its own parser is checked along its path, through objects and array elements:
  // a field it reads that its declared text lacks is drift.
  const Json servers = Json{{"inner", {{"a", "x"}}}, {"servers", {{{"url", "u"}}, {{"url", "v"}}}}};
  CHECK(t.rpc("drift::nested", servers, &status)["result"] == "success");
  g_read_port = true;
  const Json deep = t.rpc("drift::nested", servers, &status);
  g_read_port = false;
  CHECK(status == 500);
  CHECK(deep["error"] ==
        "drift::nested reads the params field `servers[0].port`, which its declared params type "
        "does not have");
  // Without the check (a release build's default) the result goes out as it is.
  TestNode unchecked(Json{{"check_result_types", false}}, CoinsConfig(), families);
  CHECK(unchecked.rpc("drift::answer", nullptr, &status)["result"] == g_answer);
}
