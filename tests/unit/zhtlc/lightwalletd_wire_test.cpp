// lightwalletd's wire formats (core/coins/zhtlc/lightwalletd): gRPC-web frames and statuses
// (data then trailer frames, trailers-only answers in headers, percent-encoded messages, damaged
// and compressed frames), and the compact messages decoded from protobuf written field by field,
// with fields walletd does not read (Zcash's chainMetadata, Orchard actions) skipped.
#include <catch2/catch.hpp>

#include "core/coins/zhtlc/lightwalletd/compact_formats.h"
#include "core/coins/zhtlc/lightwalletd/grpc_web.h"
#include "core/encoding/hex.h"
#include "core/encoding/protobuf.h"

using namespace walletd;

namespace {

HttpResponse answer(std::string body,
                    std::vector<std::pair<std::string, std::string>> headers = {}) {
  HttpResponse response;
  response.status = 200;
  response.headers = std::move(headers);
  response.body = std::move(body);
  return response;
}

std::string trailer(const std::string& text) {
  std::string frame = grpcWebFrame(asBytes(text));
  frame[0] = static_cast<char>(0x80);
  return frame;
}

Bytes filled(std::size_t size, std::uint8_t value) {
  return Bytes(size, value);
}

}  // namespace

TEST_CASE("gRPC-web: a request frame, data frames and the trailer's status") {
  const HttpRequest request =
      grpcWebRequest("https://lightd.example:443/", "/p.S/GetLatestBlock", Bytes{0x08, 0x01}, 1000);
  CHECK(request.url == "https://lightd.example:443/p.S/GetLatestBlock");
  CHECK(request.method == "POST");
  CHECK(request.body == std::string("\0\0\0\0\x02\x08\x01", 7));
  CHECK(request.headers[0] ==
        std::pair<std::string, std::string>{"content-type", "application/grpc-web+proto"});

  const std::string two = grpcWebFrame(Bytes{1, 2}) + grpcWebFrame(Bytes{}) +
                          trailer("grpc-status:0\r\ngrpc-message:\r\n");
  const std::vector<Bytes> messages = grpcWebMessages(answer(two));
  REQUIRE(messages.size() == 2);
  CHECK(messages[0] == Bytes{1, 2});
  CHECK(messages[1].empty());

  try {
    grpcWebMessages(answer(trailer("grpc-status: 12\r\ngrpc-message: unknown%20method\r\n")));
    FAIL("no error");
  } catch (const GrpcError& e) {
    CHECK(e.grpc_status == 12);
    CHECK(std::string(e.what()) == "gRPC status 12: unknown method");
  }
  // Trailers-only: the status is in the HTTP headers.
  try {
    grpcWebMessages(answer("", {{"Grpc-Status", "5"}, {"grpc-message", "block not found"}}));
    FAIL("no error");
  } catch (const GrpcError& e) {
    CHECK(e.grpc_status == 5);
  }
  CHECK(grpcWebMessages(answer("", {{"grpc-status", "0"}})).empty());
}

TEST_CASE("gRPC-web: what is not a gRPC-web answer") {
  const auto notGrpc = [](const HttpResponse& response) {
    try {
      grpcWebMessages(response);
    } catch (const GrpcError& e) {
      return e.grpc_status == -1;
    }
    return false;
  };
  HttpResponse html = answer("<!doctype html>");
  CHECK(notGrpc(html));
  html.status = 404;
  CHECK(notGrpc(html));
  CHECK(notGrpc(answer(grpcWebFrame(Bytes{1}))));                     // no status at all
  CHECK(notGrpc(answer(grpcWebFrame(Bytes{1, 2, 3}).substr(0, 6))));  // truncated
  std::string compressed = grpcWebFrame(Bytes{1}) + trailer("grpc-status:0\r\n");
  compressed[0] = 1;
  CHECK(notGrpc(answer(compressed)));
}

TEST_CASE("Compact blocks decode with their spends and outputs; unknown fields are skipped") {
  ProtoWriter output;
  output.bytes(1, filled(32, 0xc1)).bytes(2, filled(32, 0xe2)).bytes(3, filled(52, 0x33));
  ProtoWriter spend;
  spend.bytes(1, filled(32, 0x0f));
  ProtoWriter orchard;  // Zcash's CompactTx.actions (6): not read
  orchard.bytes(1, filled(32, 0x99));
  ProtoWriter tx;
  tx.varint(1, 3)
      .bytes(2, filled(32, 0x7a))
      .varint(3, 1000)
      .message(4, spend)
      .message(5, output)
      .message(5, output)
      .message(6, orchard);
  ProtoWriter metadata;  // Zcash's CompactBlock.chainMetadata (8)
  metadata.varint(1, 77);
  ProtoWriter block;
  block.varint(1, 1)
      .varint(2, 1900001)
      .bytes(3, filled(32, 0xaa))
      .bytes(4, filled(32, 0xbb))
      .varint(5, 1652512423)
      .bytes(6, Bytes{})
      .message(7, tx)
      .message(8, metadata);
  const CompactBlock decoded = decodeCompactBlock(block.data());
  CHECK(decoded.height == 1900001);
  CHECK(decoded.hash == ByteArray<32>{0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa,
                                      0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa,
                                      0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa,
                                      0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa});
  CHECK(decoded.prev_hash[0] == 0xbb);
  CHECK(decoded.time == 1652512423);
  REQUIRE(decoded.vtx.size() == 1);
  CHECK(decoded.vtx[0].index == 3);
  REQUIRE(decoded.vtx[0].spends.size() == 1);
  CHECK(decoded.vtx[0].spends[0].nf[31] == 0x0f);
  REQUIRE(decoded.vtx[0].outputs.size() == 2);
  CHECK(decoded.vtx[0].outputs[1].epk[0] == 0xe2);
  CHECK(decoded.vtx[0].outputs[1].ciphertext == filled(52, 0x33));

  ProtoWriter short_output;
  short_output.bytes(1, filled(32, 1)).bytes(2, filled(32, 2)).bytes(3, filled(51, 3));
  ProtoWriter bad_tx;
  bad_tx.bytes(2, filled(32, 1)).message(5, short_output);
  ProtoWriter bad_block;
  bad_block.varint(2, 5).bytes(3, filled(32, 1)).bytes(4, filled(32, 2)).message(7, bad_tx);
  CHECK_THROWS_AS(decodeCompactBlock(bad_block.data()), ProtoError);
  ProtoWriter no_hash;
  no_hash.varint(2, 5);
  CHECK_THROWS_AS(decodeCompactBlock(no_hash.data()), ProtoError);
}

TEST_CASE("Tree states and block ids decode; requests encode") {
  ProtoWriter state;
  state.bytes(1, asBytes("main"))
      .varint(2, 1900000)
      .bytes(3, asBytes("00ab"))
      .varint(4, 1652512363)
      .bytes(5, asBytes("01aa00"));
  const TreeState decoded = decodeTreeState(state.data());
  CHECK(decoded.network == "main");
  CHECK(decoded.height == 1900000);
  CHECK(decoded.hash == "00ab");
  CHECK(decoded.time == 1652512363);
  CHECK(decoded.tree == "01aa00");

  ProtoWriter id;
  id.varint(1, 2500000).bytes(2, filled(32, 4));
  CHECK(decodeBlockId(id.data()).height == 2500000);
  CHECK(decodeBlockId(id.data()).hash.size() == 32);

  CHECK(toHex(encodeBlockId(1900000)) == "08e0fb73");
  CHECK(toHex(encodeBlockRange(1, 300)) == "0a020801120308ac02");
}
