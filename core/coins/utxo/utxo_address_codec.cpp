// UtxoAddressCodec implementation.
#include "core/coins/utxo/utxo_address_codec.h"

#include <algorithm>
#include <cctype>

#include "core/crypto/hashes.h"
#include "core/encoding/base58.h"
#include "core/encoding/bech32.h"
#include "core/encoding/cashaddr.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/eth_address.h"
#include "core/encoding/hex.h"
#include "core/wallet/keys/wif.h"

namespace walletd {
namespace {

std::uint8_t prefixByte(const Json& conf, const char* field, const std::string& ticker) {
  if (!conf.contains(field) || !conf[field].is_number_unsigned() ||
      conf[field].get<std::uint64_t>() > 255) {
    throw CoinRulesError("Missing prefix value for " + ticker + ": " + field, field);
  }
  return static_cast<std::uint8_t>(conf[field].get<std::uint64_t>());
}

UtxoAddressRules rulesOf(const Json& conf, const std::string& ticker, bool is_qtum) {
  UtxoAddressRules rules;
  Bytes taddr;
  if (conf.contains("taddr") && conf["taddr"].is_number_unsigned()) {
    taddr.push_back(static_cast<std::uint8_t>(conf["taddr"].get<std::uint64_t>()));
  }
  rules.wif_prefix = prefixByte(conf, "wiftype", ticker);
  rules.p2pkh_prefix = taddr;
  rules.p2pkh_prefix.push_back(prefixByte(conf, "pubtype", ticker));
  rules.p2sh_prefix = taddr;
  rules.p2sh_prefix.push_back(prefixByte(conf, "p2shtype", ticker));
  if (conf.contains("bech32_hrp") && conf["bech32_hrp"].is_string())
    rules.bech32_hrp = conf["bech32_hrp"].get<std::string>();
  if (conf.contains("address_format") && conf["address_format"].is_object()) {
    const Json& format = conf["address_format"];
    const std::string name = format.value("format", "standard");
    if (name == "segwit") {
      if (!rules.bech32_hrp)
        throw CoinRulesError("Missing prefix value for " + ticker + ": bech32_hrp", "bech32_hrp");
      rules.format = UtxoFormat::Segwit;
    } else if (name == "cashaddress") {
      rules.format = UtxoFormat::CashAddress;
      rules.cash_network = format.value("network", "bitcoincash");
    }
  }
  rules.is_qtum = is_qtum;
  return rules;
}

bool startsWith(ByteView bytes, const Bytes& prefix) {
  return bytes.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), bytes.begin());
}

}  // namespace

UtxoAddressCodec::UtxoAddressCodec(const CoinEntry& coin)
    : ticker_(coin.ticker),
      rules_(rulesOf(coin.conf, coin.ticker,
                     coin.protocol_type == "QTUM" || coin.protocol_type == "QRC20")) {}

std::string UtxoAddressCodec::address(const PublicKey& key, bool use_coin_format) const {
  const auto hash = hash160(key.compressed());
  const UtxoAddress pkh{UtxoAddress::Kind::P2PKH, Bytes(hash.begin(), hash.end())};
  const UtxoFormat wanted = use_coin_format ? rules_.format : UtxoFormat::Standard;
  if (wanted == UtxoFormat::Segwit) {
    return format({UtxoAddress::Kind::WitnessV0KeyHash, pkh.hash}, UtxoFormat::Segwit, "");
  }
  return format(pkh, wanted, rules_.cash_network);
}

std::string UtxoAddressCodec::privateKeyText(const PrivateKey& key) const {
  return encodeWif(key, rules_.wif_prefix, true);
}

std::string UtxoAddressCodec::publicKeyText(const PublicKey& key) const {
  return toHex(key.compressed());
}

std::string UtxoAddressCodec::format(const UtxoAddress& address, UtxoFormat format,
                                     const std::string& cash_network) const {
  const bool script = address.kind == UtxoAddress::Kind::P2SH;
  switch (address.kind) {
    case UtxoAddress::Kind::P2PKH:
    case UtxoAddress::Kind::P2SH:
      if (format == UtxoFormat::CashAddress) {
        return cashAddrEncode(
            {cash_network, script ? CashAddrType::P2SH : CashAddrType::P2PKH, address.hash});
      }
      if (format == UtxoFormat::Segwit)
        throw EncodingError("a base58 address cannot be written as segwit");
      return base58CheckEncode(
          concatBytes({script ? rules_.p2sh_prefix : rules_.p2pkh_prefix, address.hash}));
    case UtxoAddress::Kind::WitnessV0KeyHash:
    case UtxoAddress::Kind::WitnessV0ScriptHash:
      if (!rules_.bech32_hrp) throw EncodingError(ticker_ + " has no segwit addresses");
      if (format != UtxoFormat::Segwit)
        throw EncodingError(
            "a segwit address has no " +
            std::string(format == UtxoFormat::CashAddress ? "cashaddress" : "standard") + " form");
      return segwitEncode(*rules_.bech32_hrp, {0, address.hash});
    case UtxoAddress::Kind::WitnessOther:
      break;
  }
  throw EncodingError("unsupported witness version");
}

