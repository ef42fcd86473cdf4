// The WalletConnect session wallet for EVM coins (KDF's PrivKeyPolicy WalletConnect): the key stays
// in a wallet reached through a WalletConnect session (core/walletconnect). Activation asks the
// wallet to personal_sign "Authenticate with KDF" with the session's account for the coin's chain
// (eip155:<chain id>) and requires the recovered signer to be that account. Withdraw asks it for
// eth_signTransaction (the transaction read back and checked: wallet_signed_transaction.h), or
// with broadcast for eth_sendTransaction, then waits until the coin's node knows the hash.
#pragma once

#include <memory>
#include <string>

#include "core/coins/evm/evm_key_source.h"
#include "core/walletconnect/wc_service.h"

namespace walletd {

// Why the wallet could not be used (activation turns it into WalletConnectError).
struct SessionWalletRefusal : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// "eip155:<chain id>".
std::string eip155Chain(std::uint64_t chain_id);

// The session's account for the chain, proven by the wallet's personal_sign; its public key is
// the recovered one. Throws SessionWalletRefusal.
Task<KeccakAccountKey> authenticateSessionWallet(std::shared_ptr<wc::Service> wallet_connect,
                                                 std::string topic, std::uint64_t chain_id);

// `executor` paces the wait for a sent transaction.
std::unique_ptr<EvmKeySource> sessionWalletEvmKeys(std::shared_ptr<wc::Service> wallet_connect,
                                                   std::string topic, std::uint64_t chain_id,
                                                   Executor& executor);

}  // namespace walletd
