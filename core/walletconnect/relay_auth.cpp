// The relay login token (relay_auth.h).
#include "core/walletconnect/relay_auth.h"

#include "core/encoding/base58.h"
#include "core/encoding/base64.h"
#include "core/rpc/json.h"

namespace walletd::wc {
namespace {

ByteView textBytes(const std::string& text) {
  return ByteView(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
}

}  // namespace

std::string didKeyOf(const ByteArray<32>& ed25519_public_key) {
  Bytes multicodec{0xED, 0x01};
  multicodec.insert(multicodec.end(), ed25519_public_key.begin(), ed25519_public_key.end());
  return "did:key:z" + base58Encode(multicodec);
}

std::string relayJwt(const Ed25519Key& key, const RelayClaims& claims) {
  // Written by hand: the claims' order is the one every WalletConnect client sends.
  const std::string header = R"({"alg":"EdDSA","typ":"JWT"})";
  const std::string body =
      "{\"iss\":" + Json(didKeyOf(key.publicKey())).dump() + ",\"sub\":" + Json(claims.sub).dump() +
      ",\"aud\":" + Json(claims.aud).dump() + ",\"iat\":" + std::to_string(claims.iat) +
      ",\"exp\":" + std::to_string(claims.exp) + "}";
  const std::string input =
      base64UrlEncode(textBytes(header)) + "." + base64UrlEncode(textBytes(body));
  return input + "." + base64UrlEncode(key.sign(textBytes(input)));
}

}  // namespace walletd::wc
