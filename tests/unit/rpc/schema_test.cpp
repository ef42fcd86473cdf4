// Schemas (core/rpc/schema.h): one declaration parses, applies defaults and checks, decides
// unknown fields, and writes the TypeScript type — asserted here on toy params types, with
// serde's error wording; and every method of the built-in table has a params doc that parses.
#include <catch2/catch.hpp>

#include "core/coins/coin_family.h"
#include "core/coins/platform_activation_params.h"
#include "core/node/method_list.h"
#include "core/rpc/result_type_check.h"
#include "core/rpc/schema.h"

using namespace walletd;

namespace {

constexpr const char* kColors[] = {"red", "green", "blue"};

void checkSmall(const std::uint32_t& v, const std::string& path) {
  if (v > 9) throwInvalidParams(path + ": at most 9");
}

struct Toy {
  std::string name;
  std::optional<std::string> color;
  std::uint32_t count = 0;
  bool loud = false;
  std::vector<std::string> tags;
  static const ObjectSchema<Toy>& schema() {
    static const auto s = ObjectSchema<Toy>()
                              .required("name", &Toy::name)
                              .optional<Literals<kColors>>("color", &Toy::color)
                              .fallback("count", &Toy::count, 3u, "at most 9", &checkSmall)
                              .fallback("loud", &Toy::loud, false)
                              .optionalKeep("tags", &Toy::tags);
    return s;
  }
};

struct Strict {
  std::string a;
  static const ObjectSchema<Strict>& schema() {
    static const auto s =
        ObjectSchema<Strict>().required("a", &Strict::a).unknownFields(UnknownFields::Deny);
    return s;
  }
};

struct Either {
  std::optional<std::string> hex;
  std::optional<Json> json;
  static const ObjectSchema<Either>& schema() {
    static const auto s = ObjectSchema<Either>()
                              .optional("hex", &Either::hex)
                              .optional("json", &Either::json)
                              .exactlyOneOf({"hex", "json"});
    return s;
  }
};

struct Shape {
  std::string kind;
  std::uint32_t side = 0;
  Toy toy;
  static const TaggedSchema<Shape>& schema() {
    static const auto s =
        TaggedSchema<Shape>("kind", &Shape::kind)
            .variant("dot", ObjectSchema<Shape>())
            .variant("square", ObjectSchema<Shape>().required("side", &Shape::side))
            .variant("toy", Toy::schema().as(&Shape::toy));
    return s;
  }
};

// Raises what parsing `json` as P raises, or "" when it parses.
template <typename P>
std::string refusal(const char* json) {
  try {
    const Json v = Json::parse(json);
    ParamsReader r(v, "params");
    P::schema().parse(r);
    return "";
  } catch (const RpcError& e) {
    return e.message();
  }
}

template <typename P>
P parsed(const char* json) {
  const Json v = Json::parse(json);
  ParamsReader r(v, "params");
  return P::schema().parse(r);
}

}  // namespace

TEST_CASE("a schema writes the TypeScript type of what it parses") {
  CHECK(Toy::schema().ts() ==
        "{ name: string; color?: \"red\" | \"green\" | \"blue\"; count?: number /* default 3, "
        "at most 9 */; loud?: boolean /* default false */; tags?: string[] }");
  CHECK(Either::schema().ts() == "{ hex: string } | { json: object }");
  CHECK(Shape::schema().ts().rfind("{ kind: \"dot\" } | { kind: \"square\"; side: number } | "
                                   "{ kind: \"toy\"; name: string; ",
                                   0) == 0);
  CHECK(tsArrayOf("{ a: string }") == "{ a: string }[]");
  CHECK(tsArrayOf("string | number") == "(string | number)[]");
  CHECK(tsArrayOf("{ a: A | B }") == "{ a: A | B }[]");
}

TEST_CASE("a schema applies defaults, checks and serde's wording") {
  const Toy toy = parsed<Toy>(R"({"name": "x", "extra": 1})");
  CHECK(toy.count == 3);
  CHECK(!toy.loud);
  CHECK(!toy.color);
  CHECK(parsed<Toy>(R"({"name": "x", "color": null, "count": 9})").count == 9);
  CHECK(refusal<Toy>("{}") == "Error parsing request: params: missing field `name`");
  CHECK(refusal<Toy>(R"({"name": "x", "count": 10})") ==
        "Error parsing request: params.count: at most 9");
  CHECK(refusal<Toy>(R"({"name": "x", "color": "pink"})") ==
        "Error parsing request: params.color: unknown variant `pink`, expected one of `red`, "
        "`green`, `blue`");
  CHECK(refusal<Toy>(R"({"name": 1})").find("params.name") != std::string::npos);
  CHECK(refusal<Toy>(R"({"name": "x", "tags": ["a", 2]})").find("params.tags[1]") !=
        std::string::npos);
}

TEST_CASE("a schema decides unknown fields per type") {
  CHECK(refusal<Toy>(R"({"name": "x", "unknown": true})").empty());
  CHECK(refusal<Strict>(R"({"a": "x", "b": 1})") ==
        "Error parsing request: params: unknown field `b`, expected one of `a`");
}

