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

using MethodHandler = std::function<Task<Json>(RequestContext&, const Json& params)>;
// A legacy (v1, no `mmrpc`) form: takes the whole request object, returns the bare body.
using LegacyHandler = std::function<Task<Json>(RequestContext&, const Json& request)>;

struct MethodSpec {
  std::string name;
  // TypeScript type expressions; they may name the table's declared types. `{}` for no params.
  std::string params_doc;
  std::string result_doc;
  MethodAccess access = MethodAccess::Protected;
  MethodHandler handler;  // empty when the method exists only in KDF's legacy form
  LegacyHandler legacy;   // empty when the method exists only in mmrpc 2.0 form
};

// Adapts a typed handler `Task<Json>(RequestContext&, P)` where P has
// `static P parse(ParamsReader&)`; the framework parses and ignores unknown fields, as KDF does:
// none of its params types denies unknown fields (tests/clients/corpus is the proof).
template <typename P>
MethodHandler typedHandler(Task<Json> (*fn)(RequestContext&, P)) {
  return [fn](RequestContext& ctx, const Json& params) -> Task<Json> {
    std::optional<ParamsAskLog> asked;  // only when the dispatcher checks params
    if (ctx.params_asked) asked.emplace();
    ParamsReader reader(params, "params");
    P parsed = P::parse(reader);
    if (asked) {
      *ctx.params_asked = asked->paths();
      asked.reset();
    }
    reader.ignoreUnknown();
    return fn(ctx, std::move(parsed));
  };
}

// Params of a method that takes none: whatever is sent is ignored (KDF's handlers that take no
// request, or `_req: Json`).
struct NoParams {
  static NoParams parse(ParamsReader&) { return {}; }
};

// KDF's unit-struct requests (GetEnabledCoinsRequest, GetAccountsRequest, ...): params absent,
// null or {}; a field is refused, as serde refuses a map for a unit struct.
struct UnitParams {
  static UnitParams parse(ParamsReader& r) {
    r.rejectUnknown();
    return {};
  }
};

// Parses a legacy request, whose params sit at the top level next to the envelope keys.
template <typename P>
P parseLegacyParams(const Json& request) {
  ParamsReader reader(request, "request");
  P parsed = P::parse(reader);
  reader.ignoreUnknown();
  return parsed;
}

// The legacy form of a typed handler: the same params read from the top level of the request.
template <typename P>
LegacyHandler legacyHandler(Task<Json> (*fn)(RequestContext&, P)) {
  return [fn](RequestContext& ctx, const Json& request) -> Task<Json> {
    return fn(ctx, parseLegacyParams<P>(request));
  };
}

// A named TypeScript type the method docs use: `export type <name> = <definition>`.
struct TypeDecl {
  std::string name;
  std::string definition;
};

// The legacy form that answers {"result": <the v2 result>}, as KDF's older methods do.
template <typename P>
LegacyHandler legacyResultHandler(Task<Json> (*fn)(RequestContext&, P)) {
  return [fn](RequestContext& ctx, const Json& request) -> Task<Json> {
    Json result = co_await fn(ctx, parseLegacyParams<P>(request));
    co_return Json{{"result", std::move(result)}};
  };
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
