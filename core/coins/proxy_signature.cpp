// The proxy service's request signature.
#include "core/coins/proxy_signature.h"

#include "core/encoding/base58.h"
#include "core/rpc/json.h"

namespace walletd {
namespace {

ByteArray<8> littleEndian(std::uint64_t value) {
  ByteArray<8> out;
  for (int i = 0; i < 8; ++i) out[i] = static_cast<std::uint8_t>(value >> (8 * i));
  return out;
}

Json byteArray(ByteView bytes) {
  Json out = Json::array();
  for (std::uint8_t b : bytes) out.push_back(b);
  return out;
}

}  // namespace

Bytes libp2pPublicKey(const ByteArray<32>& ed25519_public_key) {
  static constexpr ByteArray<4> kEd25519KeyHeader = {0x08, 0x01, 0x12, 0x20};
  return concatBytes({kEd25519KeyHeader, ed25519_public_key});
}

std::string libp2pPeerId(const ByteArray<32>& ed25519_public_key) {
  const Bytes encoded = libp2pPublicKey(ed25519_public_key);
  const ByteArray<2> identity = {0x00, static_cast<std::uint8_t>(encoded.size())};
  return base58Encode(concatBytes({identity, encoded}));  // multihash: identity, length, bytes
}

Bytes proxySignedMessage(ByteView public_key_encoded, std::string_view uri, std::uint64_t body_size,
                         std::int64_t expires_at) {
  return concatBytes({asBytes("Encoded Message for KDP\n"), public_key_encoded, asBytes(uri),
                      littleEndian(body_size),
                      littleEndian(static_cast<std::uint64_t>(expires_at))});
}

std::string proxyAuthPayload(const Ed25519Key& key, std::string_view uri, std::uint64_t body_size,
                             std::int64_t now_seconds) {
  // The request target of "http://host:port" is "/": sign the URL as the proxy sees it.
  std::string target(uri);
  const auto authority = target.find("://");
  if (authority != std::string::npos && target.find('/', authority + 3) == std::string::npos)
    target += '/';
  uri = target;
  const Bytes public_key = libp2pPublicKey(key.publicKey());
  const std::int64_t expires_at = now_seconds + kProxySignLifetimeSeconds;
  const ByteArray<64> signature =
      key.sign(proxySignedMessage(public_key, uri, body_size, expires_at));
  Json payload = Json::object();
  payload["signature_bytes"] = byteArray(signature);
  payload["address"] = libp2pPeerId(key.publicKey());
  payload["raw_message"] = {{"uri", std::string(uri)},
                            {"body_size", body_size},
                            {"public_key_encoded", byteArray(public_key)},
                            {"expires_at", expires_at}};
  return payload.dump();
}

}  // namespace walletd
