// TRON active coins: keys, balances and raw broadcast.
#include "core/coins/tron/tron_coins.h"

#include <algorithm>

#include "core/encoding/protobuf.h"
#include "core/encoding/hex.h"
#include "core/encoding/token_abi.h"
#include "core/encoding/tron_address.h"

namespace walletd {
TronPlatform::TronPlatform(std::string ticker, TronNodeClient node, KeccakAccountKey key,
                           std::shared_ptr<HdWallet> hd, Clock& clock)
    : ticker_(std::move(ticker)),
      node_(std::move(node)),
      key_(std::move(key)),
      hd_(std::move(hd)),
      clock_(clock) {}

void TronPlatform::addAddressDetails(Json& address_info) const {
  if (relay_) address_info["relay_address"] = tronBase58(relay_->relayAddressOf(key_.account));
}

std::vector<EthAddress> TronPlatform::knownAccounts() const {
  return hd_ ? hd_->knownKeccakAccounts() : std::vector<EthAddress>{key_.account};
}

bool TronPlatform::ownsAccount(const EthAddress& account) const {
  if (key_.account == account) return true;
  const std::vector<EthAddress> known = knownAccounts();
  return std::find(known.begin(), known.end(), account) != known.end();
}

Task<std::uint64_t> TronPlatform::balanceSun(EthAddress account) {
  const auto state = co_await node_.account(account);
  co_return state ? state->balance_sun : 0;
}

Task<BalanceInfo> TronPlatform::myBalance() {
  const std::uint64_t sun = co_await balanceSun(key_.account);
  co_return spendableBalance(UInt256(sun), kDecimals);
}

Task<UInt256> TronPlatform::tokenBalance(EthAddress contract, EthAddress owner) {
  const Bytes call = erc20BalanceOfData(owner);
  const TronConstantCall answer = co_await node_.triggerConstant(
      key_.account, contract, "balanceOf(address)", Bytes(call.begin() + 4, call.end()));
  if (!answer.result) throw TronNodeMisbehaved("balanceOf answered no 32-byte word");
  co_return *answer.result;
}

Trc20Token::Trc20Token(std::string ticker, std::shared_ptr<TronPlatform> platform,
                       EthAddress contract, unsigned decimals, std::uint32_t required_confirmations)
    : ticker_(std::move(ticker)),
      platform_(std::move(platform)),
      contract_(contract),
      decimals_(decimals),
      required_confirmations_(required_confirmations) {}

Task<BalanceInfo> Trc20Token::myBalance() {
  const UInt256 units = co_await platform_->tokenBalance(contract_, platform_->key().account);
  co_return spendableBalance(units, decimals_);
}

namespace {

// send_raw_transaction's tx_hex, checked locally first (a Transaction with raw_data and a
// signature); answers the txID. The node's refusal is TronBroadcastRefused.
Task<std::string> broadcastChecked(TronPlatform& platform, Bytes transaction) {
  std::size_t signatures = 0;
  try {
    signatures = parseTronTransaction(transaction).signatures;
  } catch (const ProtoError& e) {
    const std::string message = std::string("tx_hex is not a TRON Transaction: ") + e.what();
    throw rpcError(RawTransactionError::InvalidParam, message, Json(message));
  }
  if (signatures == 0) {
    const std::string message = "tx_hex is an unsigned TRON Transaction";
    throw rpcError(RawTransactionError::InvalidParam, message, Json(message));
  }
  co_return co_await platform.node().broadcastHex(std::move(transaction));
}

Task<std::string> sendRaw(TronPlatform& platform, SendRawRequest request) {
  co_return co_await broadcastChecked(platform, std::move(*request.tx_bytes));
}

}  // namespace

Task<std::string> TronPlatform::sendRawTransaction(SendRawRequest request) {
  return sendRaw(*this, std::move(request));
}

Task<std::string> Trc20Token::sendRawTransaction(SendRawRequest request) {
  return sendRaw(*platform_, std::move(request));
}

}  // namespace walletd
