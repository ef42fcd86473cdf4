// SaplingProvingContext: what makes the zero-knowledge parts of one shielded transaction, as
// librustzcash's SaplingProvingContext (and @airgap/sapling-wasm's) does: it chooses each value
// commitment's randomness, so it answers each description's cv (and a spend's rk) with its
// Groth16 proof, and signs the binding signature with the sum of that randomness. walletd signs
// the spend authorisations itself. Groth16 needs the Sapling parameter files and BLS12-381, which
// walletd does not have: a host that has a prover hands it over in Platform::sapling_prover (the
// npm package, when the application gives it one); the daemon has none.
#pragma once

#include <memory>
#include <vector>

#include "core/async/task.h"
#include "core/crypto/sapling/commitment_tree.h"
#include "core/crypto/sapling/sapling_keys.h"

namespace walletd {

struct SpendProofRequest {
  sapling::JubjubPoint ak;  // the proof generation key (ak, nsk)
  sapling::Fr nsk;
  sapling::PaymentAddress address;  // the note's
  sapling::Fr rcm;
  sapling::Fr alpha;  // the spend authorisation key's randomiser
  std::uint64_t value = 0;
  ByteArray<32> anchor{};
  std::vector<sapling::TreeNode> path;  // level 0 first
  std::uint64_t position = 0;
};

struct SpendProof {
  ByteArray<32> cv{}, rk{};
  ByteArray<192> zkproof{};
};

struct OutputProofRequest {
  sapling::Fr esk;
  sapling::PaymentAddress to;
  sapling::Fr rcm;
  std::uint64_t value = 0;
};

struct OutputProof {
  ByteArray<32> cv{};
  ByteArray<192> zkproof{};
};

class SaplingProvingContext {
 public:
  virtual ~SaplingProvingContext() = default;
  virtual Task<SpendProof> spend(SpendProofRequest request) = 0;
  virtual Task<OutputProof> output(OutputProofRequest request) = 0;
  // bindingSig over repr(bvk) ‖ sighash with bsk = Σ rcv(spends) − Σ rcv(outputs).
  virtual Task<ByteArray<64>> bindingSignature(std::int64_t value_balance,
                                               ByteArray<32> sighash) = 0;
};

class SaplingProver {
 public:
  virtual ~SaplingProver() = default;
  virtual std::unique_ptr<SaplingProvingContext> newContext() = 0;
};

}  // namespace walletd
