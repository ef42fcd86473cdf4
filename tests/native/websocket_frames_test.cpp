// The daemon's WebSocket pieces without sockets, checked against RFC 6455's own examples (§1.3's
// handshake, §5.7's frames) and its rules for broken frames; then the line framings the native
// connector runs them through (a ping answered, a close echoed, an oversize message refused).
#include <catch2/catch.hpp>

#include "host-native/line_framing.h"
#include "host-native/websocket_frames.h"

using namespace walletd;
using namespace walletd::websocket;

namespace {

std::string bytes(std::initializer_list<int> list) {
  std::string out;
  for (int b : list) out.push_back(static_cast<char>(b));
  return out;
}

const Mask kRfcMask{0x37, 0xfa, 0x21, 0x3d};  // §5.7's masking key
const std::string kHello = bytes({0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f});
const std::string kMaskedHello =
    bytes({0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58});
const std::string kHel = bytes({0x01, 0x03, 0x48, 0x65, 0x6c});
const std::string kLo = bytes({0x80, 0x02, 0x6c, 0x6f});
const std::string kPingHello = bytes({0x89, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f});
const std::string kMaskedPongHello =
    bytes({0x8a, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58});

// Every "random" byte is the RFC's masking key, so masked frames are the RFC's.
class RfcMaskRandom : public Random {
 public:
  std::vector<std::uint8_t> bytes(std::size_t count) override {
    std::vector<std::uint8_t> out(count);
    for (std::size_t i = 0; i < count; ++i) out[i] = kRfcMask[i % 4];
    return out;
  }
};

Frame decodeAll(const std::string& frame, std::size_t max = 1 << 20) {
  std::size_t used = 0;
  std::optional<Frame> decoded = decodeFrame(frame, max, used);
  REQUIRE(decoded);
  REQUIRE(used == frame.size());
  return *decoded;
}

std::uint16_t closeCodeOf(const std::function<void()>& run) {
  try {
    run();
  } catch (const FrameError& e) {
    return e.close_code;
  }
  FAIL("no FrameError");
  return 0;
}

std::vector<Event> drain(MessageReader& reader) {
  std::vector<Event> events;
  while (std::optional<Event> event = reader.next()) events.push_back(std::move(*event));
  return events;
}

}  // namespace

