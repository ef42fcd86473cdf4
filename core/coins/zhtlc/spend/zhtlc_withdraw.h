// A planned ZHTLC withdraw built, proved and signed (sapling_builder with the host's prover), and
// answered as KDF's ZCoin::init_withdraw answers it: from the own address to `to`, spent_by_me the
// notes spent, received_by_me the change (and the amount when paying oneself), total_amount =
// spent_by_me, fee_details {"type":"Utxo"}, block_height and timestamp 0, internal_id the tx hash.
// With it, what broadcasting the transaction locks (LockedNotes).
#pragma once

#include "core/coins/transaction_details.h"
#include "core/coins/withdraw_progress.h"
#include "core/coins/zhtlc/spend/zhtlc_withdraw_plan.h"

namespace walletd {

struct ZhtlcWithdrawal {
  TransactionDetails details;
  LockedSpend lock;
};

struct ZhtlcWithdrawSigner {
  sapling::ExtendedSpendingKey key;
  SaplingProver& prover;
  Random& random;
};

Task<ZhtlcWithdrawal> buildZhtlcWithdraw(ZhtlcWithdrawPlan plan, ZhtlcWithdrawSigner signer,
                                         std::string ticker, std::string own_address,
                                         WithdrawProgress progress);

}  // namespace walletd
