// The Trezor over a host's report link: messages framed into 64-byte reports and the device's
// reports collected into its answer; a link that fails is a device gone; the opener wants
// exactly one device.
#include <catch2/catch.hpp>

#include <deque>

#include "core/encoding/hex.h"
#include "core/hardware/trezor/messages.h"
#include "core/hardware/trezor/report_transport.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::trezor;
using walletd::test::TaskLoop;

namespace {

constexpr const char* kEthSignTx =
    "08ac8080800808bc80808008088080808008080008001201091a0504a817c800220252085a2a30783335333533"
    "353335333533353335333533353335333533353335333533353335333533353335333532080de0b6b3a7640000480"
    "1";

// Records the reports written; answers reads from `incoming`; fails once it runs dry.
class ScriptedLink : public ReportLink {
 public:
  std::vector<Bytes>* written;
  std::deque<Bytes> incoming;
  bool* closed;
  ScriptedLink(std::vector<Bytes>* w, bool* c) : written(w), closed(c) {}
  Task<void> write(Bytes report) override {
    written->push_back(std::move(report));
    co_return;
  }
  Task<Bytes> read() override {
    if (incoming.empty()) throw DeviceLinkError("the emulator does not answer");
    Bytes next = std::move(incoming.front());
    incoming.pop_front();
    co_return next;
  }
  void close() override { *closed = true; }
};

class ScriptedLinks : public DeviceLinks {
 public:
  std::size_t devices = 1;
  std::vector<Bytes> written;
  bool closed = false;
  std::deque<Bytes> answers;
  DeviceLinkTarget asked;
  bool supports(const std::string& kind) const override { return kind == "udp"; }
  Task<std::vector<std::unique_ptr<ReportLink>>> open(DeviceLinkTarget target) override {
    asked = target;
    std::vector<std::unique_ptr<ReportLink>> out;
    for (std::size_t i = 0; i < devices; ++i) {
      auto link = std::make_unique<ScriptedLink>(&written, &closed);
      link->incoming = answers;
      out.push_back(std::move(link));
    }
    co_return out;
  }
};

std::deque<Bytes> reportsOf(const Message& m) {
  std::deque<Bytes> out;
  for (const Report& r : frameReports(m)) out.emplace_back(r.begin(), r.end());
  return out;
}

}  // namespace

TEST_CASE("a message goes out in reports and the device's reports come back as its answer") {
  TaskLoop l;
  ScriptedLinks links;
  const Message answer{static_cast<std::uint16_t>(MessageType::EthereumSignTx),
                       SecretBytes(fromHex(kEthSignTx))};
  links.answers = reportsOf(answer);  // two reports
  LinkOpener opener(links, {"udp", "127.0.0.1:21324"});
  std::unique_ptr<Transport> transport = l.run(opener.openOnly());
  CHECK(links.asked.address == "127.0.0.1:21324");
  const auto request = [] {
    return Message{static_cast<std::uint16_t>(MessageType::EthereumSignTx),
                   SecretBytes(fromHex(kEthSignTx))};
  };
  const Message got = l.run(transport->call(request()));
  CHECK(got.type == 58);
  CHECK(toHex(got.payload.view()) == kEthSignTx);
  REQUIRE(links.written.size() == 2);
  CHECK(toHex(ByteView(links.written[0]).first(9)) == "3f2323003a0000005c");
  CHECK(links.written[1][0] == '?');
  SECTION("the link failing mid-answer is the device gone") {
    CHECK_THROWS_AS(l.run(transport->call(request())), DeviceUnavailable);
  }
  SECTION("release closes the link") {
    l.run(walletd::test::runVoid(transport->release()));
    CHECK(links.closed);
  }
}

TEST_CASE("the opener wants exactly one device, and reports must be 64 bytes") {
  TaskLoop l;
  ScriptedLinks none;
  none.devices = 0;
  CHECK_THROWS_AS(l.run(LinkOpener(none, {"udp", "x:1"}).openOnly()), DeviceUnavailable);
  ScriptedLinks two;
  two.devices = 2;
  CHECK_THROWS_AS(l.run(LinkOpener(two, {"udp", "x:1"}).openOnly()), MultipleDevices);
  ScriptedLinks short_report;
  short_report.answers = {Bytes(63, '?')};
  LinkOpener opener(short_report, {"udp", "x:1"});
  std::unique_ptr<Transport> transport = l.run(opener.openOnly());
  CHECK_THROWS_AS(l.run(transport->call(emptyMessage(MessageType::GetFeatures))), WireError);
}
