// Envelope serialisation in KDF's field order.
#include "core/rpc/envelope.h"

namespace walletd {

namespace {
Json idJson(RequestId id) {
  return id ? Json(*id) : Json(nullptr);
}
}  // namespace

std::string successEnvelope(const Json& result, RequestId id) {
  Json out = Json::object();
  out["mmrpc"] = "2.0";
  out["result"] = result;
  out["id"] = idJson(id);
  return out.dump();
}

std::string errorEnvelope(const RpcError& error, RequestId id) {
  Json out = Json::object();
  out["mmrpc"] = "2.0";
  out["error"] = error.message();
  out["error_path"] = error.path();
  out["error_trace"] = error.trace();
  out["error_type"] = error.type();
  if (error.data()) out["error_data"] = *error.data();
  out["id"] = idJson(id);
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string legacyErrorBody(const std::string& message, SourceLocation where) {
  Json out = Json::object();
  out["error"] = where.stem() + ":" + std::to_string(where.line) + "] " + message;
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace walletd
