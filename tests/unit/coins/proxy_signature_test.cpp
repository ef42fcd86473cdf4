// The proxy signature (core/coins/proxy_signature) and the P2P key it is made with: KDF's
// derivation (SHA-256 of the internal secp256k1 key, in Iguana and HD mode), libp2p's key
// encoding and peer id, the signed bytes and the X-Auth-Payload JSON — expected values computed
// with node:crypto (OpenSSL Ed25519), @scure/bip32 and ethers' base58. NodeFailover signs only the
// requests to `komodo_proxy` nodes and refuses such a node when there is no key.
#include <catch2/catch.hpp>

#include "core/coins/node_failover.h"
#include "core/coins/proxy_signature.h"
#include "core/encoding/hex.h"
#include "core/wallet/keys/wallet_keys.h"
#include "tests/unit/scripted_http_client.h"
#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

namespace {

constexpr const char* kIguanaKey =
    "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";

Bytes jsonBytes(const Json& array) {
  Bytes out;
  for (const Json& b : array) out.push_back(b.get<std::uint8_t>());
  return out;
}

}  // namespace

TEST_CASE("the P2P key is KDF's: Ed25519 seeded with SHA-256 of the internal key") {
  const WalletKeys iguana = WalletKeys::fromPassphrase(kIguanaKey, false);
  REQUIRE(iguana.p2pKey());
  CHECK(toHex(iguana.p2pKey()->publicKey()) ==
        "a3f5ca38150ad038380e9f59134a0c22f737c83b5b387fa9d760f262305e16ee");
  CHECK(libp2pPeerId(iguana.p2pKey()->publicKey()) ==
        "12D3KooWLrQ12ws5UVLKs7jGijAz1RkYe3QGNroK5Jpvbd3smL5T");
  // HD: the internal key is m/44'/141'/2147483647/0/0 of the seed.
  const WalletKeys hd = WalletKeys::fromPassphrase(
      "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon "
      "about",
      true);
  CHECK(toHex(hd.p2pKey()->publicKey()) ==
        "eecb61c244add657bade9fff3144eabfeda5b3cfe2c93261abaa0bab69c99042");
  CHECK(libp2pPeerId(hd.p2pKey()->publicKey()) ==
        "12D3KooWRtX5BGcTx8r9w6k8efodjwB2Mh2X4qWMJseFdZvyBMw7");
  CHECK_FALSE(WalletKeys::noLogin().p2pKey());
}

TEST_CASE("X-Auth-Payload carries the request's URL, size and expiry, signed as KDF signs it") {
  const WalletKeys keys = WalletKeys::fromPassphrase(kIguanaKey, false);
  const Json payload =
      Json::parse(proxyAuthPayload(*keys.p2pKey(), "https://proxy.example/rpc", 42, 1732005120));
  const Json& raw = payload.at("raw_message");
  CHECK(raw.at("uri") == "https://proxy.example/rpc");
  CHECK(raw.at("body_size") == 42);
  CHECK(raw.at("expires_at") == 1732005120 + kProxySignLifetimeSeconds);
  CHECK(toHex(jsonBytes(raw.at("public_key_encoded"))) ==
        "08011220a3f5ca38150ad038380e9f59134a0c22f737c83b5b387fa9d760f262305e16ee");
  CHECK(payload.at("address") == "12D3KooWLrQ12ws5UVLKs7jGijAz1RkYe3QGNroK5Jpvbd3smL5T");
  // What OpenSSL signs for the same bytes: prefix ‖ key ‖ uri ‖ 42 (u64 LE) ‖ expiry (i64 LE).
  CHECK(toHex(jsonBytes(payload.at("signature_bytes"))) ==
        "9c04cf6aa926e7a214ef9309264c52eb58360cd83951557e916b86898d383584f00ca53ed481ad5545896412eb"
        "9ddcb95756157d0f48a7404c26ee63697cbc07");
}

TEST_CASE("NodeFailover signs requests to proxy nodes only, and skips one it cannot sign for") {
  ManualClock clock;
  LoopExecutor loop{clock};
  ScriptedHttpClient http;
  const auto ok = [](const HttpRequest&) { return HttpResponse{200, {}, "{}"}; };
  http.on("http://plain/x", ok);
  http.on("http://proxied/x", ok);
  const auto accept = [](const HttpResponse&) { return std::optional<std::string>(); };
  const WalletKeys keys = WalletKeys::fromPassphrase(kIguanaKey, false);
  auto headerOf = [](const HttpRequest& r) -> std::optional<std::string> {
    for (const auto& [name, value] : r.headers) {
      if (name == kProxyAuthHeader) return value;
    }
    return std::nullopt;
  };

  NodeFailover signing(http, {{"http://proxied", true}, {"http://plain", false}}, 1000, &clock,
                       keys.p2pKey());
  auto outcome = runTask(loop, clock, signing.post("/x", "{\"a\":1}", accept));
  REQUIRE(outcome.answer);
  const auto header = headerOf(http.requests.back());
  REQUIRE(header);
  const Json raw = Json::parse(*header).at("raw_message");
  CHECK(raw.at("uri") == "http://proxied/x");
  CHECK(raw.at("body_size") == 7);

  // An empty path is signed as "/", the request target the proxy sees.
  const Json root = Json::parse(proxyAuthPayload(*keys.p2pKey(), "http://node:8545", 2, 0));
  CHECK(root.at("raw_message").at("uri") == "http://node:8545/");

  NodeFailover plain(http, {{"http://plain", false}}, 1000, &clock, keys.p2pKey());
  REQUIRE(runTask(loop, clock, plain.post("/x", "{}", accept)).answer);
  CHECK_FALSE(headerOf(http.requests.back()));

  // Without a key the proxy node is not asked at all; the next node answers.
  http.requests.clear();
  NodeFailover keyless(http, {{"http://proxied", true}, {"http://plain", false}}, 1000, &clock);
  outcome = runTask(loop, clock, keyless.post("/x", "{}", accept));
  REQUIRE(outcome.answer);
  CHECK(outcome.node->url == "http://plain");
  CHECK(http.requests.size() == 1);
  CHECK_THAT(outcome.failures, Catch::Contains("P2P key"));
}
