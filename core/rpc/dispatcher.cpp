// Dispatcher implementation. The sequence of checks is the contract; see dispatcher.h.
#include "core/rpc/dispatcher.h"

#include <set>

#include "core/async/cancellation.h"
#include "core/async/sleep.h"
#include "core/crypto/constant_time.h"
#include "core/rpc/dispatcher_errors.h"
#include "core/rpc/request_body.h"
#include "core/rpc/request_limits.h"

namespace walletd {

namespace {

HttpAnswer errorAnswer(const RpcError& e, RequestId id) {
  return HttpAnswer{e.httpStatus(), errorEnvelope(e, id)};
}

HttpAnswer legacyError(const std::string& message, int status = 500,
                       SourceLocation where = SourceLocation::current()) {
  return HttpAnswer{status, legacyErrorBody(message, where)};
}

// `id` as KDF reads it for dispatcher-level errors: an unsigned integer, else null.
RequestId lenientId(const Json& request) {
  auto it = request.find("id");
  if (it != request.end() && it->is_number_unsigned()) return it->get<std::uint64_t>();
  if (it != request.end() && it->is_number_integer() && it->get<std::int64_t>() >= 0) {
    return static_cast<std::uint64_t>(it->get<std::int64_t>());
  }
  return std::nullopt;
}

RpcError invalidRequest(const std::string& detail,
                        SourceLocation where = SourceLocation::current()) {
  return rpcError(DispatcherError::InvalidRequest, "Error parsing request: " + detail, Json(detail),
                  where);
}

RpcError rateLimited(SourceLocation where = SourceLocation::current()) {
  return rpcError(DispatcherError::AuthRateLimited,
                  "Too many wrong passwords are waiting for their answers; try again later", Json(),
                  where);
}

// Converts anything a handler threw into the error the caller sees.
RpcError toRpcError(std::exception_ptr error) {
  try {
    std::rethrow_exception(error);
  } catch (const RpcError& e) {
    return e;
  } catch (const OperationCancelled&) {
    return rpcError(CommonError::InternalError, "Internal error: the request was cancelled",
                    Json("cancelled"));
  } catch (const std::exception& e) {
    return rpcError(CommonError::InternalError, std::string("Internal error: ") + e.what(),
                    Json(e.what()));
  } catch (...) {
    return rpcError(CommonError::InternalError, "Internal error: unknown failure",
                    Json("unknown failure"));
  }
}

struct V2Request {
  std::string method;
  Json params;
  RequestId id;
  std::optional<Json> userpass;
};

// KDF's MmRpcRequest: exactly these keys, `method` required, `id` an unsigned integer.
V2Request parseV2(const Json& request) {
  static const char* const kKeys[] = {"mmrpc", "userpass", "method", "params", "id"};
  for (auto it = request.begin(); it != request.end(); ++it) {
    bool known = false;
    for (const char* k : kKeys) known = known || it.key() == k;
    if (!known) {
      throw invalidRequest("unknown field `" + it.key() +
                           "`, expected one of `mmrpc`, `userpass`, `method`, `params`, `id`");
    }
  }
  V2Request out;
  auto method = request.find("method");
  if (method == request.end()) throw invalidRequest("missing field `method`");
  if (!method->is_string()) {
    throw invalidRequest("method: invalid type: " + describeJsonType(*method) +
                         ", expected a string");
  }
  out.method = method->get<std::string>();
  if (auto params = request.find("params"); params != request.end()) out.params = *params;
  if (auto id = request.find("id"); id != request.end() && !id->is_null()) {
    out.id = lenientId(request);
    if (!out.id) {
      throw invalidRequest("id: invalid type: " + describeJsonType(*id) +
                           ", expected an unsigned integer");
    }
  }
  if (auto up = request.find("userpass"); up != request.end()) out.userpass = *up;
  return out;
}

}  // namespace

Dispatcher::Dispatcher(Node& node, const MethodTable& methods, RpcSettings settings,
                       Executor& executor, const Clock& clock)
    : node_(node),
      methods_(methods),
      settings_(std::move(settings)),
      executor_(executor),
      clock_(clock) {
  if (settings_.check_result_types) result_types_ = std::make_unique<ResultTypeCheck>(methods_);
}

Task<HttpAnswer> Dispatcher::handleHttp(std::string_view http_method, std::string body,
                                        Caller caller) {
  if (http_method != "POST") co_return legacyError("Only POST requests are supported!");
  if (body.size() > RequestLimits::kMaxBodyBytes) {
    co_return legacyError("Request body of " + std::to_string(body.size()) +
                              " bytes exceeds the limit of " +
                              std::to_string(RequestLimits::kMaxBodyBytes) + " bytes",
                          413);
  }
  if (jsonNestingDepth(body, RequestLimits::kMaxJsonDepth) > RequestLimits::kMaxJsonDepth) {
    co_return legacyError("JSON nesting deeper than " +
                          std::to_string(RequestLimits::kMaxJsonDepth) + " levels");
  }
  BodyParseError parse_error;
  std::optional<Json> parsed = parseRequestBody(body, parse_error);
  if (!parsed) {
    // KDF answers a body that is not JSON with 500 and serde's text; a number beyond a double
    // is an InvalidRequest envelope here (serde reads it as a parse error as well).
    if (parse_error.kind == BodyParseError::Kind::NumberOutOfRange) {
      co_return errorAnswer(invalidRequest(parse_error.message), std::nullopt);
    }
    co_return legacyError(parse_error.message);
  }
  Json request = std::move(*parsed);
  if (request.is_array()) co_return co_await handleBatch(std::move(request), caller);
  co_return co_await handleRequest(std::move(request), caller);
}

Task<HttpAnswer> Dispatcher::handleBatch(Json batch, const Caller& caller) {
  if (batch.size() > RequestLimits::kMaxBatch) {
    co_return legacyError("Batch of " + std::to_string(batch.size()) +
                              " requests exceeds the limit of " +
                              std::to_string(RequestLimits::kMaxBatch),
                          400);
  }
  // Elements run one after another (KDF runs them concurrently; the answers are the same).
  std::string body = "[";
  for (std::size_t i = 0; i < batch.size(); ++i) {
    HttpAnswer one = co_await handleRequest(std::move(batch[i]), caller);
    if (i > 0) body += ',';
    body += one.body;
  }
  body += ']';
  co_return HttpAnswer{200, std::move(body)};
}

Task<HttpAnswer> Dispatcher::handleRequest(Json request, const Caller& caller) {
  if (!request.is_object()) {
    co_return errorAnswer(invalidRequest("invalid type: " + describeJsonType(request) +
                                         ", expected a request object"),
                          std::nullopt);
  }
  auto mmrpc = request.find("mmrpc");
  if (mmrpc == request.end() || mmrpc->is_null()) {
    co_return co_await handleLegacy(std::move(request), caller);
  }
  if (!mmrpc->is_string() || mmrpc->get<std::string>() != "2.0") {
    std::string found = mmrpc->is_string() ? "unknown variant `" + mmrpc->get<std::string>() + "`"
                                           : "invalid type: " + describeJsonType(*mmrpc);
    std::string detail = found + ", expected `2.0`";
    co_return errorAnswer(rpcError(DispatcherError::InvalidMmRpcVersion,
                                   "Error parsing mmrpc version: " + detail, Json(detail)),
                          lenientId(request));
  }
  co_return co_await handleV2(std::move(request), caller);
}

Task<Dispatcher::PasswordCheck> Dispatcher::checkPassword(const Json& userpass,
                                                          const Caller& caller) {
  PasswordCheck check;
  if (!limiter_.checksOpen()) {
    if (!limiter_.mayWaitForCheck()) {
      check.outcome = PasswordCheck::RateLimited;
      co_return check;
    }
    limiter_.enterCheckWait();
    while (!limiter_.checksOpen()) co_await sleepFor(executor_, AuthLimiter::kIntervalMs);
    limiter_.leaveCheckWait();
  }
  const std::string expected = settings_.rpc_password.value_or("");
  if (constantTimeEquals(userpass.get<std::string>(), expected)) {
    limiter_.recordSuccess(caller);
    check.outcome = PasswordCheck::Right;
    co_return check;
  }
  check.attempts_left = limiter_.recordFailure(caller);
  if (std::uint64_t wait = limiter_.scheduleWrongAnswer(clock_.monotonicMillis()); wait > 0) {
    co_await sleepFor(executor_, wait);
  }
  limiter_.releaseWrongAnswer();
  co_return check;
}

Task<HttpAnswer> Dispatcher::handleV2(Json request, const Caller& caller, bool admitted) {
  V2Request parsed;
  try {
    parsed = parseV2(request);
  } catch (const RpcError& e) {
    co_return errorAnswer(e, lenientId(request));
  }
  const MethodSpec* spec = methods_.find(parsed.method);
  const bool is_public = spec && spec->access == MethodAccess::Public;

  if (!admitted && settings_.rpc_local_only && !caller.is_loopback && !is_public) {
    co_return errorAnswer(rpcError(DispatcherError::LocalHostOnly,
                                   "Selected method can be called from localhost only!"),
                          parsed.id);
  }
  if (!admitted && limiter_.isBanned(caller)) {
    co_return errorAnswer(rpcError(DispatcherError::Banned, "Your ip is banned."), parsed.id);
  }
  if (!admitted && !is_public) {
    if (!parsed.userpass || !parsed.userpass->is_string()) {
      co_return errorAnswer(rpcError(DispatcherError::UserpassIsNotSet, "Userpass is not set!"),
                            parsed.id);
    }
    const PasswordCheck check = co_await checkPassword(*parsed.userpass, caller);
    if (check.outcome == PasswordCheck::RateLimited) {
      co_return errorAnswer(rateLimited(), parsed.id);
    }
    if (check.outcome == PasswordCheck::Wrong) {
      const unsigned left = check.attempts_left;
      Json data = Json::object();
      data["error_type"] = "NbAttemptsLeft";
      data["error_data"] = left;
      co_return errorAnswer(
          rpcError(DispatcherError::UserpassIsInvalid,
                   "Userpass is invalid! - Rate Limit attempts left: " + std::to_string(left),
                   data),
          parsed.id);
    }
  }
  if (!spec || !spec->handler) {  // unknown, or a legacy-only method (KDF: NoSuchMethod too)
    co_return errorAnswer(rpcError(DispatcherError::NoSuchMethod, "No such method"), parsed.id);
  }

  std::set<std::string> params_asked;
  RequestContext ctx{node_, caller, result_types_ ? &params_asked : nullptr};
  std::exception_ptr failure;
  try {
    Json result = co_await spec->handler(ctx, parsed.params);
    // The docs checked against what the method did: the params fields its parser read, then
    // the result it answers.
    std::optional<std::string> drift;
    if (result_types_) drift = result_types_->checkParams(spec->name, params_asked);
    if (result_types_ && !drift) drift = result_types_->check(spec->name, result);
    if (drift)
      co_return errorAnswer(rpcError(DispatcherError::ResultTypeMismatch, *drift), parsed.id);
    co_return HttpAnswer{200, successEnvelope(result, parsed.id)};
  } catch (...) {
    failure = std::current_exception();
  }
  co_return errorAnswer(toRpcError(failure), parsed.id);
}

Task<HttpAnswer> Dispatcher::handleLegacy(Json request, const Caller& caller) {
  auto method_it = request.find("method");
  const bool has_method = method_it != request.end() && method_it->is_string();
  const std::string method = has_method ? method_it->get<std::string>() : std::string();
  const MethodSpec* spec = has_method ? methods_.find(method) : nullptr;
  // A request with no method is public in KDF (it then fails v2 parsing).
  const bool is_public = !has_method || (spec && spec->access == MethodAccess::Public);

  if (!is_public && settings_.rpc_local_only && !caller.is_loopback) {
    co_return legacyError("Selected method can be called from localhost only!");
  }
  if (limiter_.isBanned(caller)) co_return legacyError("Your ip is banned.");
  if (!is_public) {
    auto up = request.find("userpass");
    if (up == request.end() || !up->is_string()) co_return legacyError("Userpass is not set!");
    const PasswordCheck check = co_await checkPassword(*up, caller);
    if (check.outcome == PasswordCheck::RateLimited) {
      co_return legacyError(rateLimited().message(), 429);
    }
    if (check.outcome == PasswordCheck::Wrong) {
      co_return legacyError("Userpass is invalid! - Rate Limit attempts left: " +
                            std::to_string(check.attempts_left));
    }
  }
  if (!spec || !spec->legacy) {
    // No legacy form: KDF retries the request as mmrpc 2.0. The local-only, ban and password
    // checks just passed are the v2 ones for the same method, so they are not run again.
    request["mmrpc"] = "2.0";
    co_return co_await handleV2(std::move(request), caller, /*admitted=*/true);
  }
  RequestContext ctx{node_, caller};
  std::exception_ptr failure;
  try {
    Json body = co_await spec->legacy(ctx, request);
    co_return HttpAnswer{200, body.dump(-1, ' ', false, Json::error_handler_t::replace)};
  } catch (...) {
    failure = std::current_exception();
  }
  co_return legacyError(toRpcError(failure).message());
}

}  // namespace walletd
