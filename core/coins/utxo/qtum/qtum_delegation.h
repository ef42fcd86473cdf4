// QtumDelegation: QTUM's offline staking as KDF does it (qtum_delegation.rs). A delegation is a
// QTUM transaction from the coin's address calling the delegation contract (0x…86):
// addDelegation(staker, fee, PoD) with 2,250,000 gas at 40 satoshis, where the proof of
// delegation is the delegator's compact signature over the staker's key hash in QTUM's signed
// message form; undelegating calls removeDelegation() with 100,000 gas. Whether the address
// delegates, and to whom, comes from the contract's AddDelegation and RemoveDelegation events
// (QTUM's Electrum servers: event history, then the last AddDelegation's receipt); qtumd in
// Native mode is not asked, as in KDF. Beyond KDF: the staker's fee is held to 0–100, an
// undelegation with nothing delegated is refused before it burns gas, and an HD coin delegates
// its activated address (the contract's sender is the first input's address, so the spend uses
// that address only).
#pragma once

#include <optional>

#include "core/coins/staking.h"
#include "core/coins/utxo/qtum/contract_call.h"
#include "core/coins/utxo/utxo_coin.h"

namespace walletd {

class QtumDelegation : public StakingCoin {
 public:
  static constexpr std::uint64_t kDelegateGas = 2'250'000;  // KDF's QRC20_GAS_LIMIT_DELEGATION
  static constexpr std::uint64_t kUndelegateGas = 100'000;
  static constexpr std::uint64_t kGasPrice = 40;
  static constexpr std::uint64_t kDefaultFee = 10;  // percent (KDF's QTUM_DELEGATION_STANDARD_FEE)
  static constexpr std::uint64_t kMinStakingValue = 100'00000000;  // UTXOs a staker can stake
  static constexpr const char* kAddTopic =
      "a23803f3b2b56e71f2921c22b23c32ef596a439dbe03f7250e6b58a30eb910b5";
  static constexpr const char* kRemoveTopic =
      "7fe28d2d0b16cf95b5ea93f4305f89133b3892543e616381a1336fc1e7a01fa0";

  explicit QtumDelegation(UtxoCoin& coin) : coin_(coin) {}

  Task<TransactionDetails> delegate(StakingDetails details) override;
  Task<TransactionDetails> undelegate(std::optional<StakingDetails> details) override;
  Task<Json> delegations(DelegationsInfoDetails details) override;

  // The delegation contract's address (0x0000…0086).
  static ByteArray<20> contract();
  // The proof of delegation: 65 bytes, header 31 + recovery id, then r and s, signing
  // dSHA256("\x15Qtum Signed Message:\n\x28" + the staker's key hash in lower-case hex).
  static Bytes proofOfDelegation(const ByteArray<20>& staker, const PrivateKey& delegator);
  // The message the proof signs (before hashing).
  static Bytes proofMessage(const ByteArray<20>& staker);
  // addDelegation(address staker, uint8 fee, bytes pod), ABI-encoded.
  static Bytes addDelegationData(const ByteArray<20>& staker, std::uint8_t fee, const Bytes& pod);
  // removeDelegation().
  static Bytes removeDelegationData();

 protected:
  std::string stakingTicker() const override;

 private:
  // The key hash of the coin's address, and whether the address is a witness one.
  ByteArray<20> myHash() const;
  bool segwit() const;
  // The staker the address delegates to, by the contract's events; nullopt when none.
  Task<std::optional<ByteArray<20>>> currentStaker();
  std::string stakerAddress(const ByteArray<20>& staker) const;
  // Signs a spend of the coin's address calling the contract; the answer's type is `type`.
  Task<TransactionDetails> callContract(ContractCall call, std::string type);

  UtxoCoin& coin_;
};

}  // namespace walletd
