// AddressCodec: how one coin of the coins file writes addresses and keys. Each family provides
// its own (CoinFamily::addressCodec), read once from the coin's entry; key export,
// convertaddress and validateaddress use it without knowing the family.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/crypto/secp256k1.h"

namespace walletd {

// The coin entry lacks something its family needs (a prefix, the platform) or no family handles
// its protocol. `missing_field` names what is missing when that is the cause.
struct CoinRulesError : std::runtime_error {
  CoinRulesError(std::string message, std::string field = {})
      : std::runtime_error(std::move(message)), missing_field(std::move(field)) {}
  std::string missing_field;
};

// Key texts shared by the families whose keys are Ethereum-style (EVM, TRON): "0x" + the 32-byte
// secret, and "0x" + X||Y of the uncompressed public key.
std::string hexPrivateKey0x(const PrivateKey& key);
std::string uncompressedPublicKey0x(const PublicKey& key);

class AddressCodec {
 public:
  virtual ~AddressCodec() = default;

  // False for a family whose keys cannot be exported yet (ZHTLC).
  virtual bool exportsKeys() const { return true; }
  // `use_coin_format`: HD addresses follow the coin's address_format (segwit, cashaddr); Iguana
  // export writes the standard form, as KDF does.
  virtual std::string address(const PublicKey& key, bool use_coin_format) const = 0;
  virtual std::string privateKeyText(const PrivateKey& key) const = 0;
  virtual std::string publicKeyText(const PublicKey& key) const = 0;
  // Throws EncodingError with the reason `address` is not valid for this coin.
  virtual void validate(std::string_view address) const = 0;
  // convertaddress: `from` written in `format`; nullopt when the family has no such format.
  // Throws EncodingError for an invalid `from`.
  virtual std::optional<std::string> convert(std::string_view /*from*/,
                                             const std::string& /*format*/,
                                             const std::optional<std::string>& /*network*/) const {
    return std::nullopt;
  }
};

}  // namespace walletd
