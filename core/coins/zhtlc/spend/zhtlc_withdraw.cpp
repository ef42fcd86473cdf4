#include "core/coins/zhtlc/spend/zhtlc_withdraw.h"

#include <algorithm>

#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

constexpr unsigned kDecimals = 8;

std::string coins(std::uint64_t units) {
  return UInt256(units).toDecimal(kDecimals);
}

}  // namespace

Task<ZhtlcWithdrawal> buildZhtlcWithdraw(ZhtlcWithdrawPlan plan, ZhtlcWithdrawSigner signer,
                                         std::string ticker, std::string own_address,
                                         WithdrawProgress progress) {
  progress.signing();
  SaplingBuildRequest build;
  build.key = &signer.key;
  build.anchor = plan.anchor;
  build.spends = plan.spends;
  build.outputs = plan.outputs;
  build.expiry_height = plan.expiry_height;
  build.consensus_branch_id = kSaplingBranchId;
  std::unique_ptr<SaplingProvingContext> context = signer.prover.newContext();
  const SaplingTransaction tx =
      co_await buildSaplingTransaction(std::move(build), *context, signer.random);
  progress.finishing();
  const Bytes raw = serializeSaplingTransaction(tx);
  ByteArray<32> txid = sha256d(raw);
  const bool to_self = plan.to.bytes() == plan.own.bytes();
  const std::uint64_t received = plan.change + (to_self ? plan.amount : 0);
  ZhtlcWithdrawal out;
  TransactionDetails& d = out.details;
  d.tx_hex = toHex(raw);
  d.tx_hash = toReversedHex(txid);
  d.from = {own_address};
  d.to = {plan.to_text};
  d.setAmounts(UInt256(plan.spent), UInt256(plan.spent), UInt256(received), kDecimals);
  d.fee_details.value = UtxoFeeDetails{ticker, coins(plan.fee)};
  d.coin = ticker;
  d.internal_id = d.tx_hash;
  d.memo = plan.memo_text;
  out.lock = {txid, plan.nullifiers, received, plan.expiry_height};
  co_return out;
}

}  // namespace walletd
