// KMD's "active user rewards" (interest) as the Komodo daemon computes them
// (komodo_interest.cpp `_komodo_interestnew`) and KDF reproduces them (utxo.rs `kmd_interest`),
// with KDF's reasons, in its order, when an output accrues nothing. Only the ticker KMD accrues.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>

namespace walletd {

// What the interest of one output depends on: its value, the locktime of the transaction that
// made it, and that transaction's height (nullopt: in the mempool).
struct KmdOutputFacts {
  std::uint64_t value = 0;  // satoshis
  std::uint32_t locktime = 0;
  std::optional<std::uint64_t> height;
};

enum class KmdNotAccruedReason {
  UtxoAmountLessThanTen,
  LocktimeNotSet,
  LocktimeLessThanThreshold,
  TransactionInMempool,
  UtxoHeightGreaterThanEndOfEra,
  OneHourNotPassedYet
};

std::string_view reasonName(KmdNotAccruedReason reason);

// The satoshis accrued by `now` (the chain's median time past when claiming), or why none.
std::variant<std::uint64_t, KmdNotAccruedReason> kmdInterest(const KmdOutputFacts& output,
                                                             std::uint64_t now);

}  // namespace walletd
