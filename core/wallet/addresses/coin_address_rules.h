// CoinAddressRules: how one coin of the coins file writes addresses and keys — the family (UTXO,
// EVM, TRON, Tendermint), its prefixes and formats — read once from the coin's entry (tokens use
// their platform's rules). Used by key export, address conversion and validation, and later by
// every coin family.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/coins/coins_config.h"
#include "core/crypto/secp256k1.h"

namespace walletd {

enum class AddressFamily { Utxo, Evm, Tron, Tendermint, Zhtlc };
enum class UtxoFormat { Standard, Segwit, CashAddress };

// The coin entry lacks something its family needs (a prefix, the platform) or the family is not
// one walletd handles. `field` names what is missing when that is the cause.
struct CoinRulesError : std::runtime_error {
  CoinRulesError(std::string message, std::string field = {})
      : std::runtime_error(std::move(message)), missing_field(std::move(field)) {}
  std::string missing_field;
};

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

class CoinAddressRules {
 public:
  // Throws CoinRulesError.
  static CoinAddressRules forCoin(const CoinEntry& coin, const CoinsConfig& coins);

  AddressFamily family() const { return family_; }
  const std::string& ticker() const { return ticker_; }
  const UtxoAddressRules& utxo() const { return utxo_; }
  const std::string& accountPrefix() const { return account_prefix_; }

  // `use_coin_format`: HD addresses follow the coin's address_format (segwit, cashaddr); Iguana
  // export writes the standard base58 form, as KDF does.
  std::string address(const PublicKey& key, bool use_coin_format = true) const;
  std::string privateKeyText(const PrivateKey& key) const;  // WIF, 0x-hex or hex per family
  std::string publicKeyText(
      const PublicKey& key) const;  // compressed hex, or 0x + X||Y for EVM/TRON

  // Throws EncodingError with the reason an address is not valid for this coin.
  void validate(std::string_view address) const;
  UtxoAddress parseUtxo(std::string_view address) const;
  std::string formatUtxo(const UtxoAddress& address, UtxoFormat format,
                         const std::string& cash_network) const;

 private:
  bool looksLikeCashAddr(std::string_view text) const;
  bool looksLikeSegwit(std::string_view text) const;

  std::string ticker_;
  AddressFamily family_ = AddressFamily::Utxo;
  UtxoAddressRules utxo_;
  std::string account_prefix_;  // Tendermint
};

}  // namespace walletd
