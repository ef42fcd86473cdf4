// What a ZHTLC task::withdraw spends and pays, decided from the request and the wallet before
// anything is proved, as KDF's ZCoin::init_withdraw and gen_tx decide it: no custom fee, no
// `from`; `to` a Sapling address under the fixed mainnet HRP "zs"; the amount (or, for `max`,
// the spendable balance less the fee); the memo; the notes ascending by value, unlocked and
// witnessed, until they cover amount + fee; the change back to the wallet's own address. The
// anchor is the tree's root at the scanned block, and every path is taken at that block; the
// expiry is the chain's tip + 20 (librustzcash's builder default; KDF first syncs to the tip).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/coins/withdraw_request.h"
#include "core/coins/zhtlc/spend/locked_notes.h"
#include "core/coins/zhtlc/spend/sapling_builder.h"

namespace walletd {

// The wallet as the plan reads it (references: the plan is made before any suspension).
struct ZhtlcSpendView {
  std::string ticker;
  std::string address;  // own zs…
  const WalletState& state;
  const LockedNotes& locked;
  const ByteArray<32>& ivk;
  std::uint64_t fee = 0;
  sapling::PaymentAddress own;  // `address` decoded (under the coin's HRP)
  std::uint64_t chain_tip = 0;  // lightwalletd's; the expiry counts from it (or the scan's height)
};

struct ZhtlcWithdrawPlan {
  std::string to_text;
  std::optional<std::string> memo_text;  // as asked, answered back
  sapling::PaymentAddress to;
  std::uint64_t amount = 0, fee = 0, spent = 0, change = 0;
  ByteArray<32> anchor{};
  std::vector<NoteToSpend> spends;
  std::vector<ByteArray<32>> nullifiers;   // of the spent notes
  std::vector<ShieldedRecipient> outputs;  // the payment, then the change when positive
  std::uint32_t expiry_height = 0;
  sapling::PaymentAddress own;
};

constexpr std::uint32_t kSaplingBranchId = 0x76b809bb;  // KDF builds with BranchId::Sapling
constexpr std::uint32_t kZhtlcExpiryDelta = 20;

// Throws WithdrawError (UnsupportedError, InvalidAddress, InvalidMemo, AmountTooLow,
// NotSufficientBalance) or InvalidRequest for an amount that does not fit.
ZhtlcWithdrawPlan planZhtlcWithdraw(const ZhtlcSpendView& wallet, const WithdrawRequest& request);

}  // namespace walletd
