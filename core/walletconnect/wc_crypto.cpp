// WalletConnect's key agreement and type-0 envelopes (wc_crypto.h).
#include "core/walletconnect/wc_crypto.h"

#include "core/crypto/aead.h"
#include "core/crypto/hashes.h"
#include "core/crypto/hkdf.h"
#include "core/crypto/x25519.h"
#include "core/encoding/base64.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"

namespace walletd::wc {

std::optional<SessionKey> deriveSessionKey(const SecretArray<32>& own_secret,
                                           const ByteArray<32>& peer_public) {
  std::optional<ByteArray<32>> shared = x25519(own_secret, peer_public);
  if (!shared) return std::nullopt;
  SessionKey out{hkdfSha256({}, *shared, {}), ""};
  wipe(*shared);
  out.topic = topicOfKey(out.sym_key);
  return out;
}

std::string topicOfKey(const SecretArray<32>& sym_key) {
  return toHex(sha256Bytes(ByteView(sym_key.data(), 32)));
}

std::string sealEnvelope(const SecretArray<32>& sym_key, ByteView nonce,
                         const std::string& plaintext) {
  const ByteView text(reinterpret_cast<const std::uint8_t*>(plaintext.data()), plaintext.size());
  const Bytes sealed = chacha20Poly1305Seal(sym_key, nonce, text, {});
  Bytes envelope;
  envelope.reserve(1 + nonce.size() + sealed.size());
  envelope.push_back(0);
  envelope.insert(envelope.end(), nonce.begin(), nonce.end());
  envelope.insert(envelope.end(), sealed.begin(), sealed.end());
  return base64Encode(envelope);
}

std::optional<std::string> openEnvelope(const SecretArray<32>& sym_key,
                                        const std::string& envelope) {
  Bytes bytes;
  try {
    bytes = base64Decode(envelope);
  } catch (const EncodingError&) {
    return std::nullopt;
  }
  if (bytes.size() < 1 + 12 + 16 || bytes[0] != 0) return std::nullopt;
  const ByteView nonce(bytes.data() + 1, 12);
  const ByteView sealed(bytes.data() + 13, bytes.size() - 13);
  std::optional<Bytes> plain = chacha20Poly1305Open(sym_key, nonce, sealed, {});
  if (!plain) return std::nullopt;
  std::string out(plain->begin(), plain->end());
  wipe(*plain);
  return out;
}

}  // namespace walletd::wc
