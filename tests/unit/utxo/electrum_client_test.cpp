// ElectrumClient against scripted servers (no network, so it runs natively and under wasm):
// answers matched by id, notifications delivered, server.version first, failover past a server
// that refuses the connection, drops it, answers garbage or stalls past the timeout, an error
// object taken as the server's answer (no failover), and every server named when all fail.
#include <catch2/catch.hpp>

#include <deque>
#include <map>

#include "core/coins/electrum_client.h"
#include "core/platform/http_client.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

struct ScriptedServer {
  std::string behaviour = "ok";  // ok | refuse | drop | garbage | stall | error
  std::vector<std::string> methods;
  int connects = 0;
};

class ScriptedStream : public LineStream {
 public:
  ScriptedStream(Executor& ex, ScriptedServer& server) : ex_(ex), server_(server) {}

  Task<void> writeLine(std::string line) override {
    const Json request = Json::parse(line);
    const std::string method = request["method"];
    server_.methods.push_back(method);
    const std::string& b = server_.behaviour;
    if (b == "drop") {
      end();
    } else if (b == "garbage") {
      push("}{ not json");
    } else if (b == "error") {
      push(Json{
          {"jsonrpc", "2.0"}, {"id", request["id"]}, {"error", {{"code", 1}, {"message", "no"}}}}
               .dump());
    } else if (b == "ok") {
      if (method == "blockchain.headers.subscribe") {
        push(
            R"({"jsonrpc":"2.0","method":"blockchain.headers.subscribe","params":[{"height":8,"hex":""}]})");
      }
      const Json result = method == "server.version" ? Json::array({"scripted", "1.4"})
                                                     : Json(method + " answered");
      push(Json{{"jsonrpc", "2.0"}, {"id", request["id"]}, {"result", result}}.dump());
    }
    co_return;  // "stall": nothing
  }

  Task<std::string> readLine() override {
    struct Awaiter {
      ScriptedStream& s;
      bool await_ready() const { return !s.lines_.empty() || s.ended_; }
      void await_suspend(coro::handle<> h) { s.waiter_ = h; }
      std::string await_resume() {
        if (s.lines_.empty()) throw TransportError("closed");
        std::string line = s.lines_.front();
        s.lines_.pop_front();
        return line;
      }
    };
    Awaiter next{*this};
    co_return co_await next;
  }

  void close() override { end(); }

 private:
  void push(std::string line) {
    lines_.push_back(std::move(line));
    wake();
  }
  void end() {
    ended_ = true;
    wake();
  }
  void wake() {
    if (auto w = std::exchange(waiter_, nullptr)) ex_.post([w]() mutable { w.resume(); });
  }
  Executor& ex_;
  ScriptedServer& server_;
  std::deque<std::string> lines_;
  bool ended_ = false;
  coro::handle<> waiter_ = nullptr;
};

class ScriptedConnector : public StreamConnector {
 public:
  explicit ScriptedConnector(Executor& ex) : ex_(ex) {}
  std::map<std::string, ScriptedServer> servers;
  bool supports(const std::string&) const override { return true; }
  Task<std::unique_ptr<LineStream>> connect(StreamTarget target, std::uint64_t) override {
    ScriptedServer& server = servers[target.url];
    ++server.connects;
    if (server.behaviour == "refuse") throw TransportError("connection refused");
    co_return std::unique_ptr<LineStream>(new ScriptedStream(ex_, server));
  }

 private:
  Executor& ex_;
};

struct Fixture {
  ManualClock clock;
  LoopExecutor loop{clock};
  ScriptedConnector connector{loop};
  std::vector<std::pair<std::string, Json>> notes;
  ElectrumClient client{connector,
                        loop,
                        {{"tcp://a:1"}, {"tcp://b:2"}},
                        1000,
                        [this](const std::string& m, const Json& p) { notes.emplace_back(m, p); }};
  Json call(const std::string& method) {
    return runTask(loop, clock, client.call(method, Json::array()));
  }
};

}  // namespace

TEST_CASE("Electrum: version first, answers by id, notifications, failover past a refused server",
          "[utxo]") {
  Fixture f;
  f.connector.servers["tcp://a:1"].behaviour = "refuse";
  REQUIRE(f.call("blockchain.headers.subscribe") == "blockchain.headers.subscribe answered");
  REQUIRE(f.connector.servers["tcp://b:2"].methods ==
          std::vector<std::string>{"server.version", "blockchain.headers.subscribe"});
  REQUIRE(f.notes.size() == 1);
  REQUIRE(f.notes[0].second[0]["height"] == 8);
  REQUIRE(f.call("server.ping") == "server.ping answered");
  REQUIRE(f.connector.servers["tcp://b:2"].connects == 1);  // one connection, kept
}

TEST_CASE("Electrum: drop, garbage and stall move the request to the next server", "[utxo]") {
  for (const char* fault : {"drop", "garbage", "stall"}) {
    Fixture f;
    REQUIRE(f.call("server.ping") == "server.ping answered");  // connected to a
    f.connector.servers["tcp://a:1"].behaviour = fault;
    REQUIRE(f.call("blockchain.scripthash.listunspent") ==
            "blockchain.scripthash.listunspent answered");
    REQUIRE(f.connector.servers["tcp://b:2"].methods.back() == "blockchain.scripthash.listunspent");
  }
}

TEST_CASE("Electrum: an error object is an answer; every server failing names each", "[utxo]") {
  Fixture f;
  f.connector.servers["tcp://a:1"];  // ok for server.version, then refuses the call
  REQUIRE(f.call("server.ping") == "server.ping answered");
  f.connector.servers["tcp://a:1"].behaviour = "error";
  REQUIRE_THROWS_AS(f.call("blockchain.transaction.broadcast"), ElectrumError);
  REQUIRE(f.connector.servers["tcp://b:2"].connects == 0);

  f.connector.servers["tcp://a:1"].behaviour = "stall";
  f.connector.servers["tcp://b:2"].behaviour = "refuse";
  try {
    f.call("server.ping");
    FAIL("expected ElectrumUnavailable");
  } catch (const ElectrumUnavailable& e) {
    const std::string what = e.what();
    REQUIRE(what.find("tcp://a:1") != std::string::npos);
    REQUIRE(what.find("tcp://b:2") != std::string::npos);
    REQUIRE(what.find("within 1000 ms") != std::string::npos);
  }
}
