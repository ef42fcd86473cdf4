// The QRC20 token coin.
#include "core/coins/utxo/qtum/qrc20_coin.h"

#include "core/encoding/hex.h"
#include "core/encoding/token_abi.h"

namespace walletd {
namespace {

// The first 32-byte word a call returned, as a number; std::runtime_error when there is none.
UInt256 firstWord(const Bytes& output, const char* what) {
  const auto value = decodeUint256Result("0x" + toHex(output));
  if (!value) throw std::runtime_error(std::string(what) + " returned no number");
  return *value;
}

}  // namespace

Qrc20Coin::Qrc20Coin(std::shared_ptr<UtxoCoin> client, std::string platform, ByteArray<20> contract,
                     ByteArray<20> holder, unsigned decimals)
    : client_(std::move(client)),
      platform_(std::move(platform)),
      contract_(contract),
      holder_(holder),
      decimals_(decimals) {}

Task<UInt256> Qrc20Coin::balanceOf(UtxoBackend& backend, ByteArray<20> contract,
                                   ByteArray<20> holder) {
  const Bytes output = co_await backend.callContract(contract, erc20BalanceOfData(holder));
  co_return firstWord(output, "balanceOf");
}

Task<unsigned> Qrc20Coin::decimalsOf(UtxoBackend& backend, ByteArray<20> contract) {
  const Bytes output = co_await backend.callContract(contract, erc20DecimalsData());
  const auto decimals = firstWord(output, "decimals").toUint64();
  if (!decimals || *decimals > 255) throw std::runtime_error("decimals is above 255");
  co_return static_cast<unsigned>(*decimals);
}

Task<BalanceInfo> Qrc20Coin::myBalance() {
  const UInt256 units = co_await balanceOf(client_->backend(), contract_, holder_);
  co_return spendableBalance(units, decimals_);
}

}  // namespace walletd
