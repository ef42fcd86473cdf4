// The relay's login token (WalletConnect's "relay client auth" spec): an EdDSA JWT whose issuer is
// the client's Ed25519 key as a did:key, sent as the `auth` query parameter of the websocket URL.
#pragma once

#include <cstdint>
#include <string>

#include "core/crypto/bytes.h"
#include "core/crypto/ed25519/ed25519_key.h"

namespace walletd::wc {

// "did:key:z" + base58btc(0xED 0x01 ‖ public key).
std::string didKeyOf(const ByteArray<32>& ed25519_public_key);

struct RelayClaims {
  std::string sub;  // a random hex id of this client
  std::string aud;  // the relay URL, as connected to
  std::uint64_t iat = 0;
  std::uint64_t exp = 0;
};

// header {"alg":"EdDSA","typ":"JWT"}, claims {iss, sub, aud, iat, exp} in that order, compact
// JSON, base64url without padding, signed over "header.claims".
std::string relayJwt(const Ed25519Key& key, const RelayClaims& claims);

}  // namespace walletd::wc
