// BIP32 hierarchical deterministic keys: master key from a seed, private and public child
// derivation, and the xprv/xpub serialisation (with BIP32's validity rules when parsing).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/crypto/secp256k1.h"
#include "core/wallet/keys/derivation_path.h"

namespace walletd {

struct ExtendedKeyVersions {
  std::uint32_t private_version = 0x0488ADE4;  // xprv
  std::uint32_t public_version = 0x0488B21E;   // xpub
};

class ExtendedKey {
 public:
  static ExtendedKey fromSeed(ByteView seed);  // HMAC-SHA512("Bitcoin seed", seed)
  // Throws EncodingError (bad text, checksum, version, depth/parent rules) or CryptoError (key).
  static ExtendedKey parse(std::string_view text, const ExtendedKeyVersions& versions = {});

  ExtendedKey(const ExtendedKey&) = default;
  ExtendedKey& operator=(const ExtendedKey&) = default;
  ~ExtendedKey();

  // Hardened indexes (bit 31 set) need the private key. Throws CryptoError for the (2^-127) case
  // where the child is invalid.
  ExtendedKey derive(std::uint32_t index) const;
  ExtendedKey derivePath(const DerivationPath& path) const;
  ExtendedKey neutered() const;  // the public-only extended key

  bool hasPrivateKey() const { return has_private_; }
  const PrivateKey& privateKey() const;  // throws CryptoError when neutered
  const PublicKey& publicKey() const { return public_key_; }
  const ByteArray<33>& compressedPublicKey() const { return compressed_; }
  std::uint32_t fingerprint() const;  // first 4 bytes of HASH160(public key), big-endian
  std::uint8_t depth() const { return depth_; }
  std::string serialize(const ExtendedKeyVersions& versions = {}) const;
  std::string serializePublic(const ExtendedKeyVersions& versions = {}) const;

 private:
  ExtendedKey() = default;
  void setPrivate(const PrivateKey& key);
  void setPublic(const PublicKey& key);

  bool has_private_ = false;
  PrivateKey private_key_{};
  PublicKey public_key_;
  ByteArray<33> compressed_{};
  ByteArray<32> chain_code_{};
  std::uint8_t depth_ = 0;
  std::uint32_t parent_fingerprint_ = 0;
  std::uint32_t child_number_ = 0;
  mutable std::optional<std::uint32_t> fingerprint_;  // computed once, when a child needs it
};

}  // namespace walletd
