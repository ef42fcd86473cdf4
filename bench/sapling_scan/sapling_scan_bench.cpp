// sapling_scan_bench: compact Sapling outputs trial-decrypted per second, in batches of 1,000 (a
// busy block's worth) of which one is the wallet's, printed as one JSON line with that hit (ivk,
// cmu, epk, ciphertext) so bench/sapling_scan/run.mjs can check its JS peer on the same output.
// Built natively and for wasm (run under node). Natively it also measures the daemon's way, the
// batch spread over every core by its ThreadComputePool.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/crypto/sapling/sapling_keys.h"
#include "core/crypto/sapling/trial_decryption.h"
#include "core/encoding/hex.h"
#ifdef WALLETD_BENCH_THREADS
#include "host-native/thread_compute_pool.h"
#endif

using namespace walletd;
using namespace walletd::sapling;

namespace {

constexpr std::size_t kBatch = 1000;
constexpr std::size_t kHit = 500;

struct Measured {
  double rate = 0;  // outputs per second
  std::size_t hits = 0;
  std::uint64_t value = 0;
};

// Trial-decrypts `outputs` batch after batch for at least `min_seconds`. A batch takes tens of
// milliseconds: timed batch by batch rather than by rate_loop's hundreds.
Measured measure(const ByteArray<32>& ivk, const std::vector<CompactOutput>& outputs,
                 double min_seconds, ComputePool* pool) {
  Measured out;
  std::size_t batches = 0;
  const auto start = std::chrono::steady_clock::now();
  double elapsed = 0;
  do {
    for (const auto& found : trialDecryptCompact(ivk, outputs, pool)) {
      if (found) {
        ++out.hits;
        out.value = found->value;
      }
    }
    ++batches;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } while (elapsed < min_seconds);
  out.rate = static_cast<double>(batches * outputs.size()) / elapsed;
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const double min_seconds = argc > 1 ? std::stod(argv[1]) : 2.0;
  const char* host = argc > 2 ? argv[2] : "native";
  const Bytes seed(32, 7);
  const ExtendedFullViewingKey xfvk = ExtendedSpendingKey::master(seed).fullViewingKey();
  const ByteArray<32> ivk = xfvk.fvk.ivk();
  const PaymentAddress address = xfvk.defaultAddress().second;

  SaplingNote note{address.diversifier, address.g_d, address.pk_d, 123456789, Fr::fromU64(99)};
  OutputCiphertexts mine;
  mine.cmu = note.commitmentPoint().affineU().toBytes();
  ByteArray<kMemoSize> memo{};
  memo[0] = 0xf6;
  encryptNote(note, memo, Fr::fromU64(777), xfvk.fvk.ovk, mine);

  // Other outputs: valid epks of other notes (random-looking points), random ciphertexts.
  const Bytes noise(kCompactCiphertextSize, 0x5a);
  std::vector<CompactOutput> outputs(kBatch);
  for (std::size_t j = 0; j < kBatch; ++j) {
    outputs[j].epk = address.g_d.mul(Fr::fromU64(1000003 * (j + 1))).encode();
    outputs[j].cmu[0] = static_cast<std::uint8_t>(j);
    outputs[j].ciphertext = noise;
  }
  outputs[kHit] = {mine.cmu, mine.epk, ByteView(mine.enc_ciphertext).subspan(0, 52)};

  Measured single = measure(ivk, outputs, min_seconds, nullptr);
  double all_cores = 0;
  std::size_t threads = 1;
#ifdef WALLETD_BENCH_THREADS
  ThreadComputePool pool;
  threads = pool.concurrency();
  all_cores = measure(ivk, outputs, min_seconds, &pool).rate;
#endif
  std::printf(
      "{\"host\":\"%s\",\"outputs_per_s\":%.0f,\"outputs_per_s_all_cores\":%.0f,\"threads\":%zu,"
      "\"hits\":%zu,\"value\":%llu,\"ivk\":\"%s\","
      "\"cmu\":\"%s\",\"epk\":\"%s\",\"ciphertext\":\"%s\",\"noise_epk\":\"%s\"}\n",
      host, single.rate, all_cores, threads, single.hits,
      static_cast<unsigned long long>(single.value), toHex(ivk).c_str(), toHex(mine.cmu).c_str(),
      toHex(mine.epk).c_str(), toHex(ByteView(mine.enc_ciphertext).subspan(0, 52)).c_str(),
      toHex(outputs[0].epk).c_str());
  return 0;
}
