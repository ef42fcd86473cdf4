// The strict HTTP/1.1 request parser: framing, limits and refusals.
#include <catch2/catch.hpp>

#include "host-native/http/incoming_request.h"

using namespace walletd;
using Kind = ParseResult::Kind;

namespace {

ParseResult parse(const std::string& text, IncomingRequest& out, HttpLimits limits = {}) {
  return parseHttpRequest(text, limits, out);
}

int refusal(const std::string& text) {
  IncomingRequest out;
  ParseResult r = parse(text, out);
  return r.kind == Kind::Bad ? r.status : 0;
}

}  // namespace

TEST_CASE("a complete POST with Content-Length, then the next pipelined request") {
  const std::string one = "POST / HTTP/1.1\r\nHost: 127.0.0.1:7783\r\nContent-Length: 2\r\n\r\n{}";
  const std::string two = "POST /x?id=3 HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n";
  IncomingRequest out;
  ParseResult r = parse(one + two, out);
  REQUIRE(r.kind == Kind::Complete);
  REQUIRE(r.consumed == one.size());
  REQUIRE(out.method == "POST");
  REQUIRE(out.body == "{}");
  REQUIRE(out.keep_alive);
  REQUIRE(*out.header("host") == "127.0.0.1:7783");
  r = parse(two, out);
  REQUIRE(r.kind == Kind::Complete);
  REQUIRE(out.path() == "/x");
  std::string id;
  REQUIRE(out.queryParam("id", id));
  REQUIRE(id == "3");
}

TEST_CASE("partial requests ask for more, with the size needed once the headers are in") {
  IncomingRequest out;
  REQUIRE(parse("POST / HT", out).kind == Kind::NeedMore);
  ParseResult r = parse("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n{}", out);
  REQUIRE(r.kind == Kind::NeedMore);
  REQUIRE(r.needed == 48 + 10);
  r = parse("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n", out);
  REQUIRE(r.kind == Kind::NeedMore);
  REQUIRE(r.expects_continue);
}

TEST_CASE("chunked bodies are decoded; trailers and malformed chunks are refused") {
  IncomingRequest out;
  ParseResult r = parse(
      "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
      "2\r\n{}\r\n3;ext=1\r\nabc\r\n0\r\n\r\n",
      out);
  REQUIRE(r.kind == Kind::Complete);
  REQUIRE(out.body == "{}abc");
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
                  "0\r\nX-Trailer: 1\r\n\r\n") == 400);
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
                  "zz\r\n") == 400);
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
                  "2\r\n{}XX") == 400);
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n") == 501);
}

TEST_CASE("ambiguous framing is refused (request smuggling)") {
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n") ==
          400);
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n") ==
          400);
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n"
                  "Transfer-Encoding: chunked\r\n\r\n") == 400);
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +2\r\n\r\n") == 400);
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1, 1\r\n\r\n") == 400);
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == 400);
  REQUIRE(refusal("POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n") == 400);
  REQUIRE(refusal("POST / HTTP/1.1\nHost: a\n\n") == 400);
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n") == 400);
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost : a\r\n\r\n") == 400);
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\x01\r\n\r\n") == 400);
}

TEST_CASE("bad request lines are refused at their first bytes") {
  REQUIRE(refusal("\x16\x03\x01") == 400);  // a TLS ClientHello
  REQUIRE(refusal("GARBAGE\n") == 400);
  REQUIRE(refusal("POST  / HTTP/1.1\r\n") == 400);
  REQUIRE(refusal("POST / HTTP/2.0\r\nHost: a\r\n\r\n") == 505);
  REQUIRE(refusal("POST / HTTX/1.1\r\n") == 400);
  REQUIRE(refusal("POST /a b HTTP/1.1\r\n") == 400);
}

TEST_CASE("limits: header count, header bytes, request line, body") {
  std::string many = "POST / HTTP/1.1\r\nHost: a\r\n";
  for (int i = 0; i < 10000; ++i) many += "X-" + std::to_string(i) + ": 1\r\n";
  REQUIRE(refusal(many) == 431);
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\r\nX: " + std::string(20000, 'a')) == 431);
  REQUIRE(refusal("POST /" + std::string(9000, 'a')) == 414);
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999\r\n\r\n") == 413);
  REQUIRE(refusal("POST / HTTP/1.1\r\nHost: a\r\nExpect: something\r\n\r\n") == 417);
}

TEST_CASE("Connection headers and HTTP/1.0") {
  IncomingRequest out;
  REQUIRE(parse("POST / HTTP/1.1\r\nHost: a\r\nConnection: Close\r\n\r\n", out).kind ==
          Kind::Complete);
  REQUIRE_FALSE(out.keep_alive);
  REQUIRE(parse("POST / HTTP/1.0\r\n\r\n", out).kind == Kind::Complete);
  REQUIRE_FALSE(out.keep_alive);
  REQUIRE(parse("POST / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", out).kind == Kind::Complete);
  REQUIRE(out.keep_alive);
  REQUIRE(refusal("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n") == 400);
}
