// EvmKeySource: the sign and broadcast steps of an EVM platform's withdraw pipeline (plan → sign
// → broadcast, eth_withdraw.cpp), and the sign step of sign_raw_transaction. walletd's own keys
// sign at once and broadcast through the platform's nodes; a browser-extension wallet signs only
// while sending (eth_sendTransaction); a session wallet or a hardware wallet is another source,
// chosen at activation, with no branch in the withdraw itself.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/async/task.h"
#include "core/coins/evm/evm_transaction.h"
#include "core/coins/withdraw_progress.h"
#include "core/platform/external_signer.h"
#include "core/wallet/keys/keccak_account_key.h"

namespace walletd {

class EthPlatform;

class EvmKeySource {
 public:
  virtual ~EvmKeySource() = default;
  // True when signatures come only with sending: a withdraw must broadcast (KDF's
  // BroadcastExpected) and sign_raw_transaction has nothing to hand out.
  virtual bool signsOnlyWhenSending() const = 0;
  // True when the keys are outside walletd (get_private_keys refuses the coin).
  virtual bool keysElsewhere() const = 0;
  // The signed transaction from `sender`; nullopt when the source signs while sending instead
  // (a browser wallet always; a session wallet when `will_send`, through eth_sendTransaction).
  // `progress` is the withdraw's (a hardware wallet reports and asks the user through its task).
  // Refusals are WithdrawError. The arguments must outlive the awaited task.
  virtual Task<std::optional<EvmTransaction::Signed>> sign(
      const KeccakAccountKey& sender, const EvmTransaction& tx, bool will_send,
      const WithdrawProgress& progress) const = 0;
  // Broadcasts: `signed_tx` through the platform's nodes, or the wallet signs and sends `tx`.
  // The transaction hash (hex, no 0x); refusals are WithdrawError.
  virtual Task<std::string> send(EthPlatform& platform, EthAddress from, EvmTransaction tx,
                                 std::optional<EvmTransaction::Signed> signed_tx) const = 0;
};

// walletd's own keys (the Iguana key or the HD wallet's).
std::unique_ptr<EvmKeySource> walletEvmKeys();
// A browser-extension wallet (browser_wallet.h) holding the activated account's key.
std::unique_ptr<EvmKeySource> browserWalletEvmKeys(ExternalSigner& wallet);
// A WalletConnect session wallet: session_wallet_evm.h.

}  // namespace walletd
