// ZhtlcAddressCodec. Iguana: the ZIP-32 master key of the Iguana private key. HD: the master key
// of the BIP39 seed, then z_derivation_path's steps and the hardened account (one row per coin,
// whatever the index range). KDF writes z_derivation_path with the account step unmarked
// ("m/32'/141'/0") although it derives it hardened; so does walletd.
#include "core/coins/zhtlc/zhtlc_address_codec.h"

#include "core/coins/zhtlc/sapling_encoding.h"
#include "core/coins/zhtlc/zhtlc_keys.h"
#include "core/encoding/bech32.h"
#include "core/encoding/encoding_error.h"
#include "core/wallet/keys/wallet_keys.h"

namespace walletd {

ZhtlcAddressCodec::ZhtlcAddressCodec(const CoinEntry& coin)
    : ticker_(coin.ticker), protocol_(ZhtlcProtocol::fromEntry(coin)) {}

void ZhtlcAddressCodec::refuse() const {
  throw CoinRulesError(ticker_ + " is a shielded (ZHTLC) coin: its keys are Sapling keys");
}

void ZhtlcAddressCodec::validate(std::string_view address) const {
  decodeSaplingAddress(protocol_.hrp_address, address);
}

Json ZhtlcAddressCodec::keyTexts(const sapling::ExtendedSpendingKey& key) const {
  const sapling::ExtendedFullViewingKey xfvk = key.fullViewingKey();
  Json out = Json::object();
  out["address"] = encodeSaplingAddress(protocol_.hrp_address, xfvk.defaultAddress().second);
  ByteArray<169> xsk = key.serialize();
  out["priv_key"] = bech32EncodeBytes(protocol_.hrp_spending_key, xsk);
  wipe(xsk);
  out["viewing_key"] = bech32EncodeBytes(protocol_.hrp_viewing_key, xfvk.serialize());
  return out;
}

Json ZhtlcAddressCodec::iguanaRow(const WalletKeys& keys) const {
  const Json texts = keyTexts(keys.saplingMasterKey());
  return Json{{"coin", ticker_},
              {"pubkey", ""},
              {"address", texts["address"]},
              {"priv_key", texts["priv_key"]},
              {"viewing_key", texts["viewing_key"]}};
}

Json ZhtlcAddressCodec::hdAddresses(const WalletKeys& keys, const std::string& derivation_path,
                                    std::uint32_t account) const {
  const sapling::ExtendedSpendingKey key = zhtlcSpendingKey(keys, protocol_, account);
  const Json texts = keyTexts(key);
  const std::string index = std::to_string(account);
  return Json::array({Json{{"derivation_path", derivation_path + "/" + index + "'"},
                           {"z_derivation_path", *protocol_.z_derivation_path + "/" + index},
                           {"pubkey", ""},
                           {"address", texts["address"]},
                           {"priv_key", texts["priv_key"]},
                           {"viewing_key", texts["viewing_key"]}}});
}

}  // namespace walletd
