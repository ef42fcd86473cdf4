// The method table: name -> params parsing, handler, result, access. It is the only place a
// method is registered; the dispatcher, `walletd --help` and the docs read it.
#pragma once

#include <functional>
#include <map>
#include <optional>
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
  std::string params_doc;  // one-line params summary for --help and the docs
  std::string result_doc;  // one-line result summary
  MethodAccess access = MethodAccess::Protected;
  MethodHandler handler;
  LegacyHandler legacy;  // empty when the method exists only in mmrpc 2.0 form
};

// Adapts a typed handler `Task<Json>(RequestContext&, P)` where P has
// `static P parse(ParamsReader&)`; the framework parses and rejects unknown fields.
template <typename P>
MethodHandler typedHandler(Task<Json> (*fn)(RequestContext&, P)) {
  return [fn](RequestContext& ctx, const Json& params) -> Task<Json> {
    ParamsReader reader(params, "params");
    P parsed = P::parse(reader);
    reader.rejectUnknown();
    return fn(ctx, std::move(parsed));
  };
}

// Parses a legacy request, whose params sit at the top level next to the envelope keys.
template <typename P>
P parseLegacyParams(const Json& request) {
  ParamsReader reader(request, "request");
  P parsed = P::parse(reader);
  reader.rejectUnknown({"userpass", "method", "mmrpc", "id"});
  return parsed;
}

// The legacy form of a typed handler: the same params read from the top level of the request.
template <typename P>
LegacyHandler legacyHandler(Task<Json> (*fn)(RequestContext&, P)) {
  return [fn](RequestContext& ctx, const Json& request) -> Task<Json> {
    return fn(ctx, parseLegacyParams<P>(request));
  };
}

class MethodTable {
 public:
  void add(MethodSpec spec);
  const MethodSpec* find(const std::string& name) const;
  std::vector<const MethodSpec*> all() const;

 private:
  std::map<std::string, MethodSpec> methods_;
};

}  // namespace walletd
