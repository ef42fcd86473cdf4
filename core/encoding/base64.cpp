// Base64 encoding with Mbed TLS.
#include "core/encoding/base64.h"

#include <mbedtls/base64.h>

#include "core/encoding/encoding_error.h"

namespace walletd {

std::string base64Encode(ByteView data) {
  std::string out(4 * ((data.size() + 2) / 3) + 1, '\0');
  std::size_t written = 0;
  mbedtls_base64_encode(reinterpret_cast<unsigned char*>(out.data()), out.size(), &written,
                        data.data(), data.size());
  out.resize(written);
  return out;
}

Bytes base64Decode(std::string_view text) {
  Bytes out(text.size() / 4 * 3 + 3);
  std::size_t written = 0;
  if (mbedtls_base64_decode(out.data(), out.size(), &written,
                            reinterpret_cast<const unsigned char*>(text.data()), text.size()) != 0)
    throw EncodingError("invalid base64");
  out.resize(written);
  return out;
}

std::string base64UrlEncode(ByteView data) {
  std::string text = base64Encode(data);
  while (!text.empty() && text.back() == '=') text.pop_back();
  for (char& c : text) {
    if (c == '+') c = '-';
    if (c == '/') c = '_';
  }
  return text;
}

Bytes base64UrlDecode(std::string_view text) {
  std::string standard(text);
  for (char& c : standard) {
    if (c == '+' || c == '/') throw EncodingError("invalid base64url");
    if (c == '-') c = '+';
    if (c == '_') c = '/';
  }
  while (standard.size() % 4 != 0) standard.push_back('=');
  return base64Decode(standard);
}

}  // namespace walletd
