// ZhtlcAddressCodec: a ZHTLC coin's addresses and keys are Sapling ones. validateaddress decodes a
// `zs…` payment address with KDF's reasons; key export writes KDF's rows (the ZIP-32 extended
// spending key, the extended full viewing key and the default address; an empty pubkey). The
// shared secp256k1 forms (convertaddress, a transparent key's address) do not apply and refuse.
#pragma once

#include "core/coins/address_codec.h"
#include "core/coins/zhtlc/zhtlc_protocol.h"
#include "core/crypto/sapling/sapling_keys.h"

namespace walletd {

class ZhtlcAddressCodec : public AddressCodec, public OwnKeyExport {
 public:
  explicit ZhtlcAddressCodec(const CoinEntry& coin);

  const OwnKeyExport* ownKeyExport() const override { return this; }
  std::string address(const PublicKey&, bool) const override { refuse(); }
  std::string privateKeyText(const PrivateKey&) const override { refuse(); }
  std::string publicKeyText(const PublicKey&) const override { refuse(); }
  void validate(std::string_view address) const override;

  Json iguanaRow(const WalletKeys& keys) const override;
  Json hdAddresses(const WalletKeys& keys, const std::string& derivation_path,
                   std::uint32_t account) const override;

 private:
  [[noreturn]] void refuse() const;
  // priv_key, viewing_key and address of `key` under the coin's HRPs.
  Json keyTexts(const sapling::ExtendedSpendingKey& key) const;

  std::string ticker_;
  ZhtlcProtocol protocol_;
};

}  // namespace walletd
