// The compression through SHA512_Transform (deprecated in OpenSSL 3 as a public API, still there
// and the one way to reach the raw compression): words to big-endian bytes, the state through
// the context's h.
#define OPENSSL_SUPPRESS_DEPRECATED
#include "host-native/openssl_sha512.h"

#include <openssl/sha.h>

#include <cstring>

#include "core/crypto/sha512_words.h"

namespace walletd {
namespace {

void opensslCompress(std::uint64_t state[8], const std::uint64_t block[16]) {
  SHA512_CTX ctx;
  std::memcpy(ctx.h, state, sizeof ctx.h);
  unsigned char bytes[128];
  for (int i = 0; i < 16; ++i) {
    const std::uint64_t big_endian = __builtin_bswap64(block[i]);
    std::memcpy(bytes + 8 * i, &big_endian, 8);
  }
  SHA512_Transform(&ctx, bytes);
  std::memcpy(state, ctx.h, sizeof ctx.h);
}

}  // namespace

bool installOpensslSha512() {
  return installSha512Compressor(&opensslCompress);
}

}  // namespace walletd
