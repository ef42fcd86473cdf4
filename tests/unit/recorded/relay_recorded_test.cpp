// RelayProviderClient against every recorded GasFree relay answer of tests/data/recorded/relay (the
// provider's documentation and wallet-cli's Nile output): what it reads from each envelope —
// `allow_submit` in snake case, the documentation's `reasone` typo, ISO or millisecond timestamps
// (never read), the envelope's refusals and the kind each maps to.
#include <catch2/catch.hpp>

#include "core/coins/tron/gasless/gasless_errors.h"
#include "core/coins/tron/gasless/relay_provider_client.h"
#include "core/encoding/tron_address.h"
#include "tests/unit/recorded/recorded.h"

using namespace walletd;
using namespace walletd::test;

namespace {

constexpr const char* kApi = "http://relay/api/v1/";

struct Fixture : TaskLoop {
  ScriptedHttpClient http;
  EthAddress user = parseTronAddress("TKtWbdzEq5ss9vTS9kwRhBp5mXmBfBns3E");
  RelayProviderClient client{http, config(), clock, nullptr};

  static std::shared_ptr<const RelayProviderConfig> config() {
    auto c = std::make_shared<RelayProviderConfig>();
    c->api_base = "http://relay";
    c->api_key = "key";
    c->api_secret = "secret";
    c->service_provider = parseTronAddress("TQ6qStrS2ZJ96gieZJC8AurTxwqJETmjfp");
    return c;
  }
  // Answers `path` (under /api/v1/) with the recording `file` of relay/.
  void answer(const std::string& path, const std::string& file) {
    const std::string body = recorded("relay/" + file);
    http.on(kApi + path, [body](const HttpRequest&) { return HttpResponse{200, {}, body}; });
  }
  RelayTrace submit() {
    PermitTransfer permit;
    permit.user = user;
    return run(client.submit(permit, PermitSignature{}));
  }
};

// The nested kind of the Gasless error `call` throws (FAIL when it throws none).
template <typename Call>
std::string gaslessKind(Call call) {
  try {
    call();
  } catch (const RpcError& e) {
    CHECK(e.type() == "Gasless");
    return e.data().value().at("error_type").get<std::string>();
  }
  FAIL("expected a Gasless error");
  return "";
}

}  // namespace

TEST_CASE("recorded relay address/{account}: snake-case allow_submit, assets", "[recorded]") {
  Fixture f;
  f.answer("address/TKtWbdzEq5ss9vTS9kwRhBp5mXmBfBns3E",
           "address-allow_submit-snake-case-gasfree-docs.json");
  const RelayAccount a = f.run(f.client.account(f.user));
  CHECK(tronBase58(a.relay_address) == "TLGVf7MRsLG7XxBkJKy8wnCVcDnAeXYNCb");
  CHECK((a.active && a.nonce == 1 && !a.allow_submit));
  REQUIRE(a.assets.size() == 1);
  CHECK(tronBase58(a.assets[0].token) == "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf");
  CHECK((a.assets[0].activate_fee == UInt256(10000000) &&
         a.assets[0].transfer_fee == UInt256(10000000) && a.assets[0].frozen == UInt256(0)));
}

TEST_CASE("recorded relay: a code-400 envelope in HTTP 200 is the provider's refusal",
          "[recorded]") {
  Fixture f;
  f.answer("address/TKtWbdzEq5ss9vTS9kwRhBp5mXmBfBns3E",
           "address-not-found-error-gasfree-docs.json");
  CHECK(gaslessKind([&] { f.run(f.client.account(f.user)); }) == "ProviderBadRequest");
  CHECK_THROWS_WITH(f.run(f.client.account(f.user)),
                    "The relay provider refused: GasFreeAddressNotFoundException: 123");

  f.answer("gasfree/submit", "gasfree-submit-deadline-exceeded-gasfree-docs.json");
  CHECK(gaslessKind([&] { f.submit(); }) == "AuthorizationExpired");
}

TEST_CASE("recorded relay config/provider/all: the configured provider's deadline bounds",
          "[recorded]") {
  Fixture f;
  f.answer("config/provider/all", "config-provider-all-gasfree-docs.json");
  const RelayDeadlineBounds b = f.run(f.client.deadlineBounds());
  CHECK((b.min_seconds == 60 && b.max_seconds == 600 && b.default_seconds == 180));
}

TEST_CASE("recorded relay gasfree/submit: a WAITING transfer (documentation and Nile)",
          "[recorded]") {
  Fixture f;
  f.answer("gasfree/submit", "gasfree-submit-waiting-gasfree-docs.json");
  RelayTrace t = f.submit();
  CHECK((t.id == "6ab4c27c-f66b-4328-b40f-ffdc6cf1ca60" && t.state == "WAITING"));
  CHECK((t.txn_state.empty() && !t.txn_hash && !t.txn_block_num && !t.txn_total_fee && !t.reason));

  f.answer("gasfree/submit", "gasfree-submit-waiting-nile-wallet-cli.json");
  t = f.submit();
  CHECK((t.id == "6c3ff67e-0bf4-4c09-91ca-0c7c254b01a0" && t.state == "WAITING"));
  CHECK((t.txn_state.empty() && !t.txn_hash && !t.txn_block_num && !t.reason));
}

TEST_CASE("recorded relay gasfree/{traceId}: CONFIRMING, on chain, with its block and fee",
          "[recorded]") {
  Fixture f;
  const std::string id = "6c3ff67e-0bf4-4c09-91ca-0c7c254b01a0";
  f.answer("gasfree/" + id, "gasfree-trace-confirming-on-chain-nile-wallet-cli.json");
  const RelayTrace t = f.run(f.client.trace(id));
  CHECK((t.id == id && t.state == "CONFIRMING" && t.txn_state == "ON_CHAIN"));
  CHECK(t.txn_hash == "858f9a00776163b1f8a34467b9c5727657f8971a9f4e9d492f0a247fac0384f9");
  CHECK((t.txn_block_num == 57175988u && t.txn_block_timestamp_ms == 1747909638000u));
  CHECK(t.txn_total_fee == UInt256(2000));
  CHECK_FALSE(t.reason);
}
