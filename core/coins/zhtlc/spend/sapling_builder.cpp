// The builder fills the descriptions in order (spends, then outputs), computes the digest over
// them, then signs: every signature is over data the digest already covers.
#include "core/coins/zhtlc/spend/sapling_builder.h"

#include <stdexcept>

#include "core/coins/zhtlc/zip243.h"
#include "core/crypto/sapling/group_hash.h"
#include "core/crypto/sapling/pedersen_hash.h"
#include "core/crypto/sapling/redjubjub.h"
#include "core/crypto/secret.h"

namespace walletd {
namespace {

constexpr std::size_t kMinOutputs = 2;  // librustzcash's builder pads with a dummy output

sapling::Fr randomScalar(Random& random) {
  Bytes wide = random.bytes(64);
  const sapling::Fr out = sapling::Fr::fromWide(wide);
  wipe(wide);
  return out;
}

template <std::size_t N>
ByteArray<N> randomArray(Random& random) {
  const Bytes bytes = random.bytes(N);
  ByteArray<N> out{};
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

// An address nobody holds (a dummy output's): a valid diversifier and a random pk_d.
sapling::PaymentAddress dummyAddress(Random& random) {
  for (;;) {
    sapling::PaymentAddress a;
    a.diversifier = randomArray<11>(random);
    const auto g_d = sapling::diversifyHash(a.diversifier);
    if (!g_d) continue;
    a.g_d = *g_d;
    a.pk_d = g_d->mul(randomScalar(random));
    return a;
  }
}

Task<SaplingSpend> spendDescription(const NoteToSpend& note, const SaplingBuildRequest& request,
                                    const sapling::Fr& alpha, SaplingProvingContext& prover) {
  const sapling::ExtendedFullViewingKey fvk = request.key->fullViewingKey();
  const sapling::JubjubPoint cm = sapling::noteCommitment(
      note.address.g_d.encode(), note.address.pk_d.encode(), note.value, note.rcm);
  SaplingSpend spend;
  spend.anchor = request.anchor;
  spend.nullifier = sapling::nullifier(fvk.fvk.nk, cm, note.position);
  SpendProofRequest asked{fvk.fvk.ak, request.key->nsk(), note.address, note.rcm,     alpha,
                          note.value, request.anchor,     note.path,    note.position};
  const SpendProof proof = co_await prover.spend(std::move(asked));
  spend.cv = proof.cv;
  spend.rk = proof.rk;
  spend.zkproof = proof.zkproof;
  co_return spend;
}

Task<SaplingOutput> outputDescription(const ShieldedRecipient& r, const ByteArray<32>& ovk,
                                      SaplingProvingContext& prover, Random& random) {
  sapling::SaplingNote note;
  note.diversifier = r.to.diversifier;
  note.g_d = r.to.g_d;
  note.pk_d = r.to.pk_d;
  note.value = r.value;
  note.rcm = randomScalar(random);
  const sapling::Fr esk = randomScalar(random);
  OutputProofRequest asked{esk, r.to, note.rcm, r.value};
  const OutputProof proof = co_await prover.output(std::move(asked));
  SaplingOutput out;
  out.ciphertexts.cv = proof.cv;
  out.ciphertexts.cmu = note.commitmentPoint().affineU().toBytes();
  sapling::encryptNote(note, r.memo, esk, ovk, out.ciphertexts);
  out.zkproof = proof.zkproof;
  co_return out;
}

}  // namespace

ByteArray<sapling::kMemoSize> emptyMemo() {
  ByteArray<sapling::kMemoSize> memo{};
  memo[0] = 0xf6;
  return memo;
}

Task<SaplingTransaction> buildSaplingTransaction(SaplingBuildRequest request,
                                                 SaplingProvingContext& prover, Random& random) {
  std::uint64_t in = 0, out = 0;
  for (const NoteToSpend& n : request.spends) in += n.value;
  for (const ShieldedRecipient& r : request.outputs) out += r.value;
  if (out > in) throw std::invalid_argument("the outputs exceed the notes spent");
  const std::size_t real_outputs = request.outputs.size();
  while (request.outputs.size() < kMinOutputs)
    request.outputs.push_back({dummyAddress(random), 0, emptyMemo()});
  SaplingTransaction tx;
  tx.expiry_height = request.expiry_height;
  tx.value_balance = static_cast<std::int64_t>(in - out);
  std::vector<sapling::Fr> alphas;
  for (const NoteToSpend& note : request.spends) {
    alphas.push_back(randomScalar(random));
    tx.spends.push_back(co_await spendDescription(note, request, alphas.back(), prover));
  }
  for (std::size_t i = 0; i < request.outputs.size(); ++i) {
    // A dummy output's ovk is random: nobody can recover it.
    const ByteArray<32> ovk = i < real_outputs ? request.key->ovk() : randomArray<32>(random);
    tx.shielded_outputs.push_back(
        co_await outputDescription(request.outputs[i], ovk, prover, random));
  }
  const ByteArray<32> sighash =
      zip243Sighash(tx, request.consensus_branch_id, kSighashAll, std::nullopt);
  const sapling::JubjubPoint& base = sapling::saplingGenerators().spend_auth;
  for (std::size_t i = 0; i < tx.spends.size(); ++i) {
    sapling::Fr rsk = sapling::randomizedKey(request.key->ask(), alphas[i]);
    tx.spends[i].spend_auth_sig = sapling::redJubjubSign(
        rsk, base, concatBytes({tx.spends[i].rk, sighash}), randomArray<80>(random));
    wipe(&rsk, sizeof rsk);
  }
  for (sapling::Fr& alpha : alphas) wipe(&alpha, sizeof alpha);
  tx.binding_sig = co_await prover.bindingSignature(tx.value_balance, sighash);
  co_return tx;
}

}  // namespace walletd
