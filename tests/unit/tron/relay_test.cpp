// The relay provider's protocol, against the documented vectors: the creation codes' digests,
// relay (CREATE2) addresses for private keys 1..5 on three networks, the TIP-712 domain
// separators, the SDK's and KDF's permit hashes, end-to-end signatures (RFC 6979, v = 27/28) that
// recover to the user, and the HMAC Authorization header.
#include <catch2/catch.hpp>

#include "core/coins/tron/gasless/permit_transfer.h"
#include "core/coins/tron/gasless/relay_address.h"
#include "core/coins/tron/gasless/relay_auth.h"
#include "core/crypto/keccak.h"
#include "core/encoding/hex.h"
#include "core/encoding/tron_address.h"

using namespace walletd;

namespace {

const RelayNetwork& network(const char* name) {
  const RelayNetwork* n = relayNetwork(name);
  REQUIRE(n != nullptr);
  return *n;
}

EthAddress t(const char* base58) {
  return parseTronAddress(base58);
}

PrivateKey keyOf(std::uint8_t last, std::uint8_t fill = 0) {
  PrivateKey key{};
  key.fill(fill);
  key[31] = last;
  return key;
}

std::string hash(const Digest32& digest) {
  return "0x" + toHex(digest);
}

}  // namespace

TEST_CASE("the creation codes are the published ones (Keccak-256 and length)") {
  CHECK(network("Mainnet").creation_code.size() == 997);
  CHECK(hash(keccak256(network("Mainnet").creation_code)) ==
        "0x28122b164158c3961d140d546ce24bb496fa91bff2b3cbc3f073d4eb5d998b22");
  CHECK(network("Nile").creation_code.size() == 997);
  CHECK(hash(keccak256(network("Nile").creation_code)) ==
        "0x8a1613b444604b6dc63c348f90741c31aef84360be2e9aaa142422c90059fcd4");
  CHECK(network("Shasta").creation_code.size() == 1208);
  CHECK(hash(keccak256(network("Shasta").creation_code)) ==
        "0x490791365cc571bb1659ec928507a7b5f69ab6c65a8cdf7ee9a4a8c61b2f3477");
  CHECK(relayNetwork("Devnet") == nullptr);
}

TEST_CASE("relay addresses of private keys 1..5 and 0x01x32 on mainnet, Nile and Shasta") {
  struct Row {
    PrivateKey key;
    const char* user;
    const char* mainnet;
    const char* nile;
    const char* shasta;
  };
  const Row rows[] = {
      {keyOf(1), "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC", "TBwmA2PtMXC4HiGvfi8xg2jZd5i3y89DjK",
       "TUGC4eNuEgbaLotwxzzXEck1fRWru6n8ye", "TX5TyYzg9a15HksNfTkKbEqGxa7UEPuJE8"},
      {keyOf(2), "TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K", "TTA7pGKZdpkJwiwuookcfbkdq6kZxysn86",
       "TLvVuqx74fMy8QMjEsMT4dWwmVbuNwYt8X", "TFPccGHtYiUBF5Gbke8Dnk6x1hUNLDA7Uw"},
      {keyOf(3), "TKTX96CBxr5kvhjsDHcqoiPWZageGxoTW3", "TJyjjMa8AKvARKyMRNm2JrZ6ftQh3cC6Zg",
       "TTjqEjsitExzYsoDaR65nd3d2avhsXayfL", "TFcDT19LqyVPkTenvV5yhtidkGxhEKxGmo"},
      {keyOf(4), "TCo75zcxTuWn5nnFqZUeK5socdVnG11f2T", "TLCZMcXQuv7A9n1j3L8dTn2rr9oNe2Xqz3",
       "TDd2QwVKX5ujRtCkWGNJUXRD16GyvYLZm3", "TAt7QZUsP3d6JopDZLHpqcLRe1hUqPhAaa"},
      {keyOf(5), "TWYSVbUy6eTu6ZrFWRUimgDy9SinkggVKL", "TVKvPadRp1B5uagKTWi93YrwxfwPGEbbUQ",
       "TUgxrm9ynUaPMSbDt65nXbWVD9fYcZyFKk", "TR1Gq7N1w4W5qo8KefjGtZCDgPoTkYzoam"},
      {keyOf(1, 1), "TCNkawTmcQgYSU8nP8cHswT1QPjharxJr7", "TUYd3JnNwfHBBzDVrAgZokGs6d99pgVbFp",
       "TQkBxQRNz6R37bPcRUbEYsnszMKSooYKg3", nullptr},
  };
  for (const Row& row : rows) {
    const EthAddress user = ethAddressFromPublicKey(PublicKey::fromPrivate(row.key).uncompressed());
    REQUIRE(tronBase58(user) == row.user);
    CHECK(tronBase58(relayAddress(network("Mainnet"), user)) == row.mainnet);
    CHECK(tronBase58(relayAddress(network("Nile"), user)) == row.nile);
    if (row.shasta) CHECK(tronBase58(relayAddress(network("Shasta"), user)) == row.shasta);
  }
}

