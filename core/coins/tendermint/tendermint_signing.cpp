// Fee simulation, signing and broadcast for Tendermint coins (tendermint_signing.h).
#include "core/coins/tendermint/tendermint_signing.h"

#include <cmath>

#include "core/coins/withdraw_amounts.h"

namespace walletd {

std::uint64_t cosmosFee(std::uint64_t gas_used, double gas_price) {
  const double fee = std::ceil(static_cast<double>(gas_used) * 1.5 * gas_price);
  if (!(fee >= 0) || fee >= 1.8e19) {
    const std::string message = "the gas price gives a fee out of range";
    throw rpcError(WithdrawError::InvalidFee, message, Json{{"reason", message}});
  }
  return static_cast<std::uint64_t>(fee);
}

namespace {

[[noreturn]] void throwUnknownAccount(const std::string& address, const std::string& coin) {
  const std::string message =
      "The address " + address + " is unknown to the " + coin + " chain (it was never funded)";
  throw rpcError(WithdrawError::NotSufficientBalance, message,
                 Json{{"coin", coin}, {"available", "0"}, {"required", "0"}});
}

// KDF's simulation of a plan: fee 0 of the fee denom, gas limit 125000. (GCC 12 flags a false
// -Wrestrict on assigning the literal "0" to the copied string: assign(1, '0') instead.)
CosmosTxPlan simulationOf(const CosmosTxPlan& plan) {
  CosmosTxPlan out = plan;
  out.fee.amount.assign(1, '0');
  out.gas_limit = kCosmosSimulationGas;
  return out;
}

}  // namespace

Task<CosmosAccount> signerAccount(TendermintPlatform& platform, std::string address,
                                  std::string coin) {
  const std::optional<CosmosAccount> account = co_await platform.client().account(address);
  if (!account) throwUnknownAccount(address, coin);
  co_return *account;
}

Task<std::uint64_t> simulatedFee(TendermintPlatform& platform, TendermintSigner signer,
                                 CosmosTxPlan& plan, double gas_price) {
  CosmosTxPlan simulation = simulationOf(plan);
  for (int attempt = 0;; ++attempt) {
    const SignedCosmosTx signed_tx = signCosmosTx(simulation, signer.key, signer.public_key);
    std::optional<std::uint64_t> expected;
    try {
      const std::uint64_t gas_used = co_await platform.client().simulateGas(signed_tx.bytes);
      plan.sequence = simulation.sequence;
      co_return cosmosFee(gas_used, gas_price);
    } catch (const CosmosNodeRefusal& e) {
      expected = attempt == 0 ? expectedSequence(e.log) : std::nullopt;
      if (!expected || e.log.find("sequence mismatch") == std::string::npos) throw;
    }
    simulation.sequence = *expected;
  }
}

Task<SignedCosmosTx> signFresh(TendermintPlatform& platform, TendermintSigner signer,
                               CosmosTxPlan plan) {
  const std::optional<CosmosAccount> account = co_await platform.client().account(signer.address);
  if (!account) throw TendermintNodeMisbehaved("the signing account vanished between two reads");
  plan.account_number = account->account_number;
  plan.sequence = account->sequence;
  co_return signCosmosTx(plan, signer.key, signer.public_key);
}

Task<SignedCosmosTx> broadcastSigned(TendermintPlatform& platform, TendermintSigner signer,
                                     CosmosTxPlan plan, SignedCosmosTx signed_tx) {
  std::optional<std::uint64_t> expected;
  try {
    const TendermintBroadcast sent = co_await platform.client().broadcastCommit(signed_tx.bytes);
    (void)sent;
    co_return signed_tx;
  } catch (const CosmosNodeRefusal& e) {
    if (e.log.find("sequence mismatch") == std::string::npos) throw;
    expected = expectedSequence(e.log);
    if (!expected) throw;
  }
  plan.sequence = *expected;
  const SignedCosmosTx resigned = signCosmosTx(plan, signer.key, signer.public_key);
  const TendermintBroadcast sent = co_await platform.client().broadcastCommit(resigned.bytes);
  (void)sent;
  co_return resigned;
}

}  // namespace walletd
