// TransactionDetails (spec §4.1 result): what withdraw answers and tx history lists. Every family
// fills this one struct; amounts are decimal text in coin units.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/coins/withdraw_fee.h"
#include "core/encoding/uint256.h"
#include "core/rpc/json.h"

namespace walletd {

struct TransactionDetails {
  std::string tx_hex;
  std::string tx_hash;
  std::vector<std::string> from;
  std::vector<std::string> to;
  std::string total_amount;
  std::string spent_by_me;
  std::string received_by_me;
  std::string my_balance_change;   // received_by_me − spent_by_me, signed
  std::uint64_t block_height = 0;  // 0 until mined
  std::uint64_t timestamp = 0;     // unix seconds
  WithdrawFee fee_details;
  std::string coin;
  std::string internal_id;
  std::string transaction_type = "StandardTransfer";
  std::optional<std::string> memo;
  // Set (an object) when the result is an authorization a relay carries out instead of a
  // transaction (TRON gasless, spec §4.1 rule 7): its keys lead the answer and tx_hex/tx_hash
  // are left out.
  Json authorization;
  // A family's own fields (an object; KMD's kmd_rewards), written after the common ones. A key
  // the common fields already have is not overwritten.
  Json extras;

  // total_amount, spent_by_me, received_by_me and my_balance_change from smallest-unit amounts.
  void setAmounts(const UInt256& total, const UInt256& spent, const UInt256& received,
                  unsigned decimals);
  Json toJson() const;
};

}  // namespace walletd
