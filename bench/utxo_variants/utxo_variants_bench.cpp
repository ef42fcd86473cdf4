// utxo_variants_bench: a 100-input transaction built (inputs, a payment and change, each time
// from scratch), signed and serialised by walletd's core through a chain profile chosen from
// coins-file rules: `btc` (Bitcoin's profile, P2WPKH inputs, BIP143), `bch` (the fork-id profile,
// P2PKH, SIGHASH_ALL|FORKID) or `kmd` (the overwintered v4 profile, P2PKH, ZIP-243); printed as
// one JSON line with the milliseconds per transaction and a sample with what its inputs spend
// (utxo_signing/run.mjs and utxo_variants/run.mjs check every input's signature with
// bitcoinjs-lib, bcash or @bitgo/utxo-lib). Native and wasm.
// Usage: utxo_variants_bench [seconds] [host] [btc|bch|kmd]
#include <cstdio>
#include <string>

#include "bench/rate_loop.h"
#include "core/coins/utxo/chain/utxo_chains.h"
#include "core/coins/utxo/tx/utxo_script.h"
#include "core/coins/utxo/tx/utxo_signer.h"
#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"

using namespace walletd;

namespace {

constexpr int kInputs = 100;

CoinEntry entryFor(const std::string& variant) {
  CoinEntry e;
  e.ticker = variant == "kmd" ? "KMD" : variant == "bch" ? "BCH" : "LTC";
  e.protocol_type = "UTXO";
  if (variant == "kmd") e.conf = Json{{"txversion", 4}, {"overwintered", 1}};
  if (variant == "bch")
    e.conf = Json{{"fork_id", "0x40"}, {"address_format", {{"format", "cashaddress"}}}};
  if (variant == "btc") e.conf = Json{{"segwit", true}};
  e.conf["coin"] = e.ticker;
  return e;
}

UtxoTransaction build(const UtxoChain& chain, const Bytes& mine, std::uint64_t salt) {
  UtxoTransaction tx = chain.newTransaction();
  for (int i = 0; i < kInputs; ++i) {
    TxInput in;
    in.prevout.txid.fill(static_cast<std::uint8_t>(i));
    in.prevout.index = static_cast<std::uint32_t>(i);
    if (tx.version == 2) in.sequence = 0xfffffffd;  // Bitcoin's: as bitcoinjs-lib's side sets it
    tx.inputs.push_back(in);
  }
  tx.outputs.push_back(
      {5'000'000 + salt, scriptPubKeyFor({UtxoAddress::Kind::P2PKH, Bytes(20, 0xab)})});
  tx.outputs.push_back({kInputs * 100'000ull - 5'000'000 - salt - 20'000, mine});
  return tx;
}

}  // namespace

int main(int argc, char** argv) {
  const double min_seconds = argc > 1 ? std::stod(argv[1]) : 2.0;
  const char* host = argc > 2 ? argv[2] : "native";
  const std::string variant = argc > 3 ? argv[3] : "bch";
  const std::shared_ptr<const UtxoChain> chain = builtInUtxoChains().forCoin(entryFor(variant));
  PrivateKey key{};
  key.fill(0x11);
  const ByteArray<20> hash = hash160(PublicKey::fromPrivate(key).compressed());
  const Bytes mine = scriptPubKeyFor(
      {variant == "btc" ? UtxoAddress::Kind::WitnessV0KeyHash : UtxoAddress::Kind::P2PKH,
       Bytes(hash.begin(), hash.end())});
  const std::vector<SpentOutput> spent(kInputs, SpentOutput{100'000, mine});
  auto keys = [&](ByteView) -> std::optional<PrivateKey> { return key; };
  UtxoTransaction sample = build(*chain, mine, 0);
  signUtxoTransaction(sample, spent, keys, chain->sighash());
  const std::string sample_hex = toHex(chain->serialize(sample));

  std::size_t sink = 0;
  const double rate = bench::stepsPerSecond(min_seconds / 100, [&](std::size_t n) {
    UtxoTransaction tx = build(*chain, mine, n);
    signUtxoTransaction(tx, spent, keys, chain->sighash());
    sink += chain->serialize(tx).size();
  });
  std::printf(
      "{\"host\":\"%s\",\"variant\":\"%s\",\"ms_per_tx\":%.3f,\"inputs\":%d,"
      "\"spent_value\":100000,\"spent_script\":\"%s\",\"sample\":\"%s\",\"sink\":%zu}\n",
      host, variant.c_str(), 1000.0 / rate, kInputs, toHex(mine).c_str(), sample_hex.c_str(), sink);
  return 0;
}
