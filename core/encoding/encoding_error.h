// EncodingError: text that is not valid in the expected encoding. The message says what is wrong
// ("invalid checksum", "mixed case", "wrong length 19, expected 20") so callers can pass it on.
#pragma once

#include <stdexcept>
#include <string>

namespace walletd {

struct EncodingError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace walletd
