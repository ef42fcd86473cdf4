// Browser host platform implementation.
#include "host-wasm/js_platform.h"

#include <emscripten.h>

#include <algorithm>

#include "core/encoding/base64.h"
#include "core/stream/stream_manager.h"
#include "host-wasm/js_bridge.h"

namespace walletd::wasm {

// JavaScript inside EM_JS is kept out of clang-format.
// clang-format off
EM_JS(double, walletd_now_unix, (), { return Date.now(); });
// clang-format on
// clang-format off
EM_JS(double, walletd_now_mono, (), { return performance.now(); });
// clang-format on
// clang-format off
EM_JS(void, walletd_random_fill, (std::uint8_t* out, std::size_t n), {
  crypto.getRandomValues(HEAPU8.subarray(out, out + n));
});
// clang-format on
// clang-format off
EM_JS(void, walletd_schedule_drain, (), {
  queueMicrotask(() => { if (!Module.walletdDisposed) Module.walletdDrain(); });
});
// clang-format on
// clang-format off
// The timer handles are kept so that dispose() can clear them (js/src/core.js).
EM_JS(void, walletd_set_timeout, (double ms), {
  if (Module.walletdDisposed) return;
  if (!Module.walletdTimers) Module.walletdTimers = new Set();
  const handle = setTimeout(() => {
    Module.walletdTimers.delete(handle);
    if (Module.walletdDisposed) return;
    Module.walletdTimerFired = true;
    Module.walletdDrain();
  }, ms);
  Module.walletdTimers.add(handle);
});
// clang-format on
// clang-format off
EM_JS(int, walletd_take_timer_fired, (), {
  const fired = Module.walletdTimerFired ? 1 : 0;
  Module.walletdTimerFired = false;
  return fired;
});
// clang-format on
// clang-format off
EM_JS(void, walletd_emit_event, (double client_id, const char* frame), {
  if (Module.walletdHost.onEvent) Module.walletdHost.onEvent(client_id, UTF8ToString(frame));
});
// clang-format on

std::uint64_t JsClock::unixMillis() const {
  return static_cast<std::uint64_t>(walletd_now_unix());
}
std::uint64_t JsClock::monotonicMillis() const {
  return static_cast<std::uint64_t>(walletd_now_mono());
}

std::vector<std::uint8_t> JsRandom::bytes(std::size_t count) {
  std::vector<std::uint8_t> out(count);
  // getRandomValues takes at most 65536 bytes per call.
  for (std::size_t done = 0; done < count; done += 65536) {
    walletd_random_fill(out.data() + done, std::min<std::size_t>(65536, count - done));
  }
  return out;
}

void JsExecutor::post(std::function<void()> work) {
  loop_.post(std::move(work));
  if (!drain_scheduled_) {
    drain_scheduled_ = true;
    walletd_schedule_drain();
  }
}

TimerId JsExecutor::startTimer(std::uint64_t delay_ms, std::function<void()> work) {
  TimerId id = loop_.startTimer(delay_ms, std::move(work));
  wakeIn(delay_ms);
  return id;
}

void JsExecutor::wakeIn(std::uint64_t delay_ms) {
  const double now = walletd_now_mono();
  const double due = now + static_cast<double>(delay_ms);
  if (wake_at_ > now && wake_at_ <= due) return;  // an earlier wake-up is on its way
  wake_at_ = due;
  walletd_set_timeout(static_cast<double>(delay_ms));
}

void JsExecutor::drain() {
  drain_scheduled_ = false;
  if (walletd_take_timer_fired()) wake_at_ = 0;  // that wake-up came (perhaps early)
  loop_.runReady();
  // setTimeout may wake us before the loop's clock says a timer is due (the two clocks round
  // differently): a timer still pending gets its wake-up, or it would never run. (Only waking
  // again when the delay was 0 lost timers woken 1 ms or more early: a stream stopped.)
  if (auto delay = loop_.nextTimerDelay()) wakeIn(std::max<std::uint64_t>(*delay, 1));
}

// clang-format off
EM_JS(int, walletd_has_ethereum_provider, (), {
  return Module.walletdHost.ethereumRequest ? 1 : 0;
});
// clang-format on

bool JsExternalSigner::available() {
  return walletd_has_ethereum_provider() != 0;
}

Task<Json> JsExternalSigner::request(std::string method, Json params) {
  Json args{{"method", method}, {"params", std::move(params)}};
  JsOp op("ethereumRequest", std::move(args));
  try {
    co_return co_await op;
  } catch (const std::runtime_error&) {
    const Json refusal = Json::parse(op.result, nullptr, false);
    if (refusal.is_object() && refusal.value("code", Json()).is_number_integer()) {
      throw ExternalSignerError(refusal["code"].get<int>(),
                                refusal.value("message", std::string("refused")));
    }
    throw ExternalSignerError(-1, op.result);
  }
}

Task<HttpResponse> JsHttpClient::request(HttpRequest request) {
  Json headers = Json::array();
  for (const auto& [name, value] : request.headers) headers.push_back(Json::array({name, value}));
  Json args{{"method", request.method},
            {"url", request.url},
            {"headers", std::move(headers)},
            {"timeout_ms", request.timeout_ms}};
  // Bytes cross the JSON bridge in base64 (JSON text must be UTF-8).
  if (request.binary) {
    args["body_base64"] = base64Encode(asBytes(request.body));
  } else {
    args["body"] = request.body;
  }
  Json answer;
  try {
    answer = co_await JsOp("httpRequest", args);
  } catch (const std::runtime_error& e) {
    throw TransportError(e.what());
  }
  HttpResponse response;
  response.status = answer.value("status", 0);
  if (request.binary) {
    const Bytes body = base64Decode(answer.value("body_base64", ""));
    response.body.assign(body.begin(), body.end());
  } else {
    response.body = answer.value("body", "");
  }
  for (const Json& header : answer.value("headers", Json::array())) {
    response.headers.emplace_back(header[0].get<std::string>(), header[1].get<std::string>());
  }
  co_return response;
}

Task<std::optional<std::string>> JsStorage::get(std::string ns, std::string key) {
  Json args = Json::object();
  args["ns"] = ns;
  args["key"] = key;
  Json value = co_await JsOp("storageGet", args);
  co_return value.is_string() ? std::optional<std::string>(value.get<std::string>()) : std::nullopt;
}

Task<StorageEntries> JsStorage::scanPrefix(std::string ns, std::string prefix) {
  Json args = Json::object();
  args["ns"] = ns;
  args["prefix"] = prefix;
  Json rows = co_await JsOp("storageScan", args);
  StorageEntries out;
  for (const auto& row : rows)
    out.emplace_back(row.at(0).get<std::string>(), row.at(1).get<std::string>());
  co_return out;
}

Task<void> JsStorage::applyBatch(std::string ns, std::vector<StorageWrite> writes) {
  Json args = Json::object();
  args["ns"] = ns;
  args["writes"] = Json::array();
  for (const auto& w : writes) {
    Json row = Json::array({w.key, w.value ? Json(*w.value) : Json(nullptr)});
    args["writes"].push_back(std::move(row));
  }
  co_await JsOp("storageApplyBatch", args);
}

void JsEventSink::deliver(std::uint64_t client_id, const StreamEvent& event) {
  walletd_emit_event(static_cast<double>(client_id), sseFrame(event).c_str());
}

}  // namespace walletd::wasm
