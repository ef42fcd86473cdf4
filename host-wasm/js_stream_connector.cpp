// WebSocket line streams through the JS host.
#include "host-wasm/js_stream_connector.h"

#include <emscripten.h>

#include <map>

#include "core/async/coroutine_compat.h"
#include "core/platform/http_client.h"
#include "host-wasm/js_bridge.h"

namespace walletd::wasm {
namespace {

// clang-format off
EM_JS(int, walletd_socket_send, (std::uint32_t id, const char* text), {
  return Module.walletdHost.socketSend(id, UTF8ToString(text)) ? 1 : 0;
});
EM_JS(void, walletd_socket_close, (std::uint32_t id), {
  Module.walletdHost.socketClose(id);
});
// clang-format on

class JsLineStream;
std::map<std::uint32_t, JsLineStream*> open_streams;

class JsLineStream : public LineStream {
 public:
  explicit JsLineStream(std::uint32_t id) : id_(id) { open_streams[id_] = this; }
  ~JsLineStream() override {
    open_streams.erase(id_);
    close();
  }

  Task<void> writeLine(std::string line) override {
    if (ended_ || walletd_socket_send(id_, line.c_str()) == 0)
      throw TransportError(problem_.empty() ? "the connection is closed" : problem_);
    co_return;
  }

  Task<std::string> readLine() override {
    struct Awaiter {
      JsLineStream& s;
      bool await_ready() const { return !s.lines_.empty() || s.ended_; }
      void await_suspend(coro::handle<> h) { s.waiter_ = h; }
      std::string await_resume() {
        if (s.lines_.empty())
          throw TransportError(s.problem_.empty() ? "the server closed the connection"
                                                  : s.problem_);
        std::string line = std::move(s.lines_.front());
        s.lines_.pop_front();
        return line;
      }
    };
    Awaiter next{*this};
    co_return co_await next;
  }

  void close() override {
    if (closed_) return;
    closed_ = true;
    walletd_socket_close(id_);
  }

  // A message is one line as it is, newlines included (CometBFT indents its JSON), as in the
  // daemon. A close reads as the daemon's: 1006 (no close frame) as a dropped connection.
  void deliver(int kind, const std::string& text) {
    if (kind == 0) {
      lines_.push_back(text);
    } else {
      ended_ = true;
      problem_ = text.rfind("1006", 0) == 0
                     ? "the server closed the connection"
                     : "the server closed the connection (WebSocket close " + text + ")";
    }
    if (auto w = std::exchange(waiter_, nullptr)) w.resume();
  }

 private:
  std::uint32_t id_;
  std::deque<std::string> lines_;
  bool ended_ = false;
  bool closed_ = false;
  std::string problem_;
  coro::handle<> waiter_ = nullptr;
};

}  // namespace

Task<std::unique_ptr<LineStream>> JsStreamConnector::connect(StreamTarget target,
                                                             std::uint64_t timeout_ms) {
  Json args{{"url", target.url}, {"timeout_ms", timeout_ms}};
  JsOp opening("socketOpen", std::move(args));
  Json opened;
  std::string problem;
  try {
    opened = co_await opening;
  } catch (const std::exception& e) {
    problem = e.what();
  }
  if (!problem.empty()) throw TransportError(problem);
  if (!opened.is_object() || !opened.contains("id") || !opened["id"].is_number_unsigned())
    throw TransportError("the host answered socketOpen without an id");
  co_return std::unique_ptr<LineStream>(new JsLineStream(opened["id"].get<std::uint32_t>()));
}

void socketEvent(std::uint32_t id, int kind, const std::string& text) {
  auto it = open_streams.find(id);
  if (it != open_streams.end()) it->second->deliver(kind, text);
}

}  // namespace walletd::wasm