TEST_CASE("RFC 6455 1.3: the accept value of the sample key") {
  CHECK(acceptKey("dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
}

TEST_CASE("RFC 6455 5.7: single-frame text, unmasked and masked") {
  CHECK(encodeFrame(Opcode::kText, "Hello", std::nullopt) == kHello);
  CHECK(encodeFrame(Opcode::kText, "Hello", kRfcMask) == kMaskedHello);
  const Frame plain = decodeAll(kHello);
  CHECK((plain.fin && plain.opcode == Opcode::kText && !plain.masked && plain.payload == "Hello"));
  const Frame masked = decodeAll(kMaskedHello);
  CHECK((masked.fin && masked.opcode == Opcode::kText && masked.masked));
  CHECK(masked.payload == "Hello");
}

TEST_CASE("RFC 6455 5.7: a fragmented text message is reassembled, whatever the reads") {
  CHECK(encodeFrame(Opcode::kText, "Hel", std::nullopt, false) == kHel);
  CHECK(encodeFrame(Opcode::kContinuation, "lo", std::nullopt) == kLo);
  const Frame first = decodeAll(kHel);
  CHECK((!first.fin && first.opcode == Opcode::kText && first.payload == "Hel"));
  const Frame last = decodeAll(kLo);
  CHECK((last.fin && last.opcode == Opcode::kContinuation && last.payload == "lo"));

  MessageReader whole(1 << 20);
  whole.append(kHel + kLo);
  std::vector<Event> events = drain(whole);
  REQUIRE(events.size() == 1);
  CHECK((events[0].kind == Event::Kind::kMessage && events[0].payload == "Hello"));

  MessageReader byte_by_byte(1 << 20);  // one byte per read: nothing before the last
  const std::string stream = kHel + kLo + kHello;
  std::vector<Event> all;
  for (char c : stream) {
    byte_by_byte.append(std::string(1, c));
    for (Event& e : drain(byte_by_byte)) all.push_back(std::move(e));
  }
  REQUIRE(all.size() == 2);
  CHECK((all[0].payload == "Hello" && all[1].payload == "Hello"));
}

TEST_CASE("RFC 6455 5.7: ping and masked pong; a ping between fragments") {
  CHECK(encodeFrame(Opcode::kPing, "Hello", std::nullopt) == kPingHello);
  CHECK(encodeFrame(Opcode::kPong, "Hello", kRfcMask) == kMaskedPongHello);
  const Frame pong = decodeAll(kMaskedPongHello);
  CHECK((pong.opcode == Opcode::kPong && pong.masked && pong.payload == "Hello"));

  MessageReader reader(1 << 20);
  reader.append(kHel + kPingHello + kLo);
  std::vector<Event> events = drain(reader);
  REQUIRE(events.size() == 2);
  CHECK((events[0].kind == Event::Kind::kPing && events[0].payload == "Hello"));
  CHECK((events[1].kind == Event::Kind::kMessage && events[1].payload == "Hello"));
}

TEST_CASE("RFC 6455 5.7: 256-byte and 64 KiB binary messages (16- and 64-bit lengths)") {
  const std::string small(256, 'a');
  const std::string small_frame = encodeFrame(Opcode::kBinary, small, std::nullopt);
  CHECK(small_frame.substr(0, 4) == bytes({0x82, 0x7E, 0x01, 0x00}));
  CHECK(decodeAll(small_frame).payload == small);

  const std::string big(65536, 'b');
  const std::string big_frame = encodeFrame(Opcode::kBinary, big, std::nullopt);
  CHECK(big_frame.substr(0, 10) == bytes({0x82, 0x7F, 0, 0, 0, 0, 0, 0x01, 0x00, 0x00}));
  const Frame decoded = decodeAll(big_frame);
  CHECK((decoded.opcode == Opcode::kBinary && decoded.payload == big));

  const std::string masked = encodeFrame(Opcode::kBinary, big, kRfcMask);  // the client's form
  CHECK(masked.substr(0, 14) ==
        bytes({0x82, 0xFF, 0, 0, 0, 0, 0, 0x01, 0x00, 0x00, 0x37, 0xfa, 0x21, 0x3d}));
  CHECK(decodeAll(masked).payload == big);
  CHECK(encodeFrame(Opcode::kText, std::string(125, 'x'), std::nullopt)[1] == 125);
  CHECK(encodeFrame(Opcode::kText, std::string(126, 'x'), std::nullopt)[1] == 126);
  CHECK(encodeFrame(Opcode::kText, std::string(65535, 'x'), std::nullopt)[1] == 126);
}

TEST_CASE("an incomplete frame waits for more bytes") {
  const std::string frames[] = {kHello, kMaskedHello,
                                encodeFrame(Opcode::kBinary, std::string(300, 'c'), std::nullopt),
                                encodeFrame(Opcode::kBinary, std::string(70000, 'd'), kRfcMask)};
  for (const std::string& frame : frames) {
    for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{3},
                             std::size_t{9}, frame.size() - 1}) {
      if (size >= frame.size()) continue;
      std::size_t used = 99;
      CHECK_FALSE(decodeFrame(std::string_view(frame).substr(0, size), 1 << 20, used));
      CHECK(used == 99);
    }
  }
}

