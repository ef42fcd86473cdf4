// KDF's proxy signature: how a node authenticates to the proxy service that holds the credentials
// of RPC nodes and of the relay provider (CoinNode `komodo_proxy`, spec `<vendor>_auth`; relay
// provider `service: "komodo_proxy"`). Each request carries the header
//   X-Auth-Payload: {"signature_bytes":[…64], "address":"12D3Koo…",
//                    "raw_message":{"uri", "body_size", "public_key_encoded":[…36], "expires_at"}}
// (byte strings as JSON arrays of numbers, as serde writes Vec<u8>). The signature is Ed25519 by
// the node's P2P key (WalletKeys::p2pKey) over
//   "Encoded Message for KDP\n" ‖ public_key_encoded ‖ uri ‖ body_size ‖ expires_at
// with body_size and expires_at as 8-byte little-endian integers; public_key_encoded is libp2p's
// protobuf form of the key (08 01 12 20 ‖ key) and `address` its peer id. `uri` is the request's
// full URL (with "/" for an empty path, as http::Uri writes it and as the request line says),
// `body_size` its body length, and the signature lives kProxySignLifetimeSeconds.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/crypto/bytes.h"
#include "core/crypto/ed25519/ed25519_key.h"

namespace walletd {

inline constexpr const char* kProxyAuthHeader = "X-Auth-Payload";
inline constexpr std::int64_t kProxySignLifetimeSeconds = 15;

// libp2p's protobuf encoding of an Ed25519 public key (KeyType Ed25519 = 1, then the 32 bytes).
Bytes libp2pPublicKey(const ByteArray<32>& ed25519_public_key);
// The libp2p peer id: base58 of the identity multihash of that encoding ("12D3KooW…").
std::string libp2pPeerId(const ByteArray<32>& ed25519_public_key);
// The bytes that are signed.
Bytes proxySignedMessage(ByteView public_key_encoded, std::string_view uri, std::uint64_t body_size,
                         std::int64_t expires_at);
// The X-Auth-Payload value for one request.
std::string proxyAuthPayload(const Ed25519Key& key, std::string_view uri, std::uint64_t body_size,
                             std::int64_t now_seconds);

}  // namespace walletd
