// Test fixtures shared by the unit tests: a manual clock, a recording event sink, a fixed random
// source, and TestNode — a whole Node on a LoopExecutor with in-memory storage.
#pragma once

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/async/loop_executor.h"
#include "core/async/spawn.h"
#include "core/node/node.h"
#include "core/platform/memory_storage.h"
#include "tests/unit/scripted_http_client.h"

namespace walletd::test {

class ManualClock : public Clock {
 public:
  std::uint64_t unixMillis() const override { return 1700000000000 + now_; }
  std::uint64_t monotonicMillis() const override { return now_; }
  void advance(std::uint64_t ms) { now_ += ms; }

 private:
  std::uint64_t now_ = 0;
};

class FixedRandom : public Random {
 public:
  std::vector<std::uint8_t> bytes(std::size_t count) override {
    return std::vector<std::uint8_t>(count, 0x42);
  }
};

class RecordingSink : public EventSink {
 public:
  void deliver(std::uint64_t client_id, const StreamEvent& event) override {
    events.push_back({client_id, event});
  }
  std::vector<std::pair<std::uint64_t, StreamEvent>> events;
};

// Runs `task` to completion on `loop`, advancing `clock` through timers; returns its value.
template <typename T>
T runTask(LoopExecutor& loop, ManualClock& clock, Task<T> task) {
  std::optional<T> value;
  std::exception_ptr error;
  bool done = false;
  spawn<T>(std::move(task), [&](std::optional<T> v, std::exception_ptr e) {
    value = std::move(v);
    error = e;
    done = true;
  });
  for (int guard = 0; !done && guard < 100000; ++guard) {
    loop.runReady();
    if (done) break;
    auto delay = loop.nextTimerDelay();
    if (!delay) break;
    clock.advance(*delay);
  }
  if (error) std::rethrow_exception(error);
  if (!done) throw std::runtime_error("task did not finish");
  return std::move(*value);
}

// A test's loop and clock, and `run` for its tasks: what a fixture over a peer client derives from
// (declared first, so that the client members after it can take `loop` and `clock`).
struct TaskLoop {
  ManualClock clock;
  LoopExecutor loop{clock};
  template <typename T>
  T run(Task<T> task) {
    return runTask(loop, clock, std::move(task));
  }
};

inline Task<bool> runVoid(Task<void> task) {
  co_await task;
  co_return true;
}

struct TestNode {
  static constexpr const char* kPassword = "Test-Passw0rd!";

  // `connector`: the line streams the node opens (Electrum); none by default.
  explicit TestNode(Json conf = Json::object(), CoinsConfig coins = CoinsConfig(),
                    const CoinFamilies& families = builtInFamilies(),
                    StreamConnector* connector = nullptr)
      : loop(clock),
        node(
            makeConfig(std::move(conf)), std::move(coins),
            Platform{loop, storage, clock, random, sink, http, nullptr, nullptr, connector},
            [this] { stopped = true; }, families) {
    runTask(loop, clock, runVoid(node.start()));
  }

  static NodeConfig makeConfig(Json conf) {
    if (!conf.contains("rpc_password")) conf["rpc_password"] = kPassword;
    // Every result of every unit test is checked against its method's declared type.
    if (!conf.contains("check_result_types")) conf["check_result_types"] = true;
    if (!conf.contains("event_streaming_configuration"))
      conf["event_streaming_configuration"] = Json::object();
    return NodeConfig::fromJson(conf);
  }

  HttpAnswer call(const std::string& body, Caller caller = Caller{"127.0.0.1", true}) {
    return runTask(loop, clock, node.handleHttp("POST", body, caller));
  }
  // A v2 request with the right userpass; returns the parsed response.
  Json rpc(const std::string& method, Json params = nullptr, int* status = nullptr) {
    Json request = Json::object();
    request["userpass"] = kPassword;
    request["mmrpc"] = "2.0";
    request["method"] = method;
    if (!params.is_null()) request["params"] = params;
    HttpAnswer answer = call(request.dump());
    if (status) *status = answer.status;
    return Json::parse(answer.body);
  }
  // A legacy request (no mmrpc) with the right userpass; returns the parsed response.
  Json legacy(Json request, int* status = nullptr) {
    request["userpass"] = kPassword;
    HttpAnswer answer = call(request.dump());
    if (status) *status = answer.status;
    return Json::parse(answer.body);
  }

  ManualClock clock;
  LoopExecutor loop;
  MemoryStorage storage;
  FixedRandom random;
  RecordingSink sink;
  ScriptedHttpClient http;  // answers only the URLs a test scripts
  bool stopped = false;
  Node node;
};

inline std::string readTextFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// walletd's own coins file (config/coins.json): real entries plus the regtest/devnet ones.
inline CoinsConfig walletdCoins() {
  return CoinsConfig::fromText(
      readTextFile(std::string(WALLETD_SOURCE_DIR) + "/config/coins.json"));
}

inline Json readVectors(const std::string& name) {
  return Json::parse(readTextFile(std::string(WALLETD_SOURCE_DIR) + "/tests/vectors/" + name));
}

}  // namespace walletd::test
