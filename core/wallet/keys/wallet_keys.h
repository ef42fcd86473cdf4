// WalletKeys: the node's secret after login — nothing (no-login mode), KDF's single Iguana key, or
// the BIP32 root of a BIP39 seed (HD mode, `enable_hd: true`). Account nodes are cached so a coin's
// addresses cost one child derivation each.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "core/crypto/ed25519/ed25519_key.h"
#include "core/crypto/sapling/sapling_keys.h"
#include "core/crypto/secret.h"
#include "core/wallet/keys/bip32.h"

namespace walletd {

struct WalletKeysError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class WalletKeys {
 public:
  enum class Mode { NoLogin, Iguana, HD };

  static WalletKeys noLogin() { return WalletKeys(); }
  // HD mode needs a valid BIP39 mnemonic (the error says what is wrong, never the words); Iguana
  // mode takes any passphrase (iguanaPrivateKey). Throws WalletKeysError.
  static WalletKeys fromPassphrase(std::string_view passphrase, bool enable_hd);

  Mode mode() const { return mode_; }
  // Throw WalletKeysError in the wrong mode.
  const PrivateKey& iguanaKey() const;
  // The key at `path` (HD mode). The parent node is cached, so siblings cost one derivation.
  ExtendedKey derive(const DerivationPath& path) const;
  // KDF's internal key: the Iguana key, or m/44'/141'/2147483647/0/0 in HD mode. The Iguana
  // key's point is computed on first use, so a login does no elliptic-curve work.
  const PublicKey& internalPublicKey() const;
  // The node's P2P identity as KDF derives it: Ed25519 with seed = SHA-256(internal private key).
  // walletd signs proxy requests with it (the X-Auth-Payload header); null without a login.
  // Made on first use: Ed25519 key generation is the dearest part of a login in wasm, and most
  // nodes never talk to a proxy.
  std::shared_ptr<const Ed25519Key> p2pKey() const;
  // The ZIP-32 Sapling master key as KDF derives it for shielded (ZHTLC) coins: from the Iguana
  // private key in Iguana mode, from the BIP39 seed in HD mode. Throws WalletKeysError without a
  // login.
  sapling::ExtendedSpendingKey saplingMasterKey() const;
  // A key that seals walletd's own records of `purpose` at rest (WalletConnect's session keys):
  // HMAC-SHA256 keyed by SHA-256(internal private key), so it follows the login; nullopt without.
  std::optional<SecretArray<32>> sealingKey(std::string_view purpose) const;

 private:
  WalletKeys() = default;

  Mode mode_ = Mode::NoLogin;
  std::shared_ptr<const PrivateKey> iguana_;  // shared: WalletKeys is copied into the Node
  std::shared_ptr<const ExtendedKey> root_;
  std::shared_ptr<const SecretBytes> bip39_seed_;  // HD mode: Sapling keys start from it
  struct LazyPublicKey;
  std::shared_ptr<LazyPublicKey> internal_public_;
  struct LazyP2pKey;
  std::shared_ptr<LazyP2pKey> p2p_key_;
  std::shared_ptr<std::map<std::vector<std::uint32_t>, ExtendedKey>> account_cache_;
};

}  // namespace walletd
