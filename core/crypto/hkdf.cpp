// HKDF-SHA256 through Mbed TLS.
#include "core/crypto/hkdf.h"

#include <mbedtls/hkdf.h>
#include <mbedtls/md.h>

#include "core/crypto/crypto_error.h"

namespace walletd {

SecretArray<32> hkdfSha256(ByteView salt, ByteView ikm, ByteView info) {
  SecretArray<32> out;
  if (mbedtls_hkdf(mbedtls_md_info_from_type(MBEDTLS_MD_SHA256), salt.data(), salt.size(),
                   ikm.data(), ikm.size(), info.data(), info.size(), out.data(), 32) != 0) {
    throw CryptoError("HKDF failed");
  }
  return out;
}

}  // namespace walletd
