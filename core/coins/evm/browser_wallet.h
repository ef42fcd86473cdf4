// A browser-extension wallet (EIP-1193) as an EVM coin's signer: priv_key_policy
// {"type":"Metamask"} (KDF's name) or "BrowserWallet" (the spec's). Its account is the coin's
// address; walletd builds each transaction (nonce, gas, fees) as for its own keys and the wallet
// signs and sends it (eth_sendTransaction), so a withdraw must broadcast (KDF's BroadcastExpected).
#pragma once

#include <cstdint>
#include <string>

#include "core/async/task.h"
#include "core/coins/evm/evm_transaction.h"
#include "core/platform/external_signer.h"

namespace walletd {

bool isBrowserWalletPolicy(const std::string& priv_key_policy_type);

// eth_requestAccounts (the user may be asked to connect): the wallet's selected account.
Task<EthAddress> browserWalletAccount(ExternalSigner& wallet);
// eth_chainId, then wallet_switchEthereumChain when it differs from `chain_id`; throws
// ExternalSignerError when the wallet does not end on `chain_id`.
Task<void> browserWalletUseChain(ExternalSigner& wallet, std::uint64_t chain_id);
// Checks the wallet still has `from` selected and is on the transaction's chain, then
// eth_sendTransaction: the transaction hash (hex, no 0x). Throws ExternalSignerError.
Task<std::string> browserWalletSend(ExternalSigner& wallet, EthAddress from, EvmTransaction tx);

}  // namespace walletd
