// Tendermint coins on a WalletConnect session wallet (KDF's activation_params
// {"type":"WalletConnect","params":{"session_topic"}}): the key stays in the wallet. Activation
// takes the account of the session's `cosmos:<chain id>` — the first of sessionProperties.keys
// (Keplr), else the wallet's cosmos_getAccounts — and requires the address the public key makes
// under the coin's prefix to be the wallet's. Signing sends cosmos_signDirect with walletd's
// SignDoc (bytes hex, base64 for Keplr, as KDF) and accepts the answer only when the signed bytes
// are walletd's and the signature verifies with the account's key.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "core/coins/tendermint/tendermint_coins.h"
#include "core/walletconnect/wc_service.h"

namespace walletd {

struct CosmosSessionRefusal : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// "cosmos:<chain id>".
std::string cosmosChain(const std::string& chain_id);

// The session wallet's signer for the chain (its public key and address, and the remote signer).
// Throws CosmosSessionRefusal.
Task<TendermintSigner> sessionWalletCosmosSigner(std::shared_ptr<wc::Service> wallet_connect,
                                                 std::string topic, std::string chain_id,
                                                 std::string account_prefix);

// Bytes in any form wallets answer (KDF's decode): hex, base64, an array of numbers, or an
// object of index → byte; nullopt otherwise.
std::optional<Bytes> walletBytes(const Json& value);

// The signature of a cosmos_signDirect answer, checked: `signed` (when present) must carry
// `doc`'s body and auth-info bytes, and the signature must verify with `key` over the SignDoc.
// Else the reason.
struct CosmosSignAnswer {
  std::optional<ByteArray<64>> signature;
  std::string problem;
};
CosmosSignAnswer checkSignDirectAnswer(const Json& answer, const CosmosSignDoc& doc,
                                       const PublicKey& key);

}  // namespace walletd
