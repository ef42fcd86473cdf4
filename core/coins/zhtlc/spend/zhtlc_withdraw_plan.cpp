#include "core/coins/zhtlc/spend/zhtlc_withdraw_plan.h"

#include <algorithm>

#include "core/coins/withdraw_amounts.h"
#include "core/coins/zhtlc/sapling_encoding.h"
#include "core/coins/zhtlc/spend/zhtlc_memo.h"
#include "core/crypto/sapling/group_hash.h"
#include "core/encoding/encoding_error.h"

namespace walletd {
namespace {

constexpr unsigned kDecimals = 8;
constexpr const char* kMainnetHrp = "zs";  // KDF decodes `to` with the mainnet HRP, not the coin's

[[noreturn]] void unsupported(const std::string& message) {
  throw rpcError(WithdrawError::UnsupportedError, message, Json(message));
}

// KDF's InvalidAddress texts: the Bech32 error itself, or "Address <to> decoded to None".
sapling::PaymentAddress recipient(const std::string& to) {
  try {
    return decodeSaplingAddress(kMainnetHrp, to);
  } catch (const EncodingError& e) {
    std::string why = e.what();
    const std::string head = "Error ", tail = " on decode_payment_address";
    if (why.rfind(head, 0) == 0 && why.size() > head.size() + tail.size() &&
        why.compare(why.size() - tail.size(), tail.size(), tail) == 0) {
      why = why.substr(head.size(), why.size() - head.size() - tail.size());
    } else {
      why = "Address " + to + " decoded to None";
    }
    throw rpcError(WithdrawError::InvalidAddress, "Invalid address: " + why, Json(why));
  }
}

// The wallet's address for a note's diversifier: pk_d = [ivk] g_d.
sapling::PaymentAddress ownAddress(const ByteArray<11>& diversifier, const ByteArray<32>& ivk) {
  sapling::PaymentAddress a;
  a.diversifier = diversifier;
  a.g_d = *sapling::diversifyHash(diversifier);  // the scan decrypted a note to it: it has one
  a.pk_d = a.g_d.mul(ivk);
  return a;
}

std::vector<const WalletNote*> unlockedNotes(const ZhtlcSpendView& wallet) {
  std::vector<const WalletNote*> out;
  for (const WalletNote& n : wallet.state.notes) {
    if (!n.spent() && n.witness && !wallet.locked.locks(n.nf)) out.push_back(&n);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const WalletNote* a, const WalletNote* b) { return a->value < b->value; });
  return out;
}

std::uint64_t sumOf(const std::vector<const WalletNote*>& notes) {
  std::uint64_t sum = 0;
  for (const WalletNote* n : notes) sum += n->value;
  return sum;
}

std::uint64_t amountOf(const WithdrawRequest& request, std::uint64_t spendable,
                       const ZhtlcSpendView& wallet) {
  if (!request.max) {
    const UInt256 units = requestedUnits(request, kDecimals);
    const std::optional<std::uint64_t> small = units.toUint64();
    if (!small || *small > ~std::uint64_t{0} - wallet.fee) {
      throwNotSufficientBalance(wallet.ticker, UInt256(spendable), units, kDecimals);
    }
    return *small;
  }
  if (spendable <= wallet.fee) {
    throwNotSufficientBalance(wallet.ticker, UInt256(spendable), UInt256(wallet.fee), kDecimals);
  }
  return spendable - wallet.fee;
}

}  // namespace

ZhtlcWithdrawPlan planZhtlcWithdraw(const ZhtlcSpendView& wallet, const WithdrawRequest& request) {
  if (request.fee) unsupported("Setting a custom withdraw fee is not supported for ZCoin yet");
  if (request.from) unsupported("Withdraw from a specific address is not supported for ZCoin yet");
  ZhtlcWithdrawPlan plan;
  plan.to_text = request.to;
  plan.memo_text = request.memo;
  plan.to = recipient(request.to);
  plan.fee = wallet.fee;
  const std::vector<const WalletNote*> unlocked = unlockedNotes(wallet);
  plan.amount = amountOf(request, sumOf(unlocked), wallet);
  const ByteArray<sapling::kMemoSize> memo = zhtlcMemo(request.memo);
  const std::uint64_t required = plan.amount + plan.fee;
  std::vector<const WalletNote*> chosen;
  for (const WalletNote* n : unlocked) {
    if (plan.spent >= required) break;
    chosen.push_back(n);
    plan.spent += n->value;
  }
  if (plan.spent < required) {
    throwNotSufficientBalance(wallet.ticker, UInt256(plan.spent), UInt256(required), kDecimals);
  }
  plan.anchor = wallet.state.frontier.root();
  for (const WalletNote* n : chosen) {
    NoteToSpend spend{ownAddress(n->diversifier, wallet.ivk), n->value,
                      sapling::Fr::fromBytesReduced(n->rcm), n->witness->position(),
                      n->witness->path(wallet.state.frontier)};
    plan.spends.push_back(std::move(spend));
    plan.nullifiers.push_back(n->nf);
  }
  plan.own = wallet.own;
  plan.change = plan.spent - required;
  plan.outputs.push_back({plan.to, plan.amount, memo});
  if (plan.change > 0) plan.outputs.push_back({plan.own, plan.change, emptyMemo()});
  const std::uint64_t tip = std::max(wallet.chain_tip, wallet.state.height);
  plan.expiry_height = static_cast<std::uint32_t>(tip) + kZhtlcExpiryDelta;
  return plan;
}

}  // namespace walletd
