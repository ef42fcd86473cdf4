// UtxoAddressCodec: addresses and keys of UTXO-family coins (UTXO, BCH, QTUM, QRC20 entries):
// base58check with the coin's prefixes, segwit (bech32) and cashaddr forms, WIF keys; QTUM's
// `contract` (0x + hash) form.
#pragma once

#include <optional>
#include <string>

#include "core/coins/address_codec.h"
#include "core/coins/coins_config.h"
#include "core/crypto/bytes.h"

namespace walletd {

enum class UtxoFormat { Standard, Segwit, CashAddress };

struct UtxoAddressRules {
  Bytes p2pkh_prefix;  // [taddr] + pubtype
  Bytes p2sh_prefix;   // [taddr] + p2shtype
  std::uint8_t wif_prefix = 0x80;
  std::optional<std::string> bech32_hrp;
  UtxoFormat format = UtxoFormat::Standard;
  std::string cash_network;  // for CashAddress
  bool is_qtum = false;      // QTUM/QRC20: `contract` and `wallet` forms
};

// A decoded UTXO-family address.
struct UtxoAddress {
  enum class Kind {
    P2PKH,
    P2SH,
    WitnessV0KeyHash,
    WitnessV0ScriptHash,
    WitnessOther
  } kind = Kind::P2PKH;
  Bytes hash;
};

class UtxoAddressCodec : public AddressCodec {
 public:
  // Throws CoinRulesError naming a missing prefix.
  explicit UtxoAddressCodec(const CoinEntry& coin);

  std::string address(const PublicKey& key, bool use_coin_format) const override;
  std::string privateKeyText(const PrivateKey& key) const override;  // WIF
  std::string publicKeyText(const PublicKey& key) const override;    // compressed hex
  void validate(std::string_view address) const override;
  std::optional<std::string> convert(std::string_view from, const std::string& format,
                                     const std::optional<std::string>& network) const override;

  const UtxoAddressRules& rules() const { return rules_; }
  UtxoAddress parse(std::string_view address) const;
  std::string format(const UtxoAddress& address, UtxoFormat format,
                     const std::string& cash_network) const;

 private:
  bool looksLikeCashAddr(std::string_view text) const;
  bool looksLikeSegwit(std::string_view text) const;

  std::string ticker_;
  UtxoAddressRules rules_;
};

}  // namespace walletd
