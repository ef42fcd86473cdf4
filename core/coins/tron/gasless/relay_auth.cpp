// HMAC-SHA256 request signing for the relay provider.
#include "core/coins/tron/gasless/relay_auth.h"

#include "core/crypto/hashes.h"
#include "core/crypto/secret.h"
#include "core/encoding/base64.h"

namespace walletd {
namespace {

ByteView bytesOf(std::string_view text) {
  return ByteView(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
}

}  // namespace

std::string relayAuthorization(std::string_view api_key, std::string_view api_secret,
                               std::string_view method, std::string_view path,
                               std::uint64_t timestamp) {
  std::string message(method);
  message += path;
  message += std::to_string(timestamp);
  ByteArray<32> mac = hmacSha256(bytesOf(api_secret), bytesOf(message));
  std::string out = "ApiKey ";
  out += api_key;
  out += ':';
  out += base64Encode(mac);
  wipe(mac);
  return out;
}

}  // namespace walletd
