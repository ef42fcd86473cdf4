// Iguana key derivation.
#include "core/wallet/keys/iguana_key.h"

#include <algorithm>

#include "core/crypto/crypto_error.h"
#include "core/crypto/hashes.h"
#include "core/crypto/secret.h"
#include "core/encoding/base58.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/wallet/keys/wif.h"

namespace walletd {
namespace {

// KDF treats a string as a WIF when it is base58 of 37 or 38 bytes (payload + checksum). Most
// passphrases are words with spaces: they are turned away before decoding, without an exception
// (whose first throw costs milliseconds in a wasm module just loaded).
bool looksLikeWif(std::string_view text) {
  if (text.size() < 49 || text.size() > 53 || !isBase58(text)) return false;
  try {
    Bytes raw = base58Decode(text);
    const bool sized = raw.size() == 37 || (raw.size() == 38 && raw[33] == 1);
    wipe(raw);
    return sized;
  } catch (const EncodingError&) {
    return false;
  }
}

}  // namespace

PrivateKey iguanaPrivateKey(std::string_view passphrase) {
  if (looksLikeWif(passphrase)) {
    try {
      return decodeWif(passphrase).key;
    } catch (const EncodingError&) {
      throw CryptoError("passphrase looks like a WIF key but its checksum is invalid");
    }
  }
  if (passphrase.size() == 66 && passphrase.substr(0, 2) == "0x" && isHex(passphrase.substr(2))) {
    Bytes raw = fromHex(passphrase.substr(2));
    PrivateKey key{};
    std::copy(raw.begin(), raw.end(), key.begin());
    wipe(raw);
    if (!isValidPrivateKey(key)) throw CryptoError("passphrase private key is out of range");
    return key;
  }
  ByteArray<32> digest = sha256Bytes(asBytes(passphrase));
  PrivateKey key(digest);
  wipe(digest);
  key[0] &= 248;
  key[31] &= 127;
  key[31] |= 64;
  return key;
}

}  // namespace walletd
