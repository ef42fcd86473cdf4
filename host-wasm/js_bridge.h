// JsOp: a coroutine awaitable for one asynchronous call into the JS host object
// (`host[name](args) -> Promise`). The JS side answers through walletdCompleteOp(id, ok, json).
#pragma once

#include <cstdint>
#include <string>

#include "core/async/coroutine_compat.h"
#include "core/rpc/json.h"

namespace walletd::wasm {

class JsOp {
 public:
  JsOp(std::string name, Json args) : name_(std::move(name)), args_(std::move(args)) {}
  bool await_ready() const noexcept { return false; }
  void await_suspend(coro::handle<> waiter);
  // The JS result; throws std::runtime_error with the JS error text on rejection.
  Json await_resume();

  bool ok = false;
  std::string result;
  coro::handle<> waiter;

 private:
  std::string name_;
  Json args_;
};

// Called from JS when a host promise settles.
void completeOp(std::uint32_t id, bool ok, const std::string& result);

}  // namespace walletd::wasm
