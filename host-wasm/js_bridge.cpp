// JsOp implementation: pending operations by id, started with EM_JS.
#include "host-wasm/js_bridge.h"

#include <emscripten.h>

#include <map>
#include <stdexcept>

namespace walletd::wasm {

namespace {
std::map<std::uint32_t, JsOp*> pending;
std::uint32_t next_id = 1;
}  // namespace

// clang-format off
EM_JS(void, walletd_js_call, (std::uint32_t id, const char* name, const char* args), {
  const op = UTF8ToString(name);
  let promise;
  try {
    promise = Promise.resolve(Module.walletdHost[op](JSON.parse(UTF8ToString(args))));
  } catch (e) {
    promise = Promise.reject(e);
  }
  promise.then(
      (r) => Module.walletdCompleteOp(id, true, JSON.stringify(r === undefined ? null : r)),
      (e) => Module.walletdCompleteOp(id, false, String(e && e.message ? e.message : e)));
});
// clang-format on

void JsOp::await_suspend(coro::handle<> h) {
  waiter = h;
  std::uint32_t id = next_id++;
  pending.emplace(id, this);
  const std::string args = args_.dump();
  walletd_js_call(id, name_.c_str(), args.c_str());
}

Json JsOp::await_resume() {
  if (!ok) throw std::runtime_error(name_ + " failed: " + result);
  return Json::parse(result);
}

void completeOp(std::uint32_t id, bool ok, const std::string& result) {
  auto it = pending.find(id);
  if (it == pending.end()) return;
  JsOp* op = it->second;
  pending.erase(it);
  op->ok = ok;
  op->result = result;
  op->waiter.resume();
}

}  // namespace walletd::wasm