TEST_CASE("broken frames are refused with 1002, oversize ones with 1009") {
  std::size_t used = 0;
  const auto decode = [&](const std::string& frame, std::size_t max = 1 << 20) {
    return [frame, max, &used] { decodeFrame(frame, max, used); };
  };
  CHECK(closeCodeOf(decode(bytes({0xC1, 0x00}))) == 1002);              // RSV1 without an extension
  CHECK(closeCodeOf(decode(bytes({0x83, 0x00}))) == 1002);              // opcode 3 is reserved
  CHECK(closeCodeOf(decode(bytes({0x8B, 0x00}))) == 1002);              // and 0xB
  CHECK(closeCodeOf(decode(bytes({0x09, 0x00}))) == 1002);              // a fragmented ping
  CHECK(closeCodeOf(decode(bytes({0x89, 0x7E, 0x00, 0x7E}))) == 1002);  // a ping over 125 bytes
  CHECK(closeCodeOf(decode(bytes({0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0}))) == 1002);  // 2^63
  // Over the limit: refused from the header alone, before the payload arrives.
  CHECK(closeCodeOf(decode(bytes({0x81, 0x0B}), 10)) == 1009);
  CHECK(closeCodeOf(decode(bytes({0x82, 0x7F, 0, 0, 0, 0x01, 0, 0, 0, 0}), 8 << 20)) == 1009);
  CHECK(decodeFrame(encodeFrame(Opcode::kText, std::string(10, 'x'), std::nullopt), 10, used));

  const auto read = [](const std::string& stream, std::size_t max = 1 << 20) {
    return [stream, max] {
      MessageReader reader(max);
      reader.append(stream);
      drain(reader);
    };
  };
  CHECK(closeCodeOf(read(kMaskedHello)) == 1002);               // servers never mask
  CHECK(closeCodeOf(read(kLo)) == 1002);                        // a continuation of nothing
  CHECK(closeCodeOf(read(kHel + kHello)) == 1002);              // a message inside a message
  CHECK(closeCodeOf(read(bytes({0x88, 0x01, 0x03}))) == 1002);  // a 1-byte close body
  CHECK(closeCodeOf(read(kHel + kLo, 4)) == 1009);              // "Hello" over 4 bytes
  CHECK(closeCodeOf(read(kHello, 4)) == 1009);
  CHECK_NOTHROW(read(kHel + kPingHello + kLo, 5)());  // the ping does not count
}

TEST_CASE("close bodies") {
  CHECK(closeBody(1000) == bytes({0x03, 0xE8}));
  CHECK(closeBody(1001, "going away") == bytes({0x03, 0xE9}) + "going away");
  CHECK(closeBody(0).empty());
  CHECK(describeClose(closeBody(1000)) == "1000");
  CHECK(describeClose(closeBody(1001, "going away")) == "1001 going away");
  CHECK(describeClose("") == "no code");
}

TEST_CASE("the opening handshake: the request, and the server's answer checked") {
  CHECK(upgradeRequest("server.example.com", "/chat", "dGhlIHNhbXBsZSBub25jZQ==") ==
        "GET /chat HTTP/1.1\r\nHost: server.example.com\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\nUser-Agent: walletd\r\n\r\n");
  const std::string key = "dGhlIHNhbXBsZSBub25jZQ==";
  const std::string ok =
      "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n";
  CHECK_NOTHROW(checkUpgradeResponse(ok, key));
  CHECK_NOTHROW(checkUpgradeResponse(
      "HTTP/1.1 101 OK\r\nupgrade: WebSocket\r\nCONNECTION: keep-alive, upgrade\r\n"
      "sec-websocket-accept:s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\nServer: x\r\n\r\n",
      key));
  // §1.3's server also picks the subprotocol "chat": this client asked for none.
  CHECK_THROWS_WITH(checkUpgradeResponse(
                        ok.substr(0, ok.size() - 2) + "Sec-WebSocket-Protocol: chat\r\n\r\n", key),
                    Catch::Contains("subprotocol"));
  CHECK_THROWS_WITH(checkUpgradeResponse(ok, "AAAAAAAAAAAAAAAAAAAAAA=="),
                    Catch::Contains("Sec-WebSocket-Accept"));
  CHECK_THROWS_WITH(
      checkUpgradeResponse("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n", key),
      Catch::Contains("HTTP/1.1 404 Not Found"));
  CHECK_THROWS_WITH(checkUpgradeResponse("HTTP/1.1 1010 x\r\n\r\n", key), Catch::Contains("1010"));
  CHECK_THROWS_WITH(checkUpgradeResponse("SSH-2.0-OpenSSH\r\n\r\n", key),
                    Catch::Contains("not HTTP"));
  CHECK_THROWS_WITH(
      checkUpgradeResponse("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\n"
                           "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n",
                           key),
      Catch::Contains("Upgrade: websocket"));
}

