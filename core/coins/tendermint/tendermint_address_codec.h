// TendermintAddressCodec: bech32 account addresses (`account_prefix` + HASH160 of the compressed
// key), keys as plain hex.
#pragma once

#include <string>

#include "core/coins/address_codec.h"
#include "core/coins/coins_config.h"

namespace walletd {

class TendermintAddressCodec : public AddressCodec {
 public:
  // A TENDERMINTTOKEN entry uses its platform's prefix. Throws CoinRulesError.
  TendermintAddressCodec(const CoinEntry& coin, const CoinsConfig& coins);

  std::string address(const PublicKey& key, bool use_coin_format) const override;
  std::string privateKeyText(const PrivateKey& key) const override;
  std::string publicKeyText(const PublicKey& key) const override;  // compressed hex
  void validate(std::string_view address) const override;

 private:
  std::string account_prefix_;
};

}  // namespace walletd
