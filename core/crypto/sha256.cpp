// SHA-256 through Mbed TLS 2.28's *_ret API.
#include "core/crypto/sha256.h"

#include <mbedtls/sha256.h>

#include <stdexcept>

namespace walletd {

std::array<std::uint8_t, 32> sha256(std::string_view data) {
  std::array<std::uint8_t, 32> out{};
  if (mbedtls_sha256_ret(reinterpret_cast<const unsigned char*>(data.data()), data.size(),
                         out.data(), 0) != 0) {
    throw std::runtime_error("sha256 failed");
  }
  return out;
}

std::string sha256Hex(std::string_view data) {
  static const char* digits = "0123456789abcdef";
  std::string hex;
  for (std::uint8_t b : sha256(data)) {
    hex += digits[b >> 4];
    hex += digits[b & 15];
  }
  return hex;
}

}  // namespace walletd
