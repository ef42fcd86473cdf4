// TRON's fee rules for one transaction (java-tron BandwidthProcessor, TransferActuator,
// EnergyProcessor), as a pure function of the transaction's size, whether it creates the
// recipient's account, the energy it needs, the sender's resources and the chain parameters.
//
// Bandwidth: staked bandwidth if it covers all of it, else the free daily allowance if it covers
// all of it, else size × getTransactionFee burned. A TRX transfer that creates an account uses
// only staked bandwidth (size × getCreateNewAccountBandwidthRate) or burns getCreateAccountFee,
// then pays getCreateNewAccountFeeInSystemContract; both are reported as account_creation_fee.
// Energy: staked energy first, the rest × getEnergyFee burned.
#pragma once

#include <cstdint>
#include <optional>

#include "core/coins/tron/tron_node_client.h"

namespace walletd {

struct TronFee {
  std::uint64_t bandwidth_used = 0;
  std::uint64_t energy_used = 0;
  std::uint64_t bandwidth_fee = 0;                    // sun
  std::uint64_t energy_fee = 0;                       // sun
  std::optional<std::uint64_t> account_creation_fee;  // sun; only when the account is created
  std::uint64_t total() const {
    return bandwidth_fee + energy_fee + account_creation_fee.value_or(0);
  }
};

TronFee tronFee(std::uint64_t bandwidth_bytes, bool creates_account, std::uint64_t energy,
                const TronResources& sender, const TronChainParameters& chain);

// fee_limit for a contract call needing `energy`: the whole estimate (staked energy counts
// against fee_limit too) × getEnergyFee, plus a fifth as margin, capped by getMaxFeeLimit.
std::uint64_t tronFeeLimit(std::uint64_t energy, const TronChainParameters& chain);

}  // namespace walletd
