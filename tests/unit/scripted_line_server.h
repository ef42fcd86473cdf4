// ScriptedLineServer: a JSON-RPC server over the host's line streams inside a unit test (no
// network, so it runs natively and under wasm). A subclass answers each request object with
// `answerTo`; a JSON-RPC batch gets a batch. Lines are delivered through `executor`, which must
// be set before the first connection (the test node's loop).
#pragma once

#include <deque>
#include <string>
#include <utility>

#include "core/platform/http_client.h"
#include "core/platform/stream_connector.h"
#include "core/rpc/json.h"

namespace walletd::test {

class ScriptedLineServer : public StreamConnector {
 public:
  explicit ScriptedLineServer(Executor* ex = nullptr) : executor(ex) {}
  Executor* executor;

  bool supports(const std::string&) const override { return true; }
  Task<std::unique_ptr<LineStream>> connect(StreamTarget, std::uint64_t) override {
    if (executor == nullptr) throw TransportError("the scripted server has no executor");
    co_return std::unique_ptr<LineStream>(new Stream(*this));
  }

 protected:
  // The whole answer object to one request object (its id is the caller's to set).
  virtual Json answerTo(const Json& request) = 0;

 private:
  class Stream : public LineStream {
   public:
    explicit Stream(ScriptedLineServer& server) : server_(server) {}
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
      if (auto w = std::exchange(waiter_, nullptr))
        server_.executor->post([w]() mutable { w.resume(); });
    }
    ScriptedLineServer& server_;
    std::deque<std::string> lines_;
    bool ended_ = false;
    coro::handle<> waiter_ = nullptr;
  };
};

}  // namespace walletd::test
