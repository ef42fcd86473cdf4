// The EVM key sources of this build: walletd's own keys and a browser-extension wallet.
#include "core/coins/evm/browser_wallet.h"
#include "core/coins/evm/eth_withdraw.h"
#include "core/coins/evm/evm_coins.h"
#include "core/coins/evm/evm_key_source.h"
#include "core/coins/withdraw_request.h"

namespace walletd {
namespace {

// A coroutine, so the raw bytes live in its frame while the node is asked.
Task<std::string> sendSigned(EthPlatform& platform, Bytes raw) {
  co_return co_await evmSendRawTransaction(platform, raw);
}

class WalletEvmKeys : public EvmKeySource {
 public:
  bool signsOnlyWhenSending() const override { return false; }
  bool keysElsewhere() const override { return false; }
  Task<std::optional<EvmTransaction::Signed>> sign(const KeccakAccountKey& sender,
                                                   const EvmTransaction& tx, bool,
                                                   const WithdrawProgress&) const override {
    co_return tx.sign(sender.key);
  }
  Task<std::string> send(EthPlatform& platform, EthAddress, EvmTransaction,
                         std::optional<EvmTransaction::Signed> signed_tx) const override {
    return sendSigned(platform, std::move(signed_tx.value().raw));
  }
};

// The wallet's refusals become withdraw errors: the user saying no (4001) or the wallet's
// account or chain having changed is SigningError, a disconnected wallet Transport.
Task<std::string> sendThroughBrowserWallet(ExternalSigner& wallet, EthAddress from,
                                           EvmTransaction tx) {
  try {
    co_return co_await browserWalletSend(wallet, from, std::move(tx));
  } catch (const ExternalSignerError& e) {
    const std::string message =
        e.code == 4001 ? "the user rejected the transaction in the browser wallet (EIP-1193 4001)"
                       : "the browser wallet refused: " + std::string(e.what()) + " (EIP-1193 " +
                             std::to_string(e.code) + ")";
    const bool gone = e.code == 4900 || e.code == -1;
    throw rpcError(gone ? WithdrawError::Transport : WithdrawError::SigningError, message,
                   Json(message));
  }
}

class BrowserWalletEvmKeys : public EvmKeySource {
 public:
  explicit BrowserWalletEvmKeys(ExternalSigner& wallet) : wallet_(wallet) {}
  bool signsOnlyWhenSending() const override { return true; }
  bool keysElsewhere() const override { return true; }
  Task<std::optional<EvmTransaction::Signed>> sign(const KeccakAccountKey&, const EvmTransaction&,
                                                   bool, const WithdrawProgress&) const override {
    co_return std::nullopt;
  }
  Task<std::string> send(EthPlatform&, EthAddress from, EvmTransaction tx,
                         std::optional<EvmTransaction::Signed>) const override {
    return sendThroughBrowserWallet(wallet_, from, std::move(tx));
  }

 private:
  ExternalSigner& wallet_;
};

}  // namespace

std::unique_ptr<EvmKeySource> walletEvmKeys() {
  return std::make_unique<WalletEvmKeys>();
}

std::unique_ptr<EvmKeySource> browserWalletEvmKeys(ExternalSigner& wallet) {
  return std::make_unique<BrowserWalletEvmKeys>(wallet);
}

}  // namespace walletd
