// hd_keys_bench: HD addresses per second from a cached chain node (ETH and BTC P2PKH) and BIP39
// seeds per second, printed as one JSON line. Built natively and for wasm (run under node) so
// bench/hd_keys/run.mjs can print both next to the JS libraries. Natively the BIP39 seed uses
// OpenSSL's SHA-512 compression, as the daemon installs it.
#include <cstdio>
#include <string>

#include "bench/rate_loop.h"
#include "core/crypto/hashes.h"
#include "core/encoding/base58.h"
#include "core/encoding/eth_address.h"
#include "core/wallet/keys/bip32.h"
#include "core/wallet/keys/bip39.h"
#ifdef WALLETD_BENCH_OPENSSL_SHA512
#include "host-native/openssl_sha512.h"
#endif

using namespace walletd;

namespace {

const char* kMnemonic =
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

}  // namespace

int main(int argc, char** argv) {
  const double min_seconds = argc > 1 ? std::stod(argv[1]) : 2.0;
  const char* host = argc > 2 ? argv[2] : "native";
#ifdef WALLETD_BENCH_OPENSSL_SHA512
  if (!installOpensslSha512()) std::fprintf(stderr, "OpenSSL's SHA-512 was not installed\n");
#endif
  const ExtendedKey root = ExtendedKey::fromSeed(mnemonicToSeed(kMnemonic, "").view());
  const ExtendedKey eth_chain = root.derivePath(DerivationPath::parse("m/44'/60'/0'/0"));
  const ExtendedKey btc_chain = root.derivePath(DerivationPath::parse("m/44'/0'/0'/0"));
  std::size_t sink = 0;

  const std::string eth_first =
      eip55Checksum(ethAddressFromPublicKey(eth_chain.derive(0).publicKey().uncompressed()));
  const double eth = bench::stepsPerSecond(min_seconds, [&](std::size_t i) {
    const ExtendedKey child = eth_chain.derive(static_cast<std::uint32_t>(i % 0x7fffffff));
    sink += eip55Checksum(ethAddressFromPublicKey(child.publicKey().uncompressed())).size();
  });
  const double btc = bench::stepsPerSecond(min_seconds, [&](std::size_t i) {
    const ExtendedKey child = btc_chain.derive(static_cast<std::uint32_t>(i % 0x7fffffff));
    const auto hash = hash160(child.compressedPublicKey());
    sink += base58CheckEncode(concatBytes({Bytes{0x00}, hash})).size();
  });
  const double seeds = bench::stepsPerSecond(
      min_seconds, [&](std::size_t) { sink += mnemonicToSeed(kMnemonic, "TREZOR").size(); });
  std::printf(
      "{\"host\":\"%s\",\"eth_addresses_per_s\":%.0f,\"btc_addresses_per_s\":%.0f,\"bip39_seeds_"
      "per_s\":%.0f,"
      "\"eth_first\":\"%s\",\"sink\":%zu}\n",
      host, eth, btc, seeds, eth_first.c_str(), sink);
  return 0;
}
