// UtxoChainRules from coins-file entries as KDF reads them (utxo_conf_builder.rs): the overwinter
// defaults of a v4 coin, overrides, BCH's implicit fork id, signature_version, refusals; and which
// built-in profile serves which entry (the entries are those of KDF's coins file).
#include <catch2/catch.hpp>

#include "core/coins/address_codec.h"
#include "core/coins/utxo/chain/bitcoin_chain.h"
#include "core/coins/utxo/chain/utxo_chains.h"
#include "tests/unit/utxo/utxo_entry.h"

using namespace walletd;
using SV = UtxoChainRules::SignatureVersion;

namespace {

CoinEntry entry(const std::string& ticker, Json conf) {
  return test::utxoEntry(ticker, std::move(conf));
}

}  // namespace

TEST_CASE("chain rules: KDF's defaults and overrides", "[utxo]") {
  const auto kmd = UtxoChainRules::fromEntry(entry("KMD", {{"txversion", 4}, {"overwintered", 1}}));
  CHECK(kmd.overwintered);
  CHECK(kmd.tx_version == 4);
  CHECK(kmd.version_group_id == 0x892f2085);
  CHECK(kmd.consensus_branch_id == 0x76b809bb);
  CHECK(kmd.signature_version == SV::Base);

  const auto zec = UtxoChainRules::fromEntry(entry("ZEC", {{"txversion", 4},
                                                           {"overwintered", 1},
                                                           {"version_group_id", "0x892f2085"},
                                                           {"consensus_branch_id", "0x4dec4df0"}}));
  CHECK(zec.consensus_branch_id == 0x4dec4df0);

  const auto v3 = UtxoChainRules::fromEntry(entry("V3", {{"txversion", 3}, {"overwintered", 1}}));
  CHECK(v3.version_group_id == 0x03c48270);
  CHECK(v3.consensus_branch_id == 0x5ba81b19);

  const auto bch = UtxoChainRules::fromEntry(entry("BCH", Json::object()));
  CHECK(bch.fork_id == 0x40);
  CHECK(bch.signature_version == SV::ForkId);
  const auto lcc =
      UtxoChainRules::fromEntry(entry("LCC", {{"fork_id", "0x40"}, {"signature_version", "base"}}));
  CHECK(lcc.fork_id == 0x40);
  CHECK(lcc.signature_version == SV::Base);
  const auto ltc = UtxoChainRules::fromEntry(entry("LTC", Json::object()));
  CHECK(ltc.fork_id == 0);
  CHECK(!ltc.tx_version);
  CHECK(ltc.describe() == "Bitcoin's rules");

  CHECK_THROWS_AS(UtxoChainRules::fromEntry(entry("X", {{"fork_id", "0xzz"}})), CoinRulesError);
  CHECK_THROWS_AS(UtxoChainRules::fromEntry(entry("X", {{"version_group_id", 7}})), CoinRulesError);
  CHECK_THROWS_AS(UtxoChainRules::fromEntry(entry("X", {{"signature_version", "taproot"}})),
                  CoinRulesError);
  CHECK_THROWS_AS(UtxoChainRules::fromEntry(entry("X", {{"txversion", "2"}})), CoinRulesError);
}

TEST_CASE("built-in profiles: Bitcoin's rules get the Bitcoin profile with their txversion",
          "[utxo]") {
  const auto ltc = builtInUtxoChains().forCoin(entry("LTC", Json::object()));
  CHECK(ltc->name() == "bitcoin");
  CHECK(ltc->newTransaction().version == BitcoinChain::kDefaultVersion);
  CHECK(builtInUtxoChains().forCoin(entry("ONE", {{"txversion", 1}}))->newTransaction().version ==
        1);
}
