// zhtlc_spend_oracle: walletd's shielded transaction builder (core/coins/zhtlc/spend) with a mock
// proving context, for tests/integration/zhtlc-spend.test.mjs. The mock computes what a real
// prover answers besides the Groth16 proof — cv = [v]V + [rcv]R with its own rcv, rk = ak +
// [alpha]G, and the binding signature with bsk = Σ rcv(spends) − Σ rcv(outputs) — and leaves
// the proofs zero (no BLS12-381 here). Reads JSON lines {seed, anchor, branch_id, expiry, spends:
// [{d, value, rcm, position, path}], outputs: [{to (43-byte address hex), value, memo?}]} and
// answers {tx, sighash} (hex), or {oracle_error}.
#include <string>

#include "core/async/spawn.h"
#include "core/async/task.h"
#include "core/coins/zhtlc/spend/sapling_builder.h"
#include "core/coins/zhtlc/zip243.h"
#include "core/crypto/sapling/group_hash.h"
#include "core/crypto/sapling/pedersen_hash.h"
#include "core/crypto/sapling/redjubjub.h"
#include "core/encoding/hex.h"
#include "core/rpc/json.h"
#include "tests/support/json_lines.h"

using namespace walletd;
using namespace walletd::sapling;

namespace {

class OsRandom : public Random {
 public:
  std::vector<std::uint8_t> bytes(std::size_t count) override {
    std::vector<std::uint8_t> out(count);
    std::FILE* f = std::fopen("/dev/urandom", "rb");
    if (f == nullptr || std::fread(out.data(), 1, count, f) != count)
      throw std::runtime_error("no randomness");
    std::fclose(f);
    return out;
  }
};

template <std::size_t N>
ByteArray<N> arrayOf(const Json& hex) {
  const Bytes bytes = fromHex(hex.get<std::string>());
  if (bytes.size() != N) throw std::runtime_error("bad length");
  ByteArray<N> out{};
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

Fr randomFr(Random& random) {
  return Fr::fromWide(random.bytes(64));
}

class MockProvingContext : public SaplingProvingContext {
 public:
  explicit MockProvingContext(Random& random) : random_(random) {}
  Task<SpendProof> spend(SpendProofRequest r) override {
    const Fr rcv = randomFr(random_);
    bsk_ = bsk_ + rcv;
    SpendProof out;
    out.cv = valueCommitment(static_cast<std::int64_t>(r.value), rcv).encode();
    out.rk = (r.ak + saplingGenerators().spend_auth.mul(r.alpha)).encode();
    co_return out;
  }
  Task<OutputProof> output(OutputProofRequest r) override {
    const Fr rcv = randomFr(random_);
    bsk_ = bsk_ - rcv;
    OutputProof out;
    out.cv = valueCommitment(static_cast<std::int64_t>(r.value), rcv).encode();
    co_return out;
  }
  Task<ByteArray<64>> bindingSignature(std::int64_t, ByteArray<32> sighash) override {
    const JubjubPoint& base = saplingGenerators().value_commit_r;
    const ByteArray<32> bvk = base.mul(bsk_).encode();
    const Bytes randomness = random_.bytes(80);
    ByteArray<80> t{};
    std::copy(randomness.begin(), randomness.end(), t.begin());
    co_return redJubjubSign(bsk_, base, concatBytes({bvk, sighash}), t);
  }

 private:
  Random& random_;
  Fr bsk_ = Fr::zero();
};

PaymentAddress addressOf(const Json& hex) {
  const auto a = PaymentAddress::fromBytes(fromHex(hex.get<std::string>()));
  if (!a) throw std::runtime_error("bad address");
  return *a;
}

Json answer(const Json& in) {
  const Bytes seed = fromHex(in.at("seed").get<std::string>());
  const ExtendedSpendingKey key = ExtendedSpendingKey::master(seed);
  const ExtendedFullViewingKey fvk = key.fullViewingKey();
  SaplingBuildRequest request;
  request.key = &key;
  request.anchor = arrayOf<32>(in.at("anchor"));
  request.consensus_branch_id = in.at("branch_id").get<std::uint32_t>();
  request.expiry_height = in.at("expiry").get<std::uint32_t>();
  for (const Json& s : in.at("spends")) {
    NoteToSpend n;
    n.address.diversifier = arrayOf<11>(s.at("d"));
    n.address.g_d = *diversifyHash(n.address.diversifier);
    n.address.pk_d = n.address.g_d.mul(fvk.fvk.ivk());
    n.value = s.at("value").get<std::uint64_t>();
    n.rcm = *Fr::fromBytes(arrayOf<32>(s.at("rcm")));
    n.position = s.at("position").get<std::uint64_t>();
    for (const Json& node : s.at("path")) n.path.push_back(arrayOf<32>(node));
    request.spends.push_back(std::move(n));
  }
  for (const Json& o : in.at("outputs")) {
    ShieldedRecipient r{addressOf(o.at("to")), o.at("value").get<std::uint64_t>(), emptyMemo()};
    if (o.contains("memo")) r.memo = arrayOf<kMemoSize>(o.at("memo"));
    request.outputs.push_back(std::move(r));
  }
  OsRandom random;
  MockProvingContext prover(random);
  std::optional<SaplingTransaction> built;
  std::exception_ptr failure;
  spawn<SaplingTransaction>(buildSaplingTransaction(std::move(request), prover, random),
                            [&](std::optional<SaplingTransaction> tx, std::exception_ptr e) {
                              built = std::move(tx);
                              failure = e;
                            });
  if (failure) std::rethrow_exception(failure);
  if (!built) throw std::runtime_error("the builder did not finish");
  const ByteArray<32> sighash =
      zip243Sighash(*built, in.at("branch_id").get<std::uint32_t>(), kSighashAll, std::nullopt);
  return {{"tx", toHex(serializeSaplingTransaction(*built))}, {"sighash", toHex(sighash)}};
}

}  // namespace

int main() {
  return walletd::test::answerJsonLines(&answer);
}