// "prefix:payload", or a bare 42-character payload on a cashaddr coin.
bool UtxoAddressCodec::looksLikeCashAddr(std::string_view text) const {
  if (text.find(':') != std::string_view::npos) return true;
  return rules_.format == UtxoFormat::CashAddress && text.size() == 42 &&
         (text[0] == 'q' || text[0] == 'p' || text[0] == 'Q' || text[0] == 'P');
}

bool UtxoAddressCodec::looksLikeSegwit(std::string_view text) const {
  if (!rules_.bech32_hrp || text.size() <= rules_.bech32_hrp->size()) return false;
  const std::string& hrp = *rules_.bech32_hrp;
  for (std::size_t i = 0; i < hrp.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != hrp[i]) return false;
  }
  return text[hrp.size()] == '1';
}

UtxoAddress UtxoAddressCodec::parse(std::string_view text) const {
  if (looksLikeCashAddr(text)) {
    const CashAddr cash = cashAddrDecode(text, rules_.cash_network);
    if (cash.hash.size() != 20) throw EncodingError("cashaddr hash must be 20 bytes");
    return {cash.type == CashAddrType::P2SH ? UtxoAddress::Kind::P2SH : UtxoAddress::Kind::P2PKH,
            cash.hash};
  }
  if (looksLikeSegwit(text)) {
    const SegwitProgram witness = segwitDecode(*rules_.bech32_hrp, text);
    if (witness.version != 0) return {UtxoAddress::Kind::WitnessOther, witness.program};
    return {witness.program.size() == 20 ? UtxoAddress::Kind::WitnessV0KeyHash
                                         : UtxoAddress::Kind::WitnessV0ScriptHash,
            witness.program};
  }
  const Bytes data = base58CheckDecode(text);
  for (const auto& [prefix, kind] : {std::pair{rules_.p2pkh_prefix, UtxoAddress::Kind::P2PKH},
                                     std::pair{rules_.p2sh_prefix, UtxoAddress::Kind::P2SH}}) {
    if (data.size() == prefix.size() + 20 && startsWith(data, prefix)) {
      return {kind, Bytes(data.begin() + static_cast<std::ptrdiff_t>(prefix.size()), data.end())};
    }
  }
  if (data.size() != rules_.p2pkh_prefix.size() + 20) {
    throw EncodingError("address has a wrong length: " + std::to_string(data.size()) + " bytes");
  }
  throw EncodingError("address prefix does not belong to " + ticker_);
}

void UtxoAddressCodec::validate(std::string_view address) const {
  if (looksLikeCashAddr(address)) {
    if (rules_.format != UtxoFormat::CashAddress)
      throw EncodingError(ticker_ + " does not use cashaddr addresses");
    const CashAddr cash = cashAddrDecode(address, rules_.cash_network);
    if (cash.prefix != rules_.cash_network) {
      throw EncodingError("cashaddr prefix '" + cash.prefix + "' does not match '" +
                          rules_.cash_network + "'");
    }
  }
  const UtxoAddress parsed = parse(address);
  if (parsed.kind == UtxoAddress::Kind::WitnessOther)
    throw EncodingError("witness version 1+ addresses are not supported");
}

// convertaddress: `contract`/`wallet` only for QTUM; `cashaddress` in the given (or the coin's)
// network; `segwit` (KDF's UtxoAddressFormat::Segwit) the P2WPKH form of a key hash, for a coin
// with a bech32_hrp; `standard` the base58 form — of the same key hash for a P2WPKH address, as
// KDF converts it (a P2WSH program has no base58 form and keeps its own).
std::optional<std::string> UtxoAddressCodec::convert(
    std::string_view from, const std::string& to, const std::optional<std::string>& network) const {
  if ((to == "contract" || to == "wallet") && !rules_.is_qtum) return std::nullopt;
  if (to == "mixedcase") return std::nullopt;
  UtxoAddress address;
  if (rules_.is_qtum && from.rfind("0x", 0) == 0) {
    const EthAddress hash = parseEthAddress(from, false);
    address = {UtxoAddress::Kind::P2PKH, Bytes(hash.begin(), hash.end())};
  } else {
    address = parse(from);
  }
  if (to == "contract") {
    if (address.kind != UtxoAddress::Kind::P2PKH)
      throw EncodingError("only a P2PKH address has a contract form");
    return "0x" + toHex(address.hash);
  }
  if (to == "cashaddress") {
    const std::string cash_network =
        network.value_or(rules_.cash_network.empty() ? "bitcoincash" : rules_.cash_network);
    return format(address, UtxoFormat::CashAddress, cash_network);
  }
  const bool key_hash = address.kind == UtxoAddress::Kind::P2PKH ||
                        address.kind == UtxoAddress::Kind::WitnessV0KeyHash;
  if (to == "segwit") {
    if (!rules_.bech32_hrp)
      throw EncodingError(
          "Cannot convert to a segwit address for a coin with no bech32_hrp in config");
    if (!key_hash) throw EncodingError("only a key-hash address has a segwit (P2WPKH) form");
    return format({UtxoAddress::Kind::WitnessV0KeyHash, address.hash}, UtxoFormat::Segwit, "");
  }
  if (address.kind == UtxoAddress::Kind::WitnessV0KeyHash) address.kind = UtxoAddress::Kind::P2PKH;
  const bool witness = address.kind == UtxoAddress::Kind::WitnessV0ScriptHash;
  return format(address, witness ? UtxoFormat::Segwit : UtxoFormat::Standard, "");
}

}  // namespace walletd