TEST_CASE("exactly one of two fields, and tagged variants") {
  CHECK(parsed<Either>(R"({"hex": "00"})").hex == "00");
  CHECK(refusal<Either>("{}") ==
        "Error parsing request: params: expected exactly one of `hex` and `json`");
  CHECK(refusal<Either>(R"({"hex": "00", "json": {}})") ==
        "Error parsing request: params: expected exactly one of `hex` and `json`");
  CHECK(parsed<Shape>(R"({"kind": "square", "side": 4})").side == 4);
  const Shape toy = parsed<Shape>(R"({"kind": "toy", "name": "t"})");
  CHECK(toy.kind == "toy");
  CHECK(toy.toy.name == "t");
  CHECK(toy.toy.count == 3);
  CHECK(refusal<Shape>(R"({"kind": "circle"})") ==
        "Error parsing request: params.kind: unknown variant `circle`, expected one of `dot`, "
        "`square`, `toy`");
  CHECK(refusal<Shape>(R"({"kind": "square"})") ==
        "Error parsing request: params: missing field `side`");
}

TEST_CASE("every built-in method's params doc is its schema's, and parses") {
  const MethodTable table = buildMethodTable(builtInFamilies());
  REQUIRE_NOTHROW(ResultTypeCheck(table));
  for (const MethodSpec* m : table.all()) {
    INFO(m->name);
    CHECK(!m->params_doc.empty());
    CHECK_NOTHROW(TsType::parse(m->params_doc));
  }
}

TEST_CASE("a type sent in several forms: KDF's PrivKeyPolicy and WithdrawFromInfo") {
  const auto policy = [](const char* text) {
    return PrivKeyPolicy::fromJson(Json::parse(text), "params.priv_key_policy");
  };
  CHECK(policy(R"("Trezor")").type == "Trezor");
  CHECK(policy(R"({"type":"Metamask"})").type == "Metamask");
  const PrivKeyPolicy wc = policy(R"({"type":"WalletConnect","params":{"session_topic":"ab"}})");
  CHECK((wc.type == "WalletConnect" && wc.params["session_topic"] == "ab"));
  CHECK(policy(R"({"WalletConnect":{"session_topic":"cd"}})").params["session_topic"] == "cd");
  // Every form of the session wallet leaves the topic in session_topic: KDF's two, the Flutter
  // SDK's flat one, the spec's `data` (a string or a one-element list).
  CHECK(wc.session_topic == "ab");
  CHECK(policy(R"({"WalletConnect":{"session_topic":"cd"}})").session_topic == "cd");
  CHECK(policy(R"({"WalletConnect":{"session_topic":"cd"}})").sessionWallet());
  CHECK(policy(R"({"type":"WalletConnect","session_topic":"ef"})").sessionWallet());
  CHECK(policy(R"({"type":"WalletConnect","session_topic":"ef"})").session_topic == "ef");
  const PrivKeyPolicy spec = policy(R"({"type":"SessionWallet","data":"12"})");
  CHECK((spec.sessionWallet() && spec.session_topic == "12"));
  CHECK(policy(R"({"type":"SessionWallet","data":["34"]})").session_topic == "34");
  const auto refusal = [&](const char* text) {
    try {
      policy(text);
    } catch (const RpcError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK_THAT(refusal(R"("IguanaPrivKey")"),
             Catch::Contains(
                 "unknown variant `IguanaPrivKey`, expected one of `ContextPrivKey`, `Trezor`"));
  CHECK_THAT(refusal(R"({"type":"WalletConnect"})"),
             Catch::Contains("missing field `session_topic`"));
  CHECK_THAT(refusal(R"("WalletConnect")"),
             Catch::Contains("WalletConnect needs the session's topic"));
  CHECK_THAT(refusal(R"({"type":"SessionWallet","data":["a","b"]})"),
             Catch::Contains("expected the session topic"));
  CHECK_THAT(refusal(R"({"type":"WalletConnect","params":{}})"),
             Catch::Contains("params.priv_key_policy.params: missing field `session_topic`"));
  CHECK_THAT(refusal(R"({"type":"Trezor","WalletConnect":{"session_topic":"x"}})"),
             Catch::Contains("`WalletConnect` belongs to another form"));
  CHECK_THAT(refusal("5"),
             Catch::Contains("invalid type: an integer, expected a string or an object"));
  CHECK(PrivKeyPolicy::schema().ts() ==
        "\"ContextPrivKey\" | \"Trezor\" | \"WalletConnect\" | \"SessionWallet\" | "
        "{ type: \"ContextPrivKey\" } | { type: \"Trezor\" } | { type: \"Metamask\" } | "
        "{ type: \"WalletConnect\"; params?: { session_topic: string }; session_topic?: string } | "
        "{ type: \"SessionWallet\"; data: string | string[] } | "
        "{ WalletConnect: { session_topic: string } }");

  CHECK(WithdrawFromInfo::schema().ts() ==
        "{ derivation_path: string } | { account_id: number; chain: \"External\" | \"Internal\"; "
        "address_id: number }");
  CHECK_THROWS_WITH(
      WithdrawFromInfo::fromJson(Json::parse(R"({"derivation_path":"m/1","chain":"External"})"),
                                 "params.from"),
      Catch::Contains("params.from: `chain` belongs to another form"));
  // null reads as absent, as for every optional field: the key-path form is read.
  CHECK(WithdrawFromInfo::fromJson(
            Json::parse(
                R"({"derivation_path":null,"account_id":1,"chain":"Internal","address_id":2})"),
            "params.from")
            .address_id == 2);
}
