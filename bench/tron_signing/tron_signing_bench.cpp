// tron_signing_bench: TRX transfers (TransferContract) built, signed and serialised per second by
// walletd's core, printed as one JSON line with a sample signed transaction (run.mjs checks it
// with tronweb). Built natively and for wasm (run under node).
#include <cstdio>
#include <string>

#include "bench/rate_loop.h"
#include "core/coins/tron/tron_transaction.h"
#include "core/encoding/hex.h"
#include "core/encoding/tron_address.h"

using namespace walletd;

int main(int argc, char** argv) {
  const double min_seconds = argc > 1 ? std::stod(argv[1]) : 2.0;
  const char* host = argc > 2 ? argv[2] : "native";
  PrivateKey key{};
  key.fill(0x46);
  TronBlockRef block;
  block.number = 70000000;
  block.id[7] = 0x80;
  block.id[8] = 0xa1;
  block.timestamp_ms = 1735689600000;
  const EthAddress owner = ethAddressFromPublicKey(PublicKey::fromPrivate(key).uncompressed());
  const EthAddress to = parseTronAddress("TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K");
  TronTransaction tx = TronTransaction::onBlock(block, 60);
  tx.contract = TronTransfer{owner, to, 1000000};
  const std::string sample = toHex(tx.sign(key).bytes);

  std::size_t sink = 0;
  const double rate = bench::stepsPerSecond(min_seconds, [&](std::size_t n) {
    TronTransaction t = TronTransaction::onBlock(block, 60);  // built afresh each time
    t.contract = TronTransfer{owner, to, 1000000 + n};
    sink += t.sign(key).bytes.size();
  });
  std::printf("{\"host\":\"%s\",\"trx_signed_per_s\":%.0f,\"sample\":\"%s\",\"sink\":%zu}\n", host,
              rate, sample.c_str(), sink);
  return 0;
}
