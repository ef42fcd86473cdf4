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

CosmosAccount knownAccount(const std::optional<CosmosAccount>& account, const std::string& address,
                           const std::string& coin) {
  if (!account) throwUnknownAccount(address, coin);
  return *account;
}

// The "expected N" of a refusal that is a sequence mismatch; nullopt for any other refusal.
std::optional<std::uint64_t> mismatchedSequence(const CosmosNodeRefusal& e) {
  if (e.log.find("sequence mismatch") == std::string::npos) return std::nullopt;
  return expectedSequence(e.log);
}

namespace {

[[noreturn]] void throwSequenceRace() {
  throw TendermintNodeMisbehaved("the account sequence changed again while signing; retry");
}

// The sequence to sign with again after `refused`: the one a first sequence mismatch expects.
// Any other refusal, or a second mismatch, is thrown. (The callers keep the refusal and decide
// outside the catch block: LLVM 14's wasm exception handling miscompiles a rethrow in a
// coroutine's handler.)
std::uint64_t retrySequence(const CosmosNodeRefusal& refused, int attempt) {
  const std::optional<std::uint64_t> expected = mismatchedSequence(refused);
  if (!expected) throw refused;
  if (attempt > 0) throwSequenceRace();
  return *expected;
}

// What a simulation sends: signed by walletd's key, or — for a remote signer, which is not asked
// to sign a transaction it will never see sent — with an empty signature (the SDK's simulate
// mode checks no signature).
SignedCosmosTx simulationTx(const TendermintSigner& signer, const CosmosTxPlan& plan) {
  if (!signer.remote) return signCosmosTx(plan, signer.key, signer.public_key);
  const ByteArray<64> empty{};
  return assembleCosmosTx(cosmosSignDoc(plan, signer.public_key), empty);
}

}  // namespace

Task<SignedCosmosTx> signPlan(TendermintSigner signer, CosmosTxPlan plan) {
  if (!signer.remote) co_return signCosmosTx(plan, signer.key, signer.public_key);
  CosmosSignDoc doc = cosmosSignDoc(plan, signer.public_key);
  const ByteArray<64> signature = co_await signer.remote->signDirect(plan, doc);
  co_return assembleCosmosTx(doc, signature);
}

Task<std::uint64_t> simulatedFee(TendermintPlatform& platform, TendermintSigner signer,
                                 CosmosTxPlan& plan, double gas_price) {
  CosmosTxPlan simulation = simulationOf(plan);
  std::optional<std::uint64_t> gas_used;
  for (int attempt = 0; !gas_used; ++attempt) {
    const SignedCosmosTx signed_tx = simulationTx(signer, simulation);
    std::optional<CosmosNodeRefusal> refused;
    try {
      gas_used = co_await platform.client().simulateGas(signed_tx.bytes);
    } catch (const CosmosNodeRefusal& e) {
      refused = e;
    }
    if (refused) simulation.sequence = retrySequence(*refused, attempt);
  }
  plan.sequence = simulation.sequence;
  co_return cosmosFee(*gas_used, gas_price);
}

Task<SignedCosmosTx> signFresh(TendermintPlatform& platform, TendermintSigner signer,
                               CosmosTxPlan plan) {
  const std::optional<CosmosAccount> account = co_await platform.client().account(signer.address);
  if (!account) throw TendermintNodeMisbehaved("the signing account vanished between two reads");
  plan.account_number = account->account_number;
  plan.sequence = account->sequence;
  co_return co_await signPlan(signer, plan);
}

Task<SignedCosmosTx> broadcastSigned(TendermintPlatform& platform, TendermintSigner signer,
                                     CosmosTxPlan plan, SignedCosmosTx signed_tx) {
  for (int attempt = 0;; ++attempt) {
    std::optional<CosmosNodeRefusal> refused;
    try {
      const TendermintBroadcast sent = co_await platform.client().broadcastCommit(signed_tx.bytes);
      (void)sent;
    } catch (const CosmosNodeRefusal& e) {
      refused = e;
    }
    if (!refused) break;
    plan.sequence = retrySequence(*refused, attempt);
    signed_tx = co_await signPlan(signer, plan);
  }
  co_return signed_tx;
}

}  // namespace walletd
