// Qrc20Coin: an active QRC20 token (a QTUM contract's token: coins-file protocol QRC20). As in
// KDF, a token is activated by the legacy `electrum` / `enable` requests and keeps its own QTUM
// client — a UtxoCoin on the QTUM chain profile, built from the token's own coins-file entry and
// servers — whose address is the token's address and whose QTUM pays the gas. Its balance is the
// contract's balanceOf(address) in the token's decimals (nothing unspendable, as KDF). A withdraw
// is a QTUM transaction calling the contract's transfer (qrc20_withdraw.cpp).
#pragma once

#include <memory>
#include <string>

#include "core/coins/active_coin.h"
#include "core/coins/utxo/utxo_coin.h"

namespace walletd {

class Qrc20Coin : public ActiveCoin {
 public:
  // `client`: the token's QTUM client; `holder`: its address's key hash (balanceOf's argument).
  Qrc20Coin(std::shared_ptr<UtxoCoin> client, std::string platform, ByteArray<20> contract,
            ByteArray<20> holder, unsigned decimals);

  const std::string& ticker() const override { return client_->ticker(); }
  std::optional<std::string> platform() const override { return platform_; }
  std::string myAddress() const override { return client_->myAddress(); }
  Task<BalanceInfo> myBalance() override;
  Task<TransactionDetails> withdraw(WithdrawRequest request) override;
  // Broadcast by the token's QTUM client.
  Task<std::string> sendRawTransaction(SendRawRequest request) override {
    return client_->sendRawTransaction(std::move(request));
  }
  void onDisable() override { client_->onDisable(); }

  // The token's units held by `holder` (balanceOf), read from the contract.
  static Task<UInt256> balanceOf(UtxoBackend& backend, ByteArray<20> contract,
                                 ByteArray<20> holder);
  // The token's decimals (decimals()), read from the contract; at most 255 (KDF's rule).
  static Task<unsigned> decimalsOf(UtxoBackend& backend, ByteArray<20> contract);

 private:
  std::shared_ptr<UtxoCoin> client_;
  std::string platform_;
  ByteArray<20> contract_;
  ByteArray<20> holder_;
  unsigned decimals_;
};

}  // namespace walletd
