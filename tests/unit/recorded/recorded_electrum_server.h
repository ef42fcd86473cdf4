// RecordedElectrumServer: an Electrum server for the [recorded] tests that answers each method
// with the object scripted for it — a recorded line, or a result-only recording wrapped — its id
// set to the request's (docs/recordings.md: the client matches ids). server.version answers
// ["recorded", "1.4"] unless scripted; an unscripted method answers a JSON-RPC error. A batch
// gets a batch. Every request is kept as (method, params).
#pragma once

#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/platform/http_client.h"
#include "core/platform/stream_connector.h"
#include "tests/unit/recorded/recorded.h"

namespace walletd::test {

class RecordedElectrumServer : public StreamConnector {
 public:
  explicit RecordedElectrumServer(Executor& ex) : ex_(ex) {
    answerResult("server.version", R"(["recorded", "1.4"])");
  }
  // `line`: the whole answer object as recorded (its id is replaced).
  void answer(const std::string& method, const std::string& line) {
    script_[method] = Json::parse(line);
  }
  // `result`: a result-only recording.
  void answerResult(const std::string& method, const std::string& result) {
    script_[method] = Json::parse(wrapped(result, nullptr));
  }
  std::vector<std::pair<std::string, Json>> requests;

  bool supports(const std::string&) const override { return true; }
  Task<std::unique_ptr<LineStream>> connect(StreamTarget, std::uint64_t) override {
    co_return std::unique_ptr<LineStream>(new Stream(ex_, *this));
  }

 private:
  // The answer to one request object.
  Json answerTo(const Json& request) {
    const std::string method = request.value("method", std::string());
    requests.emplace_back(method, request.value("params", Json()));
    auto it = script_.find(method);
    Json out =
        it != script_.end()
            ? it->second
            : Json{{"jsonrpc", "2.0"}, {"error", {{"code", -32601}, {"message", "not scripted"}}}};
    out["id"] = request["id"];
    return out;
  }

  class Stream : public LineStream {
   public:
    Stream(Executor& ex, RecordedElectrumServer& server) : ex_(ex), server_(server) {}
    Task<void> writeLine(std::string line) override {
      const Json request = Json::parse(line);
      Json reply = Json::array();
      if (!request.is_array()) reply = server_.answerTo(request);
      for (const Json& one : request.is_array() ? request : Json::array())
        reply.push_back(server_.answerTo(one));
      lines_.push_back(reply.dump());
      wake();
      co_return;
    }
    Task<std::string> readLine() override { co_return co_await Next{*this}; }
    void close() override {
      ended_ = true;
      wake();
    }

   private:
    struct Next {
      Stream& s;
      bool await_ready() const { return !s.lines_.empty() || s.ended_; }
      void await_suspend(coro::handle<> h) { s.waiter_ = h; }
      std::string await_resume() {
        if (s.lines_.empty()) throw TransportError("closed");
        std::string line = std::move(s.lines_.front());
        s.lines_.pop_front();
        return line;
      }
    };
    void wake() {
      if (auto w = std::exchange(waiter_, nullptr)) ex_.post([w]() mutable { w.resume(); });
    }
    Executor& ex_;
    RecordedElectrumServer& server_;
    std::deque<std::string> lines_;
    bool ended_ = false;
    coro::handle<> waiter_ = nullptr;
  };

  Executor& ex_;
  std::map<std::string, Json> script_;
};

}  // namespace walletd::test
