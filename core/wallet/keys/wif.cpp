// WIF.
#include "core/wallet/keys/wif.h"

#include <algorithm>

#include "core/crypto/crypto_error.h"
#include "core/crypto/secret.h"
#include "core/encoding/base58.h"
#include "core/encoding/encoding_error.h"

namespace walletd {

std::string encodeWif(const PrivateKey& key, std::uint8_t prefix, bool compressed) {
  Bytes data{prefix};
  data.insert(data.end(), key.begin(), key.end());
  if (compressed) data.push_back(1);
  std::string out = base58CheckEncode(data);
  wipe(data);
  return out;
}

WifKey decodeWif(std::string_view text) {
  Bytes data = base58CheckDecode(text);
  WifKey out;
  if (data.size() == 34) {
    if (data[33] != 1) {
      wipe(data);
      throw EncodingError("WIF compression flag must be 0x01");
    }
  } else if (data.size() != 33) {
    wipe(data);
    throw EncodingError("WIF must be 33 or 34 bytes");
  }
  out.prefix = data[0];
  out.compressed = data.size() == 34;
  std::copy(data.begin() + 1, data.begin() + 33, out.key.begin());
  wipe(data);
  if (!isValidPrivateKey(out.key)) throw CryptoError("WIF key is out of range");
  return out;
}

}  // namespace walletd
