// Secrets in memory: wiped with Mbed TLS's zeroize (which the compiler cannot elide) when they go
// out of scope. SecretBytes owns a key, seed or mnemonic; wipe() clears anything else by hand.
#pragma once

#include <mbedtls/platform_util.h>

#include <algorithm>
#include <string>
#include <utility>

#include "core/crypto/bytes.h"

namespace walletd {

inline void wipe(void* data, std::size_t size) {
  mbedtls_platform_zeroize(data, size);
}
template <std::size_t N>
void wipe(ByteArray<N>& bytes) {
  wipe(bytes.data(), N);
}
inline void wipe(std::string& text) {
  wipe(text.data(), text.size());
  text.clear();
}
inline void wipe(Bytes& bytes) {
  wipe(bytes.data(), bytes.size());
  bytes.clear();
}

// Move-only owner of secret bytes; the buffer is zeroed on destruction and on move-from.
class SecretBytes {
 public:
  SecretBytes() = default;
  explicit SecretBytes(Bytes bytes) : bytes_(std::move(bytes)) {}
  SecretBytes(ByteView bytes) : bytes_(bytes.begin(), bytes.end()) {}  // NOLINT(implicit)
  SecretBytes(SecretBytes&& other) noexcept : bytes_(std::move(other.bytes_)) {
    other.bytes_.clear();
  }
  SecretBytes& operator=(SecretBytes&& other) noexcept {
    if (this != &other) {
      wipe(bytes_);
      bytes_ = std::move(other.bytes_);
      other.bytes_.clear();
    }
    return *this;
  }
  SecretBytes(const SecretBytes&) = delete;
  SecretBytes& operator=(const SecretBytes&) = delete;
  ~SecretBytes() { wipe(bytes_); }

  ByteView view() const { return bytes_; }
  const std::uint8_t* data() const { return bytes_.data(); }
  std::uint8_t* data() { return bytes_.data(); }
  std::size_t size() const { return bytes_.size(); }
  bool empty() const { return bytes_.empty(); }

 private:
  Bytes bytes_;
};

// A fixed-size secret (a private key): the bytes are wiped when it goes out of scope, and every
// copy is such a secret too, so no copy outlives its scope in memory. Reads like std::array.
template <std::size_t N>
class SecretArray {
 public:
  SecretArray() { bytes_.fill(0); }
  explicit SecretArray(const ByteArray<N>& bytes) : bytes_(bytes) {}
  // The first N bytes of `bytes` (which must hold at least N).
  static SecretArray copyOf(const std::uint8_t* bytes) {
    SecretArray out;
    std::copy(bytes, bytes + N, out.bytes_.begin());
    return out;
  }
  SecretArray(const SecretArray&) = default;
  SecretArray& operator=(const SecretArray&) = default;
  ~SecretArray() { wipe(bytes_); }

  std::uint8_t* data() { return bytes_.data(); }
  const std::uint8_t* data() const { return bytes_.data(); }
  static constexpr std::size_t size() { return N; }
  std::uint8_t* begin() { return bytes_.data(); }
  std::uint8_t* end() { return bytes_.data() + N; }
  const std::uint8_t* begin() const { return bytes_.data(); }
  const std::uint8_t* end() const { return bytes_.data() + N; }
  std::uint8_t& operator[](std::size_t i) { return bytes_[i]; }
  std::uint8_t operator[](std::size_t i) const { return bytes_[i]; }
  void fill(std::uint8_t value) { bytes_.fill(value); }
  ByteView view() const { return bytes_; }
  operator ByteView() const { return bytes_; }  // NOLINT(google-explicit-constructor)
  bool operator==(const SecretArray& other) const { return bytes_ == other.bytes_; }

 private:
  ByteArray<N> bytes_;
};

// Wipes a fixed-size secret when the scope ends: `ScopedWipe guard(key);`.
template <typename T>
class ScopedWipe {
 public:
  explicit ScopedWipe(T& secret) : secret_(secret) {}
  ~ScopedWipe() { wipe(secret_.data(), secret_.size()); }
  ScopedWipe(const ScopedWipe&) = delete;
  ScopedWipe& operator=(const ScopedWipe&) = delete;

 private:
  T& secret_;
};

}  // namespace walletd
