// CryptoError: a primitive refused its input (invalid key, tweak out of range, bad signature
// encoding). Callers turn it into the error family of their method; its text never holds secrets.
#pragma once

#include <stdexcept>
#include <string>

namespace walletd {

struct CryptoError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace walletd
