// cosmos_signing_bench: Cosmos MsgSend transactions built, signed (SIGN_MODE_DIRECT) and
// serialised per second by walletd's core, printed as one JSON line with a sample transaction
// (run.mjs verifies it with cosmjs first). The key is the cosmjs faucet key
// (m/44'/118'/0'/0/0 of its test mnemonic). Built natively and for wasm (run under node).
#include <cstdio>
#include <string>

#include "bench/rate_loop.h"
#include "core/coins/tendermint/cosmos_tx.h"
#include "core/encoding/hex.h"

using namespace walletd;

int main(int argc, char** argv) {
  const double min_seconds = argc > 1 ? std::stod(argv[1]) : 2.0;
  const char* host = argc > 2 ? argv[2] : "native";
  const Bytes raw = fromHex("e16ee698b4a4ee03566d7dd9bb6f0e8a2dda802527ba56205f5767c0049fa0b9");
  ByteArray<32> bytes{};
  std::copy(raw.begin(), raw.end(), bytes.begin());
  const PrivateKey key(bytes);
  const PublicKey public_key = PublicKey::fromPrivate(key);
  const std::string from = "cosmos1pkptre7fdkl6gfrzlesjjvhxhlc3r4gmmk8rs6";
  const std::string to = "cosmos1svaw0aqc4584x825ju7ua03g5xtxwd0ahl86hz";
  auto plan = [&](std::size_t n) {
    return CosmosTxPlan{msgSend(from, to, CosmosCoin{"uatom", std::to_string(100000 + n)}),
                        "",
                        22000100,
                        CosmosCoin{"uatom", "2500"},
                        125000,
                        "cosmoshub-4",
                        12345,
                        7 + n};
  };
  const std::string sample = toHex(signCosmosTx(plan(0), key, public_key).bytes);

  std::size_t sink = 0;
  const double rate = bench::stepsPerSecond(min_seconds, [&](std::size_t n) {
    sink += signCosmosTx(plan(n), key, public_key).bytes.size();  // built afresh each time
  });
  std::printf("{\"host\":\"%s\",\"msgsend_signed_per_s\":%.0f,\"sample\":\"%s\",\"sink\":%zu}\n",
              host, rate, sample.c_str(), sink);
  return 0;
}
