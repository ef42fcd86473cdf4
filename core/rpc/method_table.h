// The method table: name -> params parsing, handler, result, access. It is the only place a
// method is registered; the dispatcher, `walletd --help`, the docs (docs/methods.md, the README's
// method list) and the npm package's TypeScript declarations are generated from it
// (`walletd --methods-json` → scripts/gen-method-docs.mjs).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/async/task.h"
#include "core/rpc/caller.h"
#include "core/rpc/json.h"
#include "core/rpc/params_reader.h"
#include "core/rpc/schema.h"

namespace walletd {

class Node;

struct RequestContext {
  Node& node;
  const Caller& caller;
  // Set by the dispatcher when it checks the docs (check_result_types): the adapters store the
  // paths of the params fields the method's parsers asked for ("params.nodes[0].url").
  std::set<std::string>* params_asked = nullptr;
};

enum class MethodAccess {
  Public,    // KDF's PUBLIC_METHODS: no userpass needed, reachable from any address
  Protected  // userpass required; loopback only when rpc_local_only
};

// A method's callable and the TypeScript type of the params it reads, taken from the params
// type's schema (schema.h) by typedHandler/legacyHandler: the docs come from what parses.
template <typename Arg>
struct HandlerOf {
  using Fn = std::function<Task<Json>(RequestContext&, const Json& arg)>;
  HandlerOf() = default;
  HandlerOf(std::nullptr_t) {}  // NOLINT(google-explicit-constructor): "no such form"
  HandlerOf(Fn fn, std::string doc) : call(std::move(fn)), params_doc(std::move(doc)) {}
  explicit operator bool() const { return static_cast<bool>(call); }
  Task<Json> operator()(RequestContext& ctx, const Json& arg) const { return call(ctx, arg); }
  Fn call;
  std::string params_doc;
};
struct V2Arg {};
struct LegacyArg {};
using MethodHandler = HandlerOf<V2Arg>;  // takes `params`
// A legacy (v1, no `mmrpc`) form: takes the whole request object, returns the bare body.
using LegacyHandler = HandlerOf<LegacyArg>;

struct MethodSpec {
  std::string name;
  // TypeScript type expressions; they may name the table's declared types.
  std::string result_doc;
  MethodAccess access = MethodAccess::Protected;
  MethodHandler handler;  // empty when the method exists only in KDF's legacy form
  LegacyHandler legacy;   // empty when the method exists only in mmrpc 2.0 form
  // Set by MethodTable::add from the handler's (or, legacy-only, the legacy form's) schema.
  std::string params_doc = {};
};

// The params doc of P: the name of its declared type when it has one (`P::tsType()`, declared
// from its schema by its registration), else its schema's type.
template <typename P>
std::string paramsDoc() {
  if constexpr (requires { P::tsType(); }) {
    return P::tsType();
  } else {
    return P::schema().ts();
  }
}

// Adapts a typed handler `Task<Json>(RequestContext&, P)` where P declares
// `static const auto& schema()` (schema.h), which parses it, decides its unknown fields (KDF's
// serde, per type: tests/clients/corpus is the proof) and is the params doc.
template <typename P>
MethodHandler typedHandler(Task<Json> (*fn)(RequestContext&, P)) {
  auto call = [fn](RequestContext& ctx, const Json& params) -> Task<Json> {
    std::optional<ParamsAskLog> asked;  // only when the dispatcher checks params
    if (ctx.params_asked) asked.emplace();
    ParamsReader reader(params, "params");
    P parsed = P::schema().parse(reader);
    if (asked) *ctx.params_asked = asked->paths();
    asked.reset();
    return fn(ctx, std::move(parsed));
  };
  return MethodHandler(std::move(call), paramsDoc<P>());
}

// Params of a method that takes none: whatever is sent is ignored (KDF's handlers that take no
// request, or `_req: Json`).
struct NoParams {
  static const ObjectSchema<NoParams>& schema() {
    static const auto s = ObjectSchema<NoParams>();
    return s;
  }
};

// KDF's unit-struct requests (GetEnabledCoinsRequest, GetAccountsRequest, ...): params absent,
// null or {}; a field is refused, as serde refuses a map for a unit struct.
struct UnitParams {
  static const ObjectSchema<UnitParams>& schema() {
    static const auto s = ObjectSchema<UnitParams>().unknownFields(UnknownFields::Deny);
    return s;
  }
};

// Parses a legacy request, whose params sit at the top level next to the envelope keys.
template <typename P>
P parseLegacyParams(const Json& request) {
  ParamsReader reader(request, "request");
  return P::schema().parse(reader);
}

// The legacy form of a typed handler: the same params read from the top level of the request.
template <typename P>
LegacyHandler legacyHandler(Task<Json> (*fn)(RequestContext&, P)) {
  auto call = [fn](RequestContext& ctx, const Json& request) -> Task<Json> {
    return fn(ctx, parseLegacyParams<P>(request));
  };
  return LegacyHandler(std::move(call), paramsDoc<P>());
}

// A named TypeScript type the method docs use: `export type <name> = <definition>`.
struct TypeDecl {
  std::string name;
  std::string definition;
};

// The legacy form that answers {"result": <the v2 result>}, as KDF's older methods do.
template <typename P>
LegacyHandler legacyResultHandler(Task<Json> (*fn)(RequestContext&, P)) {
  auto call = [fn](RequestContext& ctx, const Json& request) -> Task<Json> {
    Json result = co_await fn(ctx, parseLegacyParams<P>(request));
    co_return Json{{"result", std::move(result)}};
  };
  return LegacyHandler(std::move(call), paramsDoc<P>());
}

class MethodTable {
 public:
  void add(MethodSpec spec);
  // Declares a named type; declaring the same name twice must give the same definition.
  void declare(const std::string& name, std::string definition);
  const MethodSpec* find(const std::string& name) const;
  std::vector<const MethodSpec*> all() const;
  const std::map<std::string, std::string>& types() const { return types_; }
  // {types: [{name, definition}], methods: [{name, access, legacy, v2, params, result}]}
  Json describe() const;

 private:
  std::map<std::string, MethodSpec> methods_;
  std::map<std::string, std::string> types_;
};

}  // namespace walletd
