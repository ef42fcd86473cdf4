// The steps every Tendermint transaction walletd signs goes through (withdraw now, staking next):
// the account read, KDF's fee (a simulation of the same message, memo and timeout height with
// fee 0 and gas 125000; fee = ceil(gas_used × 1.5 × gas_price) in base units), signing with the
// account number and sequence re-read just before, and broadcast_tx_commit with one re-sign when
// the node answers a sequence mismatch ("expected N": another transaction of the same address
// went first).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/async/task.h"
#include "core/coins/tendermint/cosmos_tx.h"
#include "core/coins/tendermint/tendermint_coins.h"

namespace walletd {

// KDF's gas limits per message kind when the request sets none.
inline constexpr std::uint64_t kCosmosSendGas = 125000;
inline constexpr std::uint64_t kCosmosIbcGas = 150000;
inline constexpr std::uint64_t kCosmosSimulationGas = 125000;

// ceil(gas_used × 1.5 × gas_price), as KDF computes it (in f64).
std::uint64_t cosmosFee(std::uint64_t gas_used, double gas_price);

// `account` as read for `address`, or NotSufficientBalance naming `coin` when the chain does not
// know the address (a never-funded address has nothing to spend).
CosmosAccount knownAccount(const std::optional<CosmosAccount>& account, const std::string& address,
                           const std::string& coin);

// The simulated fee of `plan` (its fee and gas limit are replaced for the simulation); a sequence
// mismatch is simulated once more with the expected sequence, which `plan` then carries.
Task<std::uint64_t> simulatedFee(TendermintPlatform& platform, TendermintSigner signer,
                                 CosmosTxPlan& plan, double gas_price);

// The "expected N" of a refusal that is an SDK sequence mismatch; nullopt otherwise.
std::optional<std::uint64_t> mismatchedSequence(const CosmosNodeRefusal& refusal);

// `plan` signed by `signer`: with walletd's key, or by its remote signer.
Task<SignedCosmosTx> signPlan(TendermintSigner signer, CosmosTxPlan plan);

// Re-reads the account and signs.
Task<SignedCosmosTx> signFresh(TendermintPlatform& platform, TendermintSigner signer,
                               CosmosTxPlan plan);

// Broadcasts (broadcast_tx_commit); on a sequence mismatch re-signs with the expected sequence
// and tries once more. Answers what was sent.
Task<SignedCosmosTx> broadcastSigned(TendermintPlatform& platform, TendermintSigner signer,
                                     CosmosTxPlan plan, SignedCosmosTx signed_tx);

}  // namespace walletd