TEST_CASE("WebSocket framing: a line per message, pings answered, closes echoed") {
  RfcMaskRandom random;
  WebSocketFraming framing(random, 16);
  CHECK(framing.frame("Hello") == kMaskedHello);

  LineFraming::Taken taken = framing.take(kHel);
  CHECK((taken.lines.empty() && taken.reply.empty() && !taken.end));
  taken = framing.take(kPingHello + kLo + encodeFrame(Opcode::kText, "a\nb\n", std::nullopt));
  CHECK(taken.reply == kMaskedPongHello);  // §5.7's masked pong, as the answer to its ping
  CHECK(taken.lines == std::vector<std::string>{"Hello", "a\nb\n"});  // newlines stay
  CHECK(!taken.end);

  taken = framing.take(encodeFrame(Opcode::kClose, closeBody(1001, "bye"), std::nullopt) + kHello);
  CHECK(taken.lines.empty());  // nothing after the close
  CHECK(taken.reply == encodeFrame(Opcode::kClose, closeBody(1001), kRfcMask));
  REQUIRE(taken.end);
  CHECK(*taken.end == "the server closed the connection (WebSocket close 1001 bye)");

  CHECK(framing.goodbye().empty());  // the close went out already
  WebSocketFraming leaving(random, 16);
  CHECK(leaving.goodbye() == encodeFrame(Opcode::kClose, closeBody(1000), kRfcMask));
  CHECK(leaving.goodbye().empty());
  taken = leaving.take(encodeFrame(Opcode::kClose, closeBody(1000), std::nullopt));
  CHECK(taken.reply.empty());  // the server's answer to our close is not answered
  REQUIRE(taken.end);
  WebSocketFraming quiet(random, 16);  // a close without a code, or with one not to echo
  CHECK(quiet.take(bytes({0x88, 0x00})).reply == encodeFrame(Opcode::kClose, "", kRfcMask));
  WebSocketFraming odd(random, 16);
  CHECK(odd.take(encodeFrame(Opcode::kClose, closeBody(1005), std::nullopt)).reply ==
        encodeFrame(Opcode::kClose, "", kRfcMask));
}

TEST_CASE("WebSocket framing: an oversize or broken message ends the stream after a close") {
  RfcMaskRandom random;
  WebSocketFraming framing(random, 16);
  LineFraming::Taken taken =
      framing.take(kHello + encodeFrame(Opcode::kText, std::string(17, 'x'), std::nullopt));
  CHECK(taken.lines == std::vector<std::string>{"Hello"});
  CHECK(taken.reply == encodeFrame(Opcode::kClose, closeBody(1009), kRfcMask));
  REQUIRE(taken.end);
  CHECK(*taken.end == "the server sent a WebSocket message over 16 bytes");

  WebSocketFraming masked(random, 16);
  taken = masked.take(kMaskedHello);
  CHECK(taken.reply == encodeFrame(Opcode::kClose, closeBody(1002), kRfcMask));
  REQUIRE(taken.end);
  CHECK(taken.end->find("masked") != std::string::npos);
}

TEST_CASE("newline framing: lines across reads, an overlong line ends the stream") {
  NewlineFraming framing(8);
  CHECK(framing.frame("{}") == "{}\n");
  LineFraming::Taken taken = framing.take("ab");
  CHECK((taken.lines.empty() && !taken.end));
  taken = framing.take("c\nd\n\nef");
  CHECK(taken.lines == std::vector<std::string>{"abc", "d", ""});
  CHECK(framing.take("gh\n").lines == std::vector<std::string>{"efgh"});
  taken = framing.take("123456789");
  REQUIRE(taken.end);
  CHECK(*taken.end == "the server sent a line longer than 8 bytes");
  NewlineFraming electrum(8 << 20);
  CHECK(*electrum.take(std::string((8 << 20) + 1, 'x')).end ==
        "the server sent a line longer than 8 MiB");
}
