// Base64 encoding with Mbed TLS.
#include "core/encoding/base64.h"

#include <mbedtls/base64.h>

namespace walletd {

std::string base64Encode(ByteView data) {
  std::string out(4 * ((data.size() + 2) / 3) + 1, '\0');
  std::size_t written = 0;
  mbedtls_base64_encode(reinterpret_cast<unsigned char*>(out.data()), out.size(), &written,
                        data.data(), data.size());
  out.resize(written);
  return out;
}

}  // namespace walletd
