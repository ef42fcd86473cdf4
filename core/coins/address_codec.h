// AddressCodec: how one coin of the coins file writes addresses and keys. Each family provides
// its own (CoinFamily::addressCodec), read once from the coin's entry; key export,
// convertaddress and validateaddress use it without knowing the family.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/crypto/secp256k1.h"
#include "core/rpc/json.h"

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

class WalletKeys;

// get_private_keys rows of a family whose keys are not the wallet's secp256k1 keys (ZHTLC's
// Sapling keys), written as KDF writes them. The shared export has already checked the coin, the
// wallet's mode and (HD) the coin's derivation_path. Throws CoinRulesError, which the export
// answers as KeyDerivationFailed.
class OwnKeyExport {
 public:
  virtual ~OwnKeyExport() = default;
  // One Iguana row: {coin, pubkey, address, priv_key, ...}.
  virtual Json iguanaRow(const WalletKeys& keys) const = 0;
  // The `addresses` of the coin's HD entry for `account`; `derivation_path` is the coin's.
  virtual Json hdAddresses(const WalletKeys& keys, const std::string& derivation_path,
                           std::uint32_t account) const = 0;
};

class AddressCodec {
 public:
  virtual ~AddressCodec() = default;

  // Non-null for a family that writes its key export rows itself (ZHTLC).
  virtual const OwnKeyExport* ownKeyExport() const { return nullptr; }
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
