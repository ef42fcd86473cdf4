// TRON fee rules.
#include "core/coins/tron/tron_fees.h"

#include <algorithm>

namespace walletd {

TronFee tronFee(std::uint64_t bandwidth_bytes, bool creates_account, std::uint64_t energy,
                const TronResources& sender, const TronChainParameters& chain) {
  TronFee fee;
  fee.bandwidth_used = bandwidth_bytes;
  fee.energy_used = energy;
  if (creates_account) {
    const std::uint64_t staked_needed = bandwidth_bytes * chain.create_account_bandwidth_rate;
    const std::uint64_t burned =
        sender.stakedBandwidthLeft() >= staked_needed ? 0 : chain.create_account_fee;
    fee.account_creation_fee = burned + chain.create_new_account_fee;
  } else if (sender.stakedBandwidthLeft() < bandwidth_bytes &&
             sender.freeBandwidthLeft() < bandwidth_bytes) {
    fee.bandwidth_fee = bandwidth_bytes * chain.transaction_fee;
  }
  const std::uint64_t burned_energy = energy - std::min(energy, sender.stakedEnergyLeft());
  fee.energy_fee = burned_energy * chain.energy_fee;
  return fee;
}

std::uint64_t tronFeeLimit(std::uint64_t energy, const TronChainParameters& chain) {
  const std::uint64_t with_margin = energy + (energy + 4) / 5;
  std::uint64_t limit = with_margin * chain.energy_fee;
  if (chain.max_fee_limit != 0) limit = std::min(limit, chain.max_fee_limit);
  return limit;
}

}  // namespace walletd
