// The browser library's entry points: plain C exports (no embind, so the glue needs no eval)
// that js/src/index.js calls. Each request carries a JS-chosen id; answers come back through
// Module.walletdHost.onAnswer(id, status, body). One Node per module instance.
#include <emscripten.h>

#include <cstdlib>
#include <cstring>
#include <memory>

#include "core/async/spawn.h"
#include "core/node/node.h"
#include "host-wasm/js_bridge.h"
#include "host-wasm/js_device_links.h"
#include "host-wasm/js_platform.h"
#include "host-wasm/js_sapling_prover.h"
#include "host-wasm/js_stream_connector.h"

using namespace walletd;
using namespace walletd::wasm;

namespace {

struct BrowserHost {
  JsClock clock;
  JsRandom random;
  JsExecutor executor{clock};
  JsStorage storage;
  JsEventSink events;
  JsHttpClient http;
  JsExternalSigner browser_wallet;
  JsStreamConnector streams;
  JsSaplingProver sapling;
  JsDeviceLinks usb;
  std::unique_ptr<Node> node;
};

BrowserHost& host() {
  static BrowserHost instance;
  return instance;
}

// clang-format off
EM_JS(void, walletd_answer, (double request_id, int status, const char* body), {
  Module.walletdHost.onAnswer(request_id, status, UTF8ToString(body));
});
// clang-format on

void answer(double request_id, int status, const std::string& body) {
  walletd_answer(request_id, status, body.c_str());
}

Task<bool> startNode() {
  co_await host().node->start();
  co_return true;
}

char* copyString(const std::string& s) {
  char* out = static_cast<char*>(std::malloc(s.size() + 1));
  std::memcpy(out, s.c_str(), s.size() + 1);
  return out;
}

}  // namespace

extern "C" {

// Creates and starts the node; answers status 0 with "" or status 1 with the error text.
EMSCRIPTEN_KEEPALIVE void walletd_init(double request_id, const char* config_json,
                                       const char* coins_json) {
  BrowserHost& h = host();
  if (h.node)
    return answer(request_id, 1, "walletd is already initialised in this module instance");
  try {
    Json conf = Json::parse(config_json, nullptr, false);
    if (conf.is_discarded()) throw ConfigError("the configuration is not valid JSON");
    NodeConfig config = NodeConfig::fromJson(conf);
    CoinsConfig coins = CoinsConfig::fromText(coins_json);
    h.node = std::make_unique<Node>(
        std::move(config), std::move(coins),
        Platform{h.executor, h.storage, h.clock, h.random, h.events, h.http,
                 JsExternalSigner::available() ? &h.browser_wallet : nullptr, nullptr, &h.streams,
                 JsSaplingProver::available() ? &h.sapling : nullptr, nullptr,
                 JsDeviceLinks::available() ? &h.usb : nullptr},
        nullptr);
  } catch (const std::exception& e) {
    return answer(request_id, 1, e.what());
  }
  spawn<bool>(startNode(), [request_id](std::optional<bool>, std::exception_ptr error) {
    if (!error) return answer(request_id, 0, "");
    try {
      std::rethrow_exception(error);
    } catch (const std::exception& e) {
      host().node.reset();
      answer(request_id, 1, e.what());
    }
  });
}

// Handles one HTTP-style body (object or batch); answers the HTTP status and body.
EMSCRIPTEN_KEEPALIVE void walletd_handle(double request_id, const char* body) {
  BrowserHost& h = host();
  if (!h.node) return answer(request_id, 500, R"({"error":"walletd is not initialised"})");
  spawn<HttpAnswer>(h.node->handleHttp("POST", body, Caller{"in-process", true}),
                    [request_id](std::optional<HttpAnswer> a, std::exception_ptr error) {
                      if (error) return answer(request_id, 500, R"({"error":"internal failure"})");
                      answer(request_id, a->status, a->body);
                    });
}

// Opens event stream `client_id` (resuming after `last_event_id` when >= 0). Returns null or an
// error text the caller frees.
EMSCRIPTEN_KEEPALIVE char* walletd_stream_connect(double client_id, double last_event_id) {
  BrowserHost& h = host();
  if (!h.node) return copyString("walletd is not initialised");
  if (!h.node->config().streaming.enabled) return copyString("Event streaming is disabled");
  try {
    std::optional<std::uint64_t> last;
    if (last_event_id >= 0) last = static_cast<std::uint64_t>(last_event_id);
    h.node->streams().connect(static_cast<std::uint64_t>(client_id), last);
  } catch (const std::exception& e) {
    return copyString(e.what());
  }
  return nullptr;
}

EMSCRIPTEN_KEEPALIVE void walletd_stream_disconnect(double client_id) {
  if (host().node) host().node->streams().disconnect(static_cast<std::uint64_t>(client_id));
}

EMSCRIPTEN_KEEPALIVE void walletd_complete_op(std::uint32_t id, int ok, const char* result) {
  completeOp(id, ok != 0, result);
}

EMSCRIPTEN_KEEPALIVE void walletd_socket_event(std::uint32_t id, int kind, const char* text) {
  socketEvent(id, kind, text);
}

EMSCRIPTEN_KEEPALIVE void walletd_drain() {
  host().executor.drain();
}

}  // extern "C"
