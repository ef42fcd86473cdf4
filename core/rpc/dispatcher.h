// Dispatcher: one HTTP body in, one HTTP status and body out, exactly in KDF's order — body
// limits, JSON parse, batch split, legacy-or-v2 routing, local-only, ban, auth, method lookup,
// params, handler — with each refusal as KDF words and codes it.
#pragma once

#include <memory>

#include <optional>
#include <string>
#include <string_view>

#include "core/async/task.h"
#include "core/platform/clock.h"
#include "core/platform/executor.h"
#include "core/rpc/auth_limiter.h"
#include "core/rpc/caller.h"
#include "core/rpc/envelope.h"
#include "core/rpc/json.h"
#include "core/rpc/method_table.h"
#include "core/rpc/result_type_check.h"

namespace walletd {

struct HttpAnswer {
  int status = 200;
  std::string body;
};

struct RpcSettings {
  std::optional<std::string> rpc_password;  // unset: compared against "" as KDF does
  bool rpc_local_only = true;
  // Every mmrpc 2.0 result checked against its declared type (result_type_check.h).
  bool check_result_types = false;
};

class Dispatcher {
 public:
  Dispatcher(Node& node, const MethodTable& methods, RpcSettings settings, Executor& executor,
             const Clock& clock);

  Task<HttpAnswer> handleHttp(std::string_view http_method, std::string body, Caller caller);
  // One request object (a batch element, or the whole body).
  Task<HttpAnswer> handleRequest(Json request, const Caller& caller);

 private:
  Task<HttpAnswer> handleLegacy(Json request, const Caller& caller);
  // `admitted`: the legacy dispatcher already ran the local-only, ban and password checks.
  Task<HttpAnswer> handleV2(Json request, const Caller& caller, bool admitted = false);
  Task<HttpAnswer> handleBatch(Json batch, const Caller& caller);
  struct PasswordCheck {
    enum Outcome { Wrong, Right, RateLimited } outcome = Wrong;
    unsigned attempts_left = 0;
  };
  // Compares the userpass under the AuthLimiter's rules; a wrong one is answered no sooner than
  // the global budget allows.
  Task<PasswordCheck> checkPassword(const Json& userpass, const Caller& caller);

  Node& node_;
  const MethodTable& methods_;
  RpcSettings settings_;
  std::unique_ptr<ResultTypeCheck> result_types_;  // set when settings_.check_result_types
  Executor& executor_;
  const Clock& clock_;
  AuthLimiter limiter_;
};

}  // namespace walletd
