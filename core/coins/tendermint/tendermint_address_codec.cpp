// TendermintAddressCodec implementation.
#include "core/coins/tendermint/tendermint_address_codec.h"

#include "core/crypto/hashes.h"
#include "core/encoding/bech32.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

std::string accountPrefixOf(const CoinEntry& coin) {
  std::optional<std::string> prefix = coin.protocolString("account_prefix");
  if (!prefix) {
    throw CoinRulesError("Missing prefix value for " + coin.ticker + ": account_prefix",
                         "account_prefix");
  }
  return *prefix;
}

}  // namespace

TendermintAddressCodec::TendermintAddressCodec(const CoinEntry& coin, const CoinsConfig& coins) {
  if (coin.protocol_type == "TENDERMINTTOKEN") {
    const CoinEntry* platform = coins.find(coin.protocolString("platform").value_or(""));
    if (platform == nullptr)
      throw CoinRulesError("Platform configuration not found for " + coin.ticker);
    account_prefix_ = accountPrefixOf(*platform);
  } else {
    account_prefix_ = accountPrefixOf(coin);
  }
}

std::string TendermintAddressCodec::address(const PublicKey& key, bool) const {
  return bech32EncodeBytes(account_prefix_, hash160(key.compressed()));
}

std::string TendermintAddressCodec::privateKeyText(const PrivateKey& key) const {
  return toHex(key);
}

std::string TendermintAddressCodec::publicKeyText(const PublicKey& key) const {
  return toHex(key.compressed());
}

void TendermintAddressCodec::validate(std::string_view address) const {
  const Bytes account = bech32DecodeBytes(account_prefix_, address);
  if (account.size() != 20 && account.size() != 32)
    throw EncodingError("account address must be 20 or 32 bytes");
}

}  // namespace walletd