TEST_CASE("TIP-712 domain separators of the three networks") {
  CHECK(hash(permitDomainSeparator(network("Mainnet"))) ==
        "0x82f2b33881ada15cfdfa98b393db0e6f80fc9a27a4883ad62943ec5da825c9e8");
  CHECK(hash(permitDomainSeparator(network("Nile"))) ==
        "0x31a0a46f427dd040c91835228e4555951bde0a894cae6239869bb680ebc6ebea");
  CHECK(hash(permitDomainSeparator(network("Shasta"))) ==
        "0x9dca93e3eac3ce9330371ce98bef1401348ce5fe3366667fe91ad1810b69e382");
}

TEST_CASE("permit hashes: the SDK's two Nile examples and KDF's mainnet vector") {
  PermitTransfer one;
  one.token = t("TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf");
  one.service_provider = t("TDbJyQ6g1Lx9BAfEEeN5S5TMjjDRAVFCaA");
  one.user = t("TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC");
  one.receiver = t("TJM1BE5wq1VdHh3gwjUeyaVkvZp9DVYCfC");
  one.value = 10000;
  one.max_fee = 2000;
  one.deadline = 1726207632;
  one.nonce = 2;
  CHECK(hash(permitStructHash(one)) ==
        "0x66ddee4970f99745397d1da5037b1af25380b406e58d613e9a4e44c88f53f656");
  CHECK(hash(permitDigest(network("Nile"), one)) ==
        "0xb1226f3a0b690b04e2c39fac3b58352ed68943a12a54b58035045215aaf0b9b1");

  PermitTransfer two = one;
  two.token = t("TLBaRhANQoJFTqre9Nf1mjuwNWjCJeYqUL");
  two.user = t("TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K");
  two.receiver = t("TLFXfejEMgivFDR2x8qBpukMXd56spmFhz");
  two.value = 20000;
  two.deadline = 1726507632;
  two.nonce = 3;
  CHECK(hash(permitStructHash(two)) ==
        "0x810698dcc75464432adbb9ee4f3cabeb8340e59b278df4a67799cedcbd4ff2eb");
  CHECK(hash(permitDigest(network("Nile"), two)) ==
        "0x25c20423c18719438f4d40e6b8fec40ede6b73fb3fa702453ea9bd17dd154fb5");

  PermitTransfer kdf;
  kdf.token = t("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  kdf.service_provider = t("TLntW9Z59LYY5KEi9cmwk3PKjQga828ird");
  kdf.user = t("TFDP1vFeSYPT6FUznL7zUjhg5X7p2AA8vw");
  kdf.receiver = t("TSPrmJetAMo6S6RxMd4tswzeRCFVegBNig");
  kdf.value = 20000000;
  kdf.max_fee = 20000000;
  kdf.deadline = 1740641152;
  kdf.nonce = 1;
  CHECK(hash(permitDigest(network("Mainnet"), kdf)) ==
        "0x4e0e1444d20768c286b9de66064e4e7311b5160871c8c0292ffeac9a16265622");
}

TEST_CASE("end-to-end permits A-D: hash, RFC 6979 signature with v = 27/28, signer recovered") {
  struct Row {
    const char* network;
    PrivateKey key;
    const char* token;
    std::uint64_t value, max_fee, nonce;
    const char* digest;
    const char* sig;
  };
  const Row rows[] = {
      {"Mainnet", keyOf(1), "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", 1000000, 2000000, 0,
       "0xfd5a159c9ea2bc71b7ed8b65639869f17d9f6e14afb2c1ad6ec56455871a9e94",
       "2c6469fd1557331510af8e2751204334b49485bd45c162563218bd400536df47203f904550b85cfd3a22faad07"
       "413d84b91d7e819273ce5b4d397e563cbbaded1b"},
      {"Nile", keyOf(1), "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf", 1000000, 2000000, 0,
       "0x71846a1b8a2c0bb8a5af6de14e7df227fc05178e8eef61f8137e20591b9cf222",
       "6c8d272465335873c28b398289195ea571a481a8db9e3e986da3f50be050f8ca4da4572fd23706cd66d8ca661d"
       "7661ad99e13b6e7661b80be8ec97f6d7fccd7d1b"},
      {"Mainnet", keyOf(1, 1), "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", 123456789, 1100000, 7,
       "0xb7eb0a42f7a872c509edfbae6496c9dc914fa520cebbd6ff45459ad85b849416",
       "be9855f0bc483532988223e64d19214f30c9f40272b2b77797f89ae645b361690a6ba0433443bf64eef039d13e"
       "0d64966655b99d3b922aa7aa15dd91d80cd0ac1b"},
      {"Nile", keyOf(1, 1), "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf", 123456789, 1100000, 7,
       "0xd26c162faba73aa4162b94f67397c475a5a636f9b9ea1d3d14ff001dfcba95c5",
       "db41983e70ea9f2b488ac30209d412efa9a7f3992f7e50586e045474ac8e685366e373fe60b4623ca2fb42e9be"
       "7a9135aaf190ef9e58fc753119ed1b63ca417b1c"},
  };
  for (const Row& row : rows) {
    PermitTransfer p;
    p.token = t(row.token);
    p.service_provider = t("TQ6qStrS2ZJ96gieZJC8AurTxwqJETmjfp");
    p.user = ethAddressFromPublicKey(PublicKey::fromPrivate(row.key).uncompressed());
    p.receiver = t("TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K");
    p.value = row.value;
    p.max_fee = row.max_fee;
    p.deadline = 1735689600;
    p.nonce = row.nonce;
    const RelayNetwork& n = network(row.network);
    CHECK(hash(permitDigest(n, p)) == row.digest);
    const PermitSignature sig = signPermit(n, p, row.key);
    CHECK(toHex(sig) == row.sig);
    CHECK(permitSigner(n, p, sig) == p.user);
    PermitTransfer other = p;
    other.value = UInt256(row.value + 1);
    CHECK(permitSigner(n, other, sig) != p.user);  // a changed field no longer recovers the user
    PermitSignature bad_v = sig;
    bad_v[64] = 1;
    CHECK(!permitSigner(n, p, bad_v));
  }
}

TEST_CASE("the Authorization header: the notes' four vectors and KDF's") {
  const std::uint64_t ts = 1731912286;
  CHECK(relayAuthorization("test-api-key", "test-api-secret", "GET",
                           "/tron/api/v1/config/token/all", ts) ==
        "ApiKey test-api-key:B2XV+gntmLPaEu8c5Az3pjI+Bp7bLHNHUDIF8kMpDIw=");
  CHECK(relayAuthorization("test-api-key", "test-api-secret", "GET",
                           "/nile/api/v1/address/TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC", ts) ==
        "ApiKey test-api-key:1uS6LJ81g2aruuoqR19A0hTffjQ/MnlnWjFOC74s4sg=");
  CHECK(relayAuthorization("test-api-key", "test-api-secret", "POST", "/tron/api/v1/gasfree/submit",
                           ts) ==
        "ApiKey test-api-key:GQV7/E0WZzTD6351/+dr1kpiyC137ib1PaFpJqfQoLk=");
  CHECK(relayAuthorization("test-api-key", "test-api-secret", "GET",
                           "/shasta/api/v1/gasfree/6ab4c27c-f66b-4328-b40f-ffdc6cf1ca60", ts) ==
        "ApiKey test-api-key:EWaA82ASC2n+X0K0WzvX5fvFQQTzpUDbv5i0MAd98yk=");
  CHECK(relayAuthorization("test-key", "test-secret", "GET", "/nile/api/v1/config/token/all", ts) ==
        "ApiKey test-key:sYfwaLSnifcL/MTLFDmfORdCVceFLckEPL1mMKEjTHQ=");
}
