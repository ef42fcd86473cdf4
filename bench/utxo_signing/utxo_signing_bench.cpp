// utxo_signing_bench: a 100-input P2WPKH transaction built (inputs, a payment and change, each
// time from scratch), signed (BIP143) and serialised by walletd's core through Bitcoin's chain
// profile; printed as one JSON line
// with the milliseconds per transaction and a sample with what its inputs spend (run.mjs checks
// every input's signature with bitcoinjs-lib). Built natively and for wasm (run under node).
#include <cstdio>
#include <string>

#include "bench/rate_loop.h"
#include "core/coins/utxo/chain/bitcoin_chain.h"
#include "core/coins/utxo/tx/utxo_script.h"
#include "core/coins/utxo/tx/utxo_signer.h"
#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"

using namespace walletd;

namespace {

constexpr int kInputs = 100;

UtxoTransaction build(const Bytes& mine, std::uint64_t salt) {
  UtxoTransaction tx;
  tx.version = 2;
  for (int i = 0; i < kInputs; ++i) {
    TxInput in;
    in.prevout.txid.fill(static_cast<std::uint8_t>(i));
    in.prevout.index = static_cast<std::uint32_t>(i);
    in.sequence = 0xfffffffd;
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
  PrivateKey key{};
  key.fill(0x11);
  const ByteArray<20> hash = hash160(PublicKey::fromPrivate(key).compressed());
  const Bytes mine =
      scriptPubKeyFor({UtxoAddress::Kind::WitnessV0KeyHash, Bytes(hash.begin(), hash.end())});
  const std::vector<SpentOutput> spent(kInputs, SpentOutput{100'000, mine});
  auto keys = [&](ByteView) -> std::optional<PrivateKey> { return key; };
  UtxoTransaction sample = build(mine, 0);
  const BitcoinChain chain;
  signUtxoTransaction(sample, spent, keys, chain.sighash());
  const std::string sample_hex = toHex(chain.serialize(sample));

  std::size_t sink = 0;
  const double rate = bench::stepsPerSecond(min_seconds / 100, [&](std::size_t n) {
    UtxoTransaction tx = build(mine, n);
    signUtxoTransaction(tx, spent, keys, chain.sighash());
    sink += chain.serialize(tx).size();
  });
  std::printf(
      "{\"host\":\"%s\",\"ms_per_tx\":%.3f,\"inputs\":%d,\"spent_value\":100000,"
      "\"spent_script\":\"%s\",\"sample\":\"%s\",\"sink\":%zu}\n",
      host, 1000.0 / rate, kInputs, toHex(mine).c_str(), sample_hex.c_str(), sink);
  return 0;
}
