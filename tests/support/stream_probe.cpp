// stream_probe: drives the daemon's NativeStreamConnector (tcp://, ssl://, ws://, wss://) on a
// real core thread, one JSON command per stdin line, one JSON answer per line:
//   {"op":"supports","scheme":"ws"}                                  → {"supports":true}
//   {"op":"connect","id":"a","url":..,"verify":true,"timeout_ms":N}  → {"ok":true}
//   {"op":"write","id":"a","line":".."}                              → {"ok":true}
//   {"op":"read","id":"a"}                     → {"line":".."} (waits for the next line)
//   {"op":"close","id":"a"}                    → {"ok":true} (close(), then the stream is freed)
// Failures answer {"error": "..."}. Used by tests/integration/websocket-stream.test.mjs.
#include <csignal>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <thread>

#include "core/rpc/json.h"
#include "host-native/core_bridge.h"
#include "host-native/native_stream_connector.h"
#include "host-native/thread_executor.h"

using namespace walletd;

namespace {

using Streams = std::map<std::string, std::unique_ptr<LineStream>>;

LineStream& streamOf(Streams& streams, const Json& command) {
  auto it = streams.find(command.at("id").get<std::string>());
  if (it == streams.end()) throw std::runtime_error("no stream " + command.at("id").dump());
  return *it->second;
}

// One command, run on the core thread.
Task<Json> run(NativeStreamConnector& connector, Streams& streams, const Json& command) {
  const std::string op = command.at("op");
  if (op == "supports")
    co_return Json{{"supports", connector.supports(command.at("scheme").get<std::string>())}};
  if (op == "connect") {
    StreamTarget target{command.at("url").get<std::string>(), command.value("verify", true)};
    std::unique_ptr<LineStream> stream =
        co_await connector.connect(std::move(target), command.value("timeout_ms", 5000));
    streams[command.at("id").get<std::string>()] = std::move(stream);
    co_return Json{{"ok", true}};
  }
  LineStream& stream = streamOf(streams, command);
  if (op == "write") {
    co_await stream.writeLine(command.at("line").get<std::string>());
    co_return Json{{"ok", true}};
  }
  if (op == "read") {
    std::string got = co_await stream.readLine();
    co_return Json{{"line", std::move(got)}};
  }
  if (op == "close") {
    stream.close();
    streams.erase(command.at("id").get<std::string>());
    co_return Json{{"ok", true}};
  }
  throw std::runtime_error("unknown op " + op);
}

}  // namespace

int main() {
  ::signal(SIGPIPE, SIG_IGN);  // as the daemon: OpenSSL writes with write()
  ThreadExecutor executor;
  std::thread core([&] { executor.run(); });
  {
    NativeStreamConnector connector(executor);
    Streams streams;
    std::string line;
    while (std::getline(std::cin, line)) {
      Json answer;
      try {
        const Json command = Json::parse(line);
        answer = runOnCore<Json>(executor,
                                 [&]() -> Task<Json> { return run(connector, streams, command); });
      } catch (const std::exception& e) {
        answer = Json{{"error", e.what()}};
      }
      std::cout << answer.dump(-1, ' ', false, Json::error_handler_t::replace) << std::endl;
    }
    runOnCore<bool>(executor, [&]() -> Task<bool> {
      streams.clear();  // each stream's reader thread posts to the core: freed there
      co_return true;
    });
  }
  executor.stop();
  core.join();
  return 0;
}
