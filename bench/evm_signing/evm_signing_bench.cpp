// evm_signing_bench: EIP-1559 ETH transfers signed and serialised per second by walletd's core,
// printed as one JSON line with a sample signed transaction (run.mjs checks it with ethers).
// Built natively and for wasm (run under node).
#include <cstdio>
#include <string>

#include "bench/rate_loop.h"
#include "core/coins/evm/evm_transaction.h"
#include "core/encoding/hex.h"

using namespace walletd;

int main(int argc, char** argv) {
  const double min_seconds = argc > 1 ? std::stod(argv[1]) : 2.0;
  const char* host = argc > 2 ? argv[2] : "native";
  PrivateKey key{};
  key.fill(0x46);
  EvmTransaction tx;
  tx.chain_id = 1;
  tx.max_priority_fee_per_gas = *UInt256::fromDecimal("1.5", 9);
  tx.max_fee_per_gas = *UInt256::fromDecimal("30", 9);
  tx.gas_limit = 21000;
  tx.to = parseEthAddress("0x3535353535353535353535353535353535353535", false);
  tx.value = *UInt256::fromDecimal("0.01", 18);
  const std::string sample = toHex(tx.sign(key).raw);

  std::size_t sink = 0;
  const double rate = bench::stepsPerSecond(min_seconds, [&](std::size_t n) {
    tx.nonce = n;
    sink += tx.sign(key).raw.size();
  });
  std::printf("{\"host\":\"%s\",\"eip1559_signed_per_s\":%.0f,\"sample\":\"0x%s\",\"sink\":%zu}\n",
              host, rate, sample.c_str(), sink);
  return 0;
}
