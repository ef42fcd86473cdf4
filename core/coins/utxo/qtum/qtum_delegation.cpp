// QTUM delegation staking.
#include "core/coins/utxo/qtum/qtum_delegation.h"

#include "core/coins/utxo/qtum/contract_spend.h"

#include "core/crypto/hashes.h"
#include "core/crypto/secp256k1.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

constexpr char kMessageMagic[] = "\x15Qtum Signed Message:\n\x28";

[[noreturn]] void refuse(DelegationError kind, const std::string& message, Json data) {
  throw rpcError(kind, message, std::move(data));
}

[[noreturn]] void notSupported(const std::string& reason) {
  refuse(DelegationError::DelegationOpsNotSupported,
         "Delegation is not supported, reason: " + reason, Json{{"reason", reason}});
}

[[noreturn]] void invalidPayload(const std::string& reason) {
  refuse(DelegationError::InvalidPayload, "Invalid payload: " + reason, Json{{"reason", reason}});
}

void appendWord(Bytes& out, std::uint64_t value) {
  Bytes word(32, 0);
  for (int i = 0; i < 8; ++i) word[31 - i] = static_cast<std::uint8_t>(value >> (8 * i));
  out.insert(out.end(), word.begin(), word.end());
}

}  // namespace

ByteArray<20> QtumDelegation::contract() {
  ByteArray<20> out{};
  out[19] = 0x86;
  return out;
}

Bytes QtumDelegation::proofMessage(const ByteArray<20>& staker) {
  const std::string text = std::string(kMessageMagic) + toHex(staker);
  return Bytes(text.begin(), text.end());
}

Bytes QtumDelegation::proofOfDelegation(const ByteArray<20>& staker, const PrivateKey& delegator) {
  const RecoverableSignature sig = signRecoverable(sha256d(proofMessage(staker)), delegator);
  Bytes out(1 + sig.compact.size());
  out[0] = static_cast<std::uint8_t>(27 + 4 + sig.recovery_id);  // + 4: a compressed key
  std::copy(sig.compact.begin(), sig.compact.end(), out.begin() + 1);
  return out;
}

Bytes QtumDelegation::addDelegationData(const ByteArray<20>& staker, std::uint8_t fee,
                                        const Bytes& pod) {
  Bytes out = fromHex("4c0e968c");
  Bytes staker_word(12, 0);
  staker_word.insert(staker_word.end(), staker.begin(), staker.end());
  out.insert(out.end(), staker_word.begin(), staker_word.end());
  appendWord(out, fee);
  appendWord(out, 0x60);  // where `pod` starts, after the three head words
  appendWord(out, pod.size());
  Bytes padded = pod;
  padded.resize((pod.size() + 31) / 32 * 32, 0);
  out.insert(out.end(), padded.begin(), padded.end());
  return out;
}

Bytes QtumDelegation::removeDelegationData() {
  return fromHex("3d666e8b");
}

ByteArray<20> QtumDelegation::myHash() const {
  const UtxoAddress mine = coin_.codec().parse(coin_.myAddress());
  ByteArray<20> out{};
  std::copy(mine.hash.begin(), mine.hash.end(), out.begin());
  return out;
}

bool QtumDelegation::segwit() const {
  return coin_.codec().parse(coin_.myAddress()).kind != UtxoAddress::Kind::P2PKH;
}

std::string QtumDelegation::stakerAddress(const ByteArray<20>& staker) const {
  return coin_.codec().format({UtxoAddress::Kind::P2PKH, Bytes(staker.begin(), staker.end())},
                              UtxoFormat::Standard, "");
}

// As KDF: delegating when the AddDelegation events outnumber the RemoveDelegation ones; the
// staker is the second topic of the AddDelegation log in the last such transaction's receipt.
Task<std::optional<ByteArray<20>>> QtumDelegation::currentStaker() {
  UtxoBackend& peer = coin_.backend();
  const std::vector<ContractEvent> added =
      co_await peer.contractEvents(myHash(), contract(), kAddTopic);
  const std::vector<ContractEvent> removed =
      co_await peer.contractEvents(myHash(), contract(), kRemoveTopic);
  if (added.size() <= removed.size()) co_return std::nullopt;
  const std::vector<ContractLog> logs = co_await peer.receiptLogs(added.back().tx_hash);
  const std::string contract_hex = toHex(contract());
  for (const ContractLog& log : logs) {
    if (log.address != contract_hex || log.topics.size() < 2 || log.topics[0] != kAddTopic)
      continue;
    const Bytes word = fromHex(log.topics[1]);
    ByteArray<20> staker{};
    std::copy(word.end() - 20, word.end(), staker.begin());
    co_return staker;
  }
  co_return std::nullopt;  // as KDF: no AddDelegation log read, no staker
}

