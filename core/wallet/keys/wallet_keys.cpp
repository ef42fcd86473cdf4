// WalletKeys.
#include "core/wallet/keys/wallet_keys.h"

#include <mutex>

#include "core/crypto/crypto_error.h"
#include "core/crypto/hashes.h"
#include "core/crypto/secret.h"
#include "core/wallet/keys/bip39.h"
#include "core/wallet/keys/iguana_key.h"

namespace walletd {
namespace {

// One copy of the key for every owner (it wipes itself when the last one lets go).
std::shared_ptr<const PrivateKey> sharedSecret(const PrivateKey& key) {
  return std::make_shared<const PrivateKey>(key);
}

}  // namespace

// The P2P key's seed until the key is asked for; the seed is wiped with it.
struct WalletKeys::LazyP2pKey {
  explicit LazyP2pKey(const PrivateKey& internal_key) : seed(sha256Bytes(internal_key)) {}
  ~LazyP2pKey() { wipe(seed); }
  ByteArray<32> seed;
  std::once_flag made;
  std::shared_ptr<const Ed25519Key> key;
};

// The internal public key: given (HD mode, where the derivation computed it) or computed from the
// Iguana key when first asked for.
struct WalletKeys::LazyPublicKey {
  explicit LazyPublicKey(std::shared_ptr<const PrivateKey> from) : source(std::move(from)) {}
  explicit LazyPublicKey(const PublicKey& known) : key(known) {
    std::call_once(made, [] {});
  }
  std::shared_ptr<const PrivateKey> source;
  std::once_flag made;
  PublicKey key;
};

std::shared_ptr<const Ed25519Key> WalletKeys::p2pKey() const {
  if (!p2p_key_) return nullptr;
  LazyP2pKey& lazy = *p2p_key_;
  std::call_once(lazy.made, [&] {
    lazy.key = std::make_shared<const Ed25519Key>(Ed25519Key::fromSeed(lazy.seed));
  });
  return lazy.key;
}

std::optional<SecretArray<32>> WalletKeys::sealingKey(std::string_view purpose) const {
  if (!p2p_key_) return std::nullopt;
  const ByteView label(reinterpret_cast<const std::uint8_t*>(purpose.data()), purpose.size());
  ByteArray<32> key = hmacSha256(p2p_key_->seed, label);
  SecretArray<32> out(key);
  wipe(key);
  return out;
}

sapling::ExtendedSpendingKey WalletKeys::saplingMasterKey() const {
  switch (mode_) {
    case Mode::Iguana:
      return sapling::ExtendedSpendingKey::master(iguana_->view());
    case Mode::HD:
      return sapling::ExtendedSpendingKey::master(bip39_seed_->view());
    case Mode::NoLogin:
      break;
  }
  throw WalletKeysError("no wallet is open");
}

WalletKeys WalletKeys::fromPassphrase(std::string_view passphrase, bool enable_hd) {
  WalletKeys keys;
  try {
    if (enable_hd) {
      validateMnemonic(passphrase);
      auto seed = std::make_shared<const SecretBytes>(mnemonicToSeed(passphrase, ""));
      keys.mode_ = Mode::HD;
      keys.root_ = std::make_shared<const ExtendedKey>(ExtendedKey::fromSeed(seed->view()));
      keys.bip39_seed_ = std::move(seed);
      keys.account_cache_ = std::make_shared<std::map<std::vector<std::uint32_t>, ExtendedKey>>();
      const ExtendedKey internal = keys.derive(DerivationPath::parse("m/44'/141'/2147483647/0/0"));
      keys.internal_public_ = std::make_shared<LazyPublicKey>(internal.publicKey());
      keys.p2p_key_ = std::make_shared<LazyP2pKey>(internal.privateKey());
    } else {
      const PrivateKey key = iguanaPrivateKey(passphrase);
      if (!isValidPrivateKey(key)) throw CryptoError("the key is out of range");
      keys.mode_ = Mode::Iguana;
      keys.iguana_ = sharedSecret(key);
      keys.internal_public_ = std::make_shared<LazyPublicKey>(keys.iguana_);
      keys.p2p_key_ = std::make_shared<LazyP2pKey>(key);
    }
  } catch (const Bip39Error& e) {
    throw WalletKeysError(std::string("HD wallet passphrase is not a valid BIP39 mnemonic: ") +
                          e.what());
  } catch (const CryptoError& e) {
    throw WalletKeysError(std::string("passphrase gives no valid key: ") + e.what());
  }
  return keys;
}

const PrivateKey& WalletKeys::iguanaKey() const {
  if (mode_ != Mode::Iguana) throw WalletKeysError("Iguana key derivation requires Iguana mode");
  return *iguana_;
}

ExtendedKey WalletKeys::derive(const DerivationPath& path) const {
  if (mode_ != Mode::HD) {
    throw WalletKeysError(
        "HD key derivation requires GlobalHDAccount mode. Please initialize with HD wallet.");
  }
  // The parent of the requested key (an account's chain node) is cached; the cache is bounded.
  const std::size_t cached_depth = path.indexes.empty() ? 0 : path.indexes.size() - 1;
  const std::vector<std::uint32_t> prefix(
      path.indexes.begin(), path.indexes.begin() + static_cast<std::ptrdiff_t>(cached_depth));
  auto it = account_cache_->find(prefix);
  if (it == account_cache_->end()) {
    if (account_cache_->size() >= 1024) account_cache_->clear();
    it = account_cache_->emplace(prefix, root_->derivePath(DerivationPath{prefix})).first;
  }
  ExtendedKey key = it->second;
  for (std::size_t i = cached_depth; i < path.indexes.size(); ++i)
    key = key.derive(path.indexes[i]);
  return key;
}

const PublicKey& WalletKeys::internalPublicKey() const {
  if (!internal_public_) throw WalletKeysError("public_key not available");
  LazyPublicKey& lazy = *internal_public_;
  std::call_once(lazy.made, [&] { lazy.key = PublicKey::fromPrivate(*lazy.source); });
  return lazy.key;
}

}  // namespace walletd
