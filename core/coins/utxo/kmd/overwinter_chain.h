// OverwinterChain: the profile of overwintered version-4 chains — KMD, its asset chains (DOC,
// MARTY, ...) and ZEC's transparent part: OverwinterCodec, ZIP-243 signatures with the entry's
// consensus branch id, Zcash-style (Equihash) headers, KDF's transparent fields (expiry 0). For
// the ticker KMD the withdraw claims the interest its inputs accrued (kmd_interest.h): the
// locktime is the chain's median time past (of the last 11 headers), the interest goes to the
// change, and the answer carries KDF's `kmd_rewards` {amount, claimed_by_me: true}, 0 included.
// Other overwintered tickers accrue nothing and lock at the current time, as KDF writes them.
#pragma once

#include "core/coins/utxo/chain/chain_rules.h"
#include "core/coins/utxo/chain/utxo_chain.h"
#include "core/coins/utxo/kmd/kmd_interest.h"
#include "core/coins/utxo/kmd/overwinter_codec.h"
#include "core/coins/utxo/kmd/zip243_sighash.h"

namespace walletd {

class OverwinterChain : public UtxoChain {
 public:
  explicit OverwinterChain(const UtxoChainRules& rules);
  // Overwintered version 4 on the UTXO protocol, no fork id.
  static bool serves(const UtxoChainRules& rules);

  std::string_view name() const override { return "overwinter_v4"; }
  const UtxoTxCodec& codec() const override { return codec_; }
  const UtxoSighashScheme& sighash() const override { return sighash_; }
  UtxoTransaction newTransaction() const override;
  std::size_t extraBaseBytes() const override;
  UtxoHeaderLayout headerLayout() const override { return {1487, 100}; }

  Task<std::uint32_t> locktime(UtxoWithdrawContext ctx) const override;
  Task<std::uint64_t> extraInputValue(UtxoWithdrawContext ctx, std::vector<Unspent> inputs,
                                      std::uint32_t locktime) const override;
  // KMD: the interest every known input accrued by the transaction's locktime (KDF's
  // update_kmd_rewards); the other overwintered coins accrue none.
  std::optional<std::uint64_t> claimedByInputs(
      const UtxoTransaction& tx,
      const std::vector<std::optional<SpentOutputFacts>>& inputs) const override;
  void addResultExtras(TransactionDetails& details, std::uint64_t extra,
                       unsigned decimals) const override;

 private:
  bool accrues_;  // the ticker KMD
  OverwinterCodec codec_;
  Zip243Sighash sighash_;
};

// The median of the block times of the last `count` blocks ending at `tip` (KDF's MTP).
Task<std::uint32_t> medianTimePast(UtxoBackend& backend, std::uint64_t tip,
                                   std::uint64_t count = 11);

// An output whose interest is asked about: where it is, its value, its confirmations.
struct KmdOutputRef {
  OutPoint outpoint;
  std::uint64_t value = 0;
  std::uint64_t confirmations = 0;
};

// What the interest of each output depends on (kmd_interest.h): its value, and the locktime
// (from the peer, parsed with `codec`) and height (from its confirmations below `tip`) of the
// transaction that made it. The withdraw's claim and kmd_rewards_info both start here.
Task<std::vector<KmdOutputFacts>> kmdOutputFacts(UtxoBackend& backend, const UtxoTxCodec& codec,
                                                 std::vector<KmdOutputRef> outputs,
                                                 std::uint64_t tip);

}  // namespace walletd
