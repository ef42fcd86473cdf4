// The shielded transaction a ZHTLC withdraw sends (KDF's, through librustzcash's builder): the
// selected notes spent at one anchor, the outputs (payment, change) padded to two with a dummy
// output, lock time 0, the expiry height, value balance = fee; each output encrypted to its
// recipient and recoverable with the sender's ovk; spend authorisations signed with
// rsk = ask + alpha over repr(rk) ‖ ZIP-243's digest (no transparent input), and the binding
// signature from the proving context. walletd does not shuffle the descriptions (KDF's builder
// does): the harness can then match them to the request.
#pragma once

#include <span>

#include "core/coins/zhtlc/sapling_transaction.h"
#include "core/crypto/sapling/sapling_prover.h"
#include "core/platform/random.h"

namespace walletd {

struct NoteToSpend {
  sapling::PaymentAddress address;  // the wallet's, the note's diversifier
  std::uint64_t value = 0;
  sapling::Fr rcm;
  std::uint64_t position = 0;
  std::vector<sapling::TreeNode> path;  // at `anchor`
};

struct ShieldedRecipient {
  sapling::PaymentAddress to;
  std::uint64_t value = 0;
  ByteArray<sapling::kMemoSize> memo{};  // 0xF6 then zeros for "no memo"
};

struct SaplingBuildRequest {
  const sapling::ExtendedSpendingKey* key = nullptr;
  ByteArray<32> anchor{};
  std::vector<NoteToSpend> spends;
  std::vector<ShieldedRecipient> outputs;
  std::uint32_t expiry_height = 0;
  std::uint32_t consensus_branch_id = 0;
};

// "No memo": 0xF6 then zeros (ZIP-302).
ByteArray<sapling::kMemoSize> emptyMemo();

// Builds and signs; throws std::invalid_argument when outputs exceed spends.
Task<SaplingTransaction> buildSaplingTransaction(SaplingBuildRequest request,
                                                 SaplingProvingContext& prover, Random& random);

}  // namespace walletd
