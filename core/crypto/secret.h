// Secrets in memory: wiped with Mbed TLS's zeroize (which the compiler cannot elide) when they go
// out of scope. SecretBytes owns a key, seed or mnemonic; wipe() clears anything else by hand.
#pragma once

#include <mbedtls/platform_util.h>

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
