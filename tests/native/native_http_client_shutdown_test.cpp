// NativeHttpClient::shutdown, as the daemon calls it after the core stopped: requests already
// running finish, queued ones are dropped (their callers would resume on a stopped core), and it
// is not sent — against a local server that answers slowly.
#include <httplib.h>
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

#include "core/async/spawn.h"
#include "host-native/native_http_client.h"
#include "host-native/thread_executor.h"

using namespace walletd;

TEST_CASE("NativeHttpClient::shutdown finishes running requests and drops queued ones") {
  httplib::Server server;
  std::atomic<int> started{0}, served{0};
  std::atomic<bool> release{false};
  server.Get("/slow", [&](const httplib::Request&, httplib::Response& res) {
    ++started;
    for (int i = 0; i < 10000 && !release; ++i)  // held until shutdown() has begun
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ++served;
    res.set_content("ok", "text/plain");
  });
  const int port = server.bind_to_any_port("127.0.0.1");
  std::thread listening([&] { server.listen_after_bind(); });
  for (int i = 0; i < 1000 && !server.is_running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));

  ThreadExecutor core;
  std::thread core_thread([&] { core.run(); });
  {
    NativeHttpClient http(core);
    std::atomic<int> answered{0};
    const std::string url = "http://127.0.0.1:" + std::to_string(port) + "/slow";
    core.post([&] {
      for (int i = 0; i < 10; ++i) {  // kPerNode (4) run at once, 6 wait
        HttpRequest request;
        request.method = "GET";
        request.url = url;
        request.timeout_ms = 5000;
        spawn<HttpResponse>(http.request(std::move(request)),
                            [&](std::optional<HttpResponse> r, std::exception_ptr) {
                              if (r) ++answered;
                            });
      }
    });
    for (int i = 0; i < 1000 && started < 4; ++i)  // the first four reach the server
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    REQUIRE(started == 4);
    core.stop();
    core_thread.join();
    // The four answers come only once shutdown() has dropped the queue: none of the six queued
    // requests can take a freed slot first.
    std::atomic<bool> shutting{false};
    std::thread releaser([&] {
      while (!shutting) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      release = true;
    });
    shutting = true;
    http.shutdown();
    releaser.join();
    CHECK(served == 4);  // the running four finished; the six queued never went out
    CHECK(started == 4);
    CHECK(answered == 0);  // the core had stopped: nobody was resumed
  }
  server.stop();
  listening.join();
}
