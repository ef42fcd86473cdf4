// Streams: heartbeat delivery through the method table, resume with Last-Event-ID, gap reports,
// grace period, and the stream::* refusals.
#include <catch2/catch.hpp>

#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {
void runFor(TestNode& t, std::uint64_t ms) {
  std::uint64_t end = t.clock.monotonicMillis() + ms;
  for (;;) {
    t.loop.runReady();
    auto d = t.loop.nextTimerDelay();
    if (!d || t.clock.monotonicMillis() + *d > end) break;
    t.clock.advance(*d);
  }
  t.clock.advance(end - t.clock.monotonicMillis());
  t.loop.runReady();
}
}  // namespace

TEST_CASE("sseFrame is KDF's data line with an id line and the trailing space") {
  REQUIRE(sseFrame(StreamEvent{7, "HEARTBEAT", "{}"}) ==
          "id: 7\ndata: {\"_type\":\"HEARTBEAT\",\"message\":{}} \n\n");
  REQUIRE(sseFrame(StreamEvent{0, "EVENTS_DROPPED", "{}"}).rfind("data: ", 0) == 0);
}

TEST_CASE("heartbeat events reach the connected client at the configured interval") {
  TestNode t;
  t.node.streams().connect(5, std::nullopt);
  Json r = t.rpc("stream::heartbeat::enable",
                 Json::parse(R"({"client_id":5,"config":{"stream_interval_seconds":0.5}})"));
  REQUIRE(r["result"] == Json::parse(R"({"streamer_id":"HEARTBEAT"})"));
  runFor(t, 1200);
  REQUIRE(t.sink.events.size() == 3);  // at 0, 500, 1000 ms
  REQUIRE(t.sink.events[2].second.id == 3);
  REQUIRE(t.sink.events[2].second.type == "HEARTBEAT");
  REQUIRE(t.rpc("stream::disable",
                Json::parse(R"({"client_id":5,"streamer_id":"HEARTBEAT"})"))["result"] ==
          Json::parse(R"({"result":"Success"})"));
  REQUIRE(t.node.streams().runningStreamers() == 0);
  runFor(t, 2000);
  REQUIRE(t.sink.events.size() == 3);
}

TEST_CASE("a client that reconnects with Last-Event-ID gets every missed event, in order") {
  TestNode t;
  t.node.streams().connect(1, std::nullopt);
  t.rpc("stream::heartbeat::enable",
        Json::parse(R"({"client_id":1,"config":{"stream_interval_seconds":1}})"));
  runFor(t, 100);
  REQUIRE(t.sink.events.size() == 1);
  t.node.streams().disconnect(1);
  runFor(t, 3000);  // three beats while away, inside the grace period
  REQUIRE(t.sink.events.size() == 1);
  t.node.streams().connect(1, 1);
  REQUIRE(t.sink.events.size() == 4);
  REQUIRE(t.sink.events[1].second.id == 2);
  REQUIRE(t.sink.events[3].second.id == 4);
}

TEST_CASE("events evicted from the buffer are reported as EVENTS_DROPPED") {
  TestNode t;
  StreamManager& s = t.node.streams();
  s.connect(2, std::nullopt);
  t.rpc("stream::heartbeat::enable",
        Json::parse(R"({"client_id":2,"config":{"stream_interval_seconds":0.01}})"));
  s.disconnect(2);
  runFor(t, 15000);  // ~1500 beats > 1024 buffered
  s.connect(2, 0);
  REQUIRE(t.sink.events.size() == 1 + 1024 + 1);
  const StreamEvent& gap = t.sink.events[1].second;
  REQUIRE(gap.type == "EVENTS_DROPPED");
  Json g = Json::parse(gap.message_json);
  REQUIRE(g["first_missing_id"] == 1);
  REQUIRE(g["last_missing_id"].get<std::uint64_t>() + 1 == t.sink.events[2].second.id);
}

TEST_CASE("after the grace period a disconnected client is unsubscribed everywhere") {
  TestNode t;
  t.node.streams().connect(3, std::nullopt);
  t.rpc("stream::heartbeat::enable", Json::parse(R"({"client_id":3})"));
  t.node.streams().disconnect(3);
  runFor(t, 31000);
  REQUIRE(t.node.streams().runningStreamers() == 0);
  REQUIRE(t.rpc("stream::heartbeat::enable", Json::parse(R"({"client_id":3})"))["error"] ==
          "UnknownClient");
}

TEST_CASE("stream method refusals") {
  TestNode t;
  int status = 0;
  Json unknown = t.rpc("stream::heartbeat::enable", Json::parse(R"({"client_id":9})"), &status);
  REQUIRE(unknown["error_type"] == "EnableError");
  REQUIRE(unknown["error_data"] == "UnknownClient");
  REQUIRE(status == 400);
  t.node.streams().connect(9, std::nullopt);
  t.rpc("stream::heartbeat::enable", Json::parse(R"({"client_id":9})"));
  REQUIRE(t.rpc("stream::heartbeat::enable", Json::parse(R"({"client_id":9})"))["error_data"] ==
          "ClientAlreadyListening");
  REQUIRE(t.rpc("stream::disable",
                Json::parse(R"({"client_id":9,"streamer_id":"BALANCE:KMD"})"))["error_data"] ==
          "StreamerNotFound");
  REQUIRE(t.rpc("stream::disable",
                Json::parse(R"({"client_id":8,"streamer_id":"HEARTBEAT"})"))["error_type"] ==
          "DisableError");
  REQUIRE(t.rpc("stream::disable", Json::parse(R"({"streamer_id":"HEARTBEAT"})"))["error_type"] ==
          "InvalidRequest");
  for (const char* bad : {R"({"client_id":9,"config":{"stream_interval_seconds":0}})",
                          R"({"client_id":9,"config":{"stream_interval_seconds":"5"}})",
                          R"({"client_id":9,"config":{"stream_interval_seconds":100000}})",
                          R"({"client_id":9,"config":{"interval":5}})", R"({"client_id":-1})"}) {
    INFO(bad);
    REQUIRE(t.rpc("stream::heartbeat::enable", Json::parse(bad))["error_type"] == "InvalidRequest");
  }
  REQUIRE_THROWS_WITH(t.node.streams().connect(9, std::nullopt), "ID already in use");
}
