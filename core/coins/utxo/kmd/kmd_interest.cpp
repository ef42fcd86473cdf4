// The interest formula, with the daemon's constants.
#include "core/coins/utxo/kmd/kmd_interest.h"

#include <algorithm>

namespace walletd {
namespace {

constexpr std::uint64_t kMinValue = 10 * 100000000ull;   // 10 KMD
constexpr std::uint32_t kLocktimeThreshold = 500000000;  // below: a height, not a time
constexpr std::uint64_t kEndOfEra = 7777777;             // KOMODO_ENDOFERA
constexpr std::uint64_t kShortCapHeight = 1000000;       // 31-day cap from here
constexpr std::uint64_t kS7Height = 3484958;             // KIP-0001: rewards / 500
constexpr std::uint64_t kMinutesPerYear = 525600;
constexpr std::uint64_t kMinutesPer31Days = 44640;
constexpr std::uint64_t kDivisor = 10512000;  // 20 × 525600: 5% a year

}  // namespace

std::string_view reasonName(KmdNotAccruedReason reason) {
  switch (reason) {
    case KmdNotAccruedReason::UtxoAmountLessThanTen:
      return "UtxoAmountLessThanTen";
    case KmdNotAccruedReason::LocktimeNotSet:
      return "LocktimeNotSet";
    case KmdNotAccruedReason::LocktimeLessThanThreshold:
      return "LocktimeLessThanThreshold";
    case KmdNotAccruedReason::TransactionInMempool:
      return "TransactionInMempool";
    case KmdNotAccruedReason::UtxoHeightGreaterThanEndOfEra:
      return "UtxoHeightGreaterThanEndOfEra";
    case KmdNotAccruedReason::OneHourNotPassedYet:
      return "OneHourNotPassedYet";
  }
  return "";
}

std::variant<std::uint64_t, KmdNotAccruedReason> kmdInterest(const KmdOutputFacts& o,
                                                             std::uint64_t now) {
  if (o.value < kMinValue) return KmdNotAccruedReason::UtxoAmountLessThanTen;
  if (o.locktime == 0) return KmdNotAccruedReason::LocktimeNotSet;
  if (o.locktime < kLocktimeThreshold) return KmdNotAccruedReason::LocktimeLessThanThreshold;
  if (!o.height) return KmdNotAccruedReason::TransactionInMempool;
  if (*o.height >= kEndOfEra) return KmdNotAccruedReason::UtxoHeightGreaterThanEndOfEra;
  if (now < o.locktime || (now - o.locktime) / 60 < 60)
    return KmdNotAccruedReason::OneHourNotPassedYet;
  std::uint64_t minutes = std::min((now - o.locktime) / 60, kMinutesPerYear);
  if (*o.height >= kShortCapHeight) minutes = std::min(minutes, kMinutesPer31Days);
  minutes -= 59;
  std::uint64_t interest = (o.value / kDivisor) * minutes;  // integer division first, as the daemon
  if (*o.height >= kS7Height) interest /= 500;
  return interest;
}

}  // namespace walletd