Task<TransactionDetails> QtumDelegation::delegate(StakingDetails details) {
  if (details.type != "Qtum") invalidPayload("staking_details of type " + details.type);
  if (segwit()) notSupported("Qtum doesn't support delegation for segwit");
  const std::uint64_t fee = details.fee.value_or(kDefaultFee);
  if (fee > 100) invalidPayload("fee is a percentage from 0 to 100, not " + std::to_string(fee));
  UtxoAddress staker_address;
  try {
    staker_address = coin_.codec().parse(details.validator_address);
  } catch (const std::exception& e) {
    refuse(DelegationError::AddressError, e.what(), Json(e.what()));
  }
  if (staker_address.kind != UtxoAddress::Kind::P2PKH) {
    const std::string message = "the staker's address must be a P2PKH address";
    refuse(DelegationError::AddressError, message, Json(message));
  }
  if (!coin_.backend().servesContractEvents())
    notSupported("the delegation state is read from QTUM's Electrum servers (Native mode)");
  ByteArray<20> staker{};
  std::copy(staker_address.hash.begin(), staker_address.hash.end(), staker.begin());
  const std::optional<ByteArray<20>> current = co_await currentStaker();
  if (current) {
    const std::string address = stakerAddress(*current);
    refuse(DelegationError::AlreadyDelegating, "Already delegating to: " + address, Json(address));
  }
  const Bytes pod = proofOfDelegation(staker, coin_.ownKey());
  const ContractCall call{kDelegateGas, kGasPrice,
                          addDelegationData(staker, static_cast<std::uint8_t>(fee), pod),
                          contract()};
  co_return co_await callContract(call, "StakingDelegation");
}

Task<TransactionDetails> QtumDelegation::undelegate(std::optional<StakingDetails> details) {
  if (details) invalidPayload("staking_details isn't supported for Qtum");
  if (segwit()) notSupported("Qtum doesn't support delegation for segwit");
  if (coin_.backend().servesContractEvents()) {
    const std::optional<ByteArray<20>> current = co_await currentStaker();
    if (!current)
      notSupported(coin_.myAddress() + " delegates to no staker: nothing to undelegate");
  }
  const ContractCall call{kUndelegateGas, kGasPrice, removeDelegationData(), contract()};
  co_return co_await callContract(call, "RemoveDelegation");
}

std::string QtumDelegation::stakingTicker() const {
  return coin_.ticker();
}

Task<Json> QtumDelegation::delegations(DelegationsInfoDetails details) {
  if (details.type != "Qtum")
    throw rpcError(StakingInfoError::InvalidPayload, "info_details of type " + details.type,
                   Json{{"reason", "info_details of type " + details.type}});
  if (!coin_.backend().servesContractEvents())
    throw rpcError(StakingInfoError::Internal, "Internal error: Native not supported",
                   Json("Native not supported"));
  const std::optional<ByteArray<20>> staker = co_await currentStaker();
  std::uint64_t amount = 0;
  if (staker) {
    const std::vector<UnspentOutput> outputs = co_await coin_.spendableOfOwnAddress();
    for (const UnspentOutput& u : outputs)
      if (u.value >= kMinStakingValue) amount += u.value;
  }
  Json info{{"type", "Qtum"},
            {"amount", qtumAmount(amount)},
            {"staker", staker ? Json(stakerAddress(*staker)) : Json()},
            {"am_i_staking", staker.has_value()},
            {"is_staking_supported", !segwit()}};
  co_return Json{{"staking_infos_details", std::move(info)}};
}

Task<TransactionDetails> QtumDelegation::callContract(ContractCall call, std::string type) {
  const UtxoSpend spent = co_await coin_.spend(contractCallOrder(call));
  TransactionDetails details;
  details.tx_hex = spent.hex;
  details.tx_hash = spent.txid;
  details.from = spent.from;
  details.to = {coin_.myAddress()};
  details.setAmounts(UInt256(spent.spent_by_me), UInt256(spent.spent_by_me),
                     UInt256(spent.received_by_me), kQtumDecimals);
  details.fee_details.value = contractCallFee(coin_.ticker(), call, spent);
  details.coin = coin_.ticker();
  details.timestamp = coin_.clock().unixMillis() / 1000;
  details.transaction_type = std::move(type);
  co_return details;
}

}  // namespace walletd
