// permit_signing_bench: relay permits (TIP-712 PermitTransfer) hashed and signed per second by
// walletd's core, printed as one JSON line with a sample signature (run.mjs checks it with the
// provider's SDK and ethers). Built natively and for wasm (run under node).
#include <cstdio>
#include <string>

#include "bench/rate_loop.h"
#include "core/coins/tron/gasless/permit_transfer.h"
#include "core/encoding/hex.h"
#include "core/encoding/tron_address.h"

using namespace walletd;

int main(int argc, char** argv) {
  const double min_seconds = argc > 1 ? std::stod(argv[1]) : 2.0;
  const char* host = argc > 2 ? argv[2] : "native";
  PrivateKey key{};
  key.fill(0x46);
  const RelayNetwork& nile = *relayNetwork("Nile");
  PermitTransfer permit;
  permit.token = parseTronAddress("TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf");
  permit.service_provider = parseTronAddress("TQ6qStrS2ZJ96gieZJC8AurTxwqJETmjfp");
  permit.user = ethAddressFromPublicKey(PublicKey::fromPrivate(key).uncompressed());
  permit.receiver = parseTronAddress("TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K");
  permit.value = 1000000;
  permit.max_fee = 2000000;
  permit.deadline = 1735689600;
  const std::string sample = toHex(signPermit(nile, permit, key));

  std::size_t sink = 0;
  const double rate = bench::stepsPerSecond(min_seconds, [&](std::size_t n) {
    permit.nonce = n;  // a different permit each time
    sink += signPermit(nile, permit, key)[64];
  });
  std::printf("{\"host\":\"%s\",\"permits_signed_per_s\":%.0f,\"sample\":\"%s\",\"sink\":%zu}\n",
              host, rate, sample.c_str(), sink);
  return 0;
}
