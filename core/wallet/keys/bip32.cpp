// BIP32. A child costs one HMAC-SHA512 and one scalar multiplication (the child's public key,
// kept because addresses and further non-hardened children need it).
#include "core/wallet/keys/bip32.h"

#include <algorithm>

#include "core/crypto/crypto_error.h"
#include "core/crypto/hashes.h"
#include "core/crypto/secret.h"
#include "core/encoding/base58.h"
#include "core/encoding/encoding_error.h"

namespace walletd {
namespace {

void putBe32(Bytes& out, std::uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<std::uint8_t>(v >> s));
}

std::uint32_t getBe32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) << 24 | static_cast<std::uint32_t>(p[1]) << 16 |
         static_cast<std::uint32_t>(p[2]) << 8 | p[3];
}

template <std::size_t N>
ByteArray<N> slice(const std::uint8_t* p) {
  ByteArray<N> out{};
  std::copy(p, p + N, out.begin());
  return out;
}

}  // namespace

ExtendedKey::~ExtendedKey() {
  wipe(chain_code_);  // the private key wipes itself
}

void ExtendedKey::setPrivate(const PrivateKey& key) {
  has_private_ = true;
  private_key_ = key;
  setPublic(PublicKey::fromPrivate(key));
}

void ExtendedKey::setPublic(const PublicKey& key) {
  public_key_ = key;
  compressed_ = key.compressed();
  fingerprint_.reset();
}

ExtendedKey ExtendedKey::fromSeed(ByteView seed) {
  if (seed.size() < 16 || seed.size() > 64) throw CryptoError("BIP32 seed must be 16..64 bytes");
  auto digest = hmacSha512(asBytes("Bitcoin seed"), seed);
  ScopedWipe wipe_digest(digest);
  ExtendedKey out;
  const PrivateKey key = PrivateKey::copyOf(digest.data());
  if (!isValidPrivateKey(key)) throw CryptoError("seed gives an invalid master key");
  out.setPrivate(key);
  out.chain_code_ = slice<32>(digest.data() + 32);
  return out;
}

ExtendedKey ExtendedKey::derive(std::uint32_t index) const {
  const bool hardened = (index & kHardened) != 0;
  if (hardened && !has_private_) throw CryptoError("hardened derivation needs a private key");
  std::uint8_t data[37];
  if (hardened) {
    data[0] = 0;
    std::copy(private_key_.begin(), private_key_.end(), data + 1);
  } else {
    std::copy(compressed_.begin(), compressed_.end(), data);
  }
  for (int i = 0; i < 4; ++i) data[33 + i] = static_cast<std::uint8_t>(index >> (24 - 8 * i));
  auto digest = hmacSha512(chain_code_, ByteView(data, sizeof data));
  wipe(data, sizeof data);
  ScopedWipe wipe_digest(digest);
  const ByteArray<32> tweak = slice<32>(digest.data());

  ExtendedKey child;
  if (has_private_) {
    PrivateKey key = privateKeyTweakAdd(private_key_, tweak);  // rejects IL >= n and a zero key
    child.setPrivate(key);
  } else {
    child.setPublic(publicKeyTweakAdd(public_key_, tweak));
  }
  child.chain_code_ = slice<32>(digest.data() + 32);
  child.depth_ = static_cast<std::uint8_t>(depth_ + 1);
  child.parent_fingerprint_ = fingerprint();
  child.child_number_ = index;
  return child;
}

ExtendedKey ExtendedKey::derivePath(const DerivationPath& path) const {
  ExtendedKey key = *this;
  for (std::uint32_t index : path.indexes) key = key.derive(index);
  return key;
}

ExtendedKey ExtendedKey::neutered() const {
  ExtendedKey out = *this;
  out.has_private_ = false;
  out.private_key_.fill(0);
  return out;
}

const PrivateKey& ExtendedKey::privateKey() const {
  if (!has_private_) throw CryptoError("extended key has no private key");
  return private_key_;
}

std::uint32_t ExtendedKey::fingerprint() const {
  if (!fingerprint_) fingerprint_ = getBe32(hash160(compressed_).data());
  return *fingerprint_;
}

std::string ExtendedKey::serialize(const ExtendedKeyVersions& versions) const {
  if (!has_private_) return serializePublic(versions);
  Bytes data;
  putBe32(data, versions.private_version);
  data.push_back(depth_);
  putBe32(data, parent_fingerprint_);
  putBe32(data, child_number_);
  data.insert(data.end(), chain_code_.begin(), chain_code_.end());
  data.push_back(0);
  data.insert(data.end(), private_key_.begin(), private_key_.end());
  std::string out = base58CheckEncode(data);
  wipe(data);
  return out;
}

std::string ExtendedKey::serializePublic(const ExtendedKeyVersions& versions) const {
  Bytes data;
  putBe32(data, versions.public_version);
  data.push_back(depth_);
  putBe32(data, parent_fingerprint_);
  putBe32(data, child_number_);
  data.insert(data.end(), chain_code_.begin(), chain_code_.end());
  data.insert(data.end(), compressed_.begin(), compressed_.end());
  return base58CheckEncode(data);
}

ExtendedKey ExtendedKey::parse(std::string_view text, const ExtendedKeyVersions& versions) {
  Bytes data = base58CheckDecode(text);
  if (data.size() != 78)
    throw EncodingError("extended key must be 78 bytes, got " + std::to_string(data.size()));
  const std::uint32_t version = getBe32(data.data());
  const bool is_private = version == versions.private_version;
  if (!is_private && version != versions.public_version)
    throw EncodingError("extended key has an unknown version");
  ExtendedKey out;
  out.depth_ = data[4];
  out.parent_fingerprint_ = getBe32(data.data() + 5);
  out.child_number_ = getBe32(data.data() + 9);
  if (out.depth_ == 0 && (out.parent_fingerprint_ != 0 || out.child_number_ != 0)) {
    throw EncodingError("extended key of depth 0 must have a zero parent fingerprint and index");
  }
  out.chain_code_ = slice<32>(data.data() + 13);
  const std::uint8_t* key = data.data() + 45;
  if (is_private) {
    if (key[0] != 0) throw EncodingError("private extended key must have a 0x00 key prefix");
    const PrivateKey secret = PrivateKey::copyOf(key + 1);
    if (!isValidPrivateKey(secret)) throw CryptoError("extended private key is out of range");
    out.setPrivate(secret);
  } else {
    if (key[0] != 2 && key[0] != 3)
      throw EncodingError("public extended key must hold a compressed key");
    out.setPublic(PublicKey::parse(ByteView(key, 33)));
  }
  wipe(data);
  return out;
}

}  // namespace walletd
