// version (public; {result, datetime}) and stop ("success"), each in legacy and mmrpc 2.0 form.
#include "core/node/node_methods.h"

#include "core/node/node.h"

namespace walletd {

namespace {

Json versionResult() {
  Json out = Json::object();
  out["result"] = buildInfo().version;
  out["datetime"] = buildInfo().datetime;
  return out;
}

Task<Json> version(RequestContext&, NoParams) {
  co_return versionResult();
}
Task<Json> versionLegacy(RequestContext&, NoParams) {
  co_return versionResult();
}

Task<Json> stop(RequestContext& ctx, NoParams) {
  ctx.node.requestStop();
  co_return Json("success");
}

// KDF's legacy stop takes any request and answers {"result": "success"}.
Task<Json> stopLegacy(RequestContext& ctx, NoParams) {
  ctx.node.requestStop();
  co_return Json{{"result", "success"}};
}

}  // namespace

void registerNodeMethods(MethodTable& t) {
  t.add({"version", "{ result: string; datetime: string }", MethodAccess::Public,
         typedHandler(&version), legacyHandler(&versionLegacy)});
  t.add({"stop", "\"success\"", MethodAccess::Protected, typedHandler(&stop),
         legacyHandler(&stopLegacy)});
}

}  // namespace walletd
