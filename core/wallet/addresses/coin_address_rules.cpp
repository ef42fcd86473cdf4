// Address and key text per coin family.
#include "core/wallet/addresses/coin_address_rules.h"

#include <algorithm>
#include <cctype>

#include "core/crypto/hashes.h"
#include "core/encoding/base58.h"
#include "core/encoding/bech32.h"
#include "core/encoding/cashaddr.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/eth_address.h"
#include "core/encoding/hex.h"
#include "core/encoding/tron_address.h"
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

UtxoAddressRules utxoRules(const Json& conf, const std::string& ticker, bool is_qtum) {
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

std::string protocolType(const Json& conf) {
  if (!conf.contains("protocol") || !conf["protocol"].is_object() ||
      !conf["protocol"].contains("type") || !conf["protocol"]["type"].is_string()) {
    return "";
  }
  return conf["protocol"]["type"].get<std::string>();
}

std::string platformOf(const Json& conf) {
  const Json& data = conf["protocol"].value("protocol_data", Json::object());
  if (!data.is_object() || !data.contains("platform") || !data["platform"].is_string()) return "";
  return data["platform"].get<std::string>();
}

std::string accountPrefixOf(const Json& conf, const std::string& ticker) {
  const Json& data = conf["protocol"].value("protocol_data", Json::object());
  if (!data.is_object() || !data.contains("account_prefix") ||
      !data["account_prefix"].is_string()) {
    throw CoinRulesError("Missing prefix value for " + ticker + ": account_prefix",
                         "account_prefix");
  }
  return data["account_prefix"].get<std::string>();
}

bool startsWith(ByteView bytes, const Bytes& prefix) {
  return bytes.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), bytes.begin());
}

}  // namespace

CoinAddressRules CoinAddressRules::forCoin(const CoinEntry& coin, const CoinsConfig& coins) {
  CoinAddressRules rules;
  rules.ticker_ = coin.ticker;
  const std::string type = protocolType(coin.conf);
  if (type == "UTXO" || type == "BCH" || type == "QTUM" || type == "QRC20") {
    rules.family_ = AddressFamily::Utxo;
    rules.utxo_ = utxoRules(coin.conf, coin.ticker, type == "QTUM" || type == "QRC20");
  } else if (type == "ETH" || type == "ERC20" || type == "NFT") {
    rules.family_ = AddressFamily::Evm;
  } else if (type == "TRX" || type == "TRC20") {
    rules.family_ = AddressFamily::Tron;
  } else if (type == "TENDERMINT") {
    rules.family_ = AddressFamily::Tendermint;
    rules.account_prefix_ = accountPrefixOf(coin.conf, coin.ticker);
  } else if (type == "TENDERMINTTOKEN") {
    const CoinEntry* platform = coins.find(platformOf(coin.conf));
    if (platform == nullptr)
      throw CoinRulesError("Platform configuration not found for " + coin.ticker);
    rules.family_ = AddressFamily::Tendermint;
    rules.account_prefix_ = accountPrefixOf(platform->conf, platform->ticker);
  } else if (type == "ZHTLC") {
    rules.family_ = AddressFamily::Zhtlc;
  } else {
    throw CoinRulesError("Unsupported protocol for " + coin.ticker + ": " +
                         (type.empty() ? "none" : type));
  }
  return rules;
}

std::string CoinAddressRules::address(const PublicKey& key, bool use_coin_format) const {
  switch (family_) {
    case AddressFamily::Utxo: {
      const auto hash = hash160(key.compressed());
      const UtxoAddress pkh{UtxoAddress::Kind::P2PKH, Bytes(hash.begin(), hash.end())};
      const UtxoFormat format = use_coin_format ? utxo_.format : UtxoFormat::Standard;
      if (format == UtxoFormat::Segwit) {
        return formatUtxo({UtxoAddress::Kind::WitnessV0KeyHash, pkh.hash}, UtxoFormat::Segwit, "");
      }
      return formatUtxo(pkh, format, utxo_.cash_network);
    }
    case AddressFamily::Evm:
      return eip55Checksum(ethAddressFromPublicKey(key.uncompressed()));
    case AddressFamily::Tron:
      return tronBase58(ethAddressFromPublicKey(key.uncompressed()));
    case AddressFamily::Tendermint:
      return bech32EncodeBytes(account_prefix_, hash160(key.compressed()));
    case AddressFamily::Zhtlc:
      break;
  }
  throw CoinRulesError("Shielded (ZHTLC) keys and addresses are not supported yet for " + ticker_);
}

std::string CoinAddressRules::privateKeyText(const PrivateKey& key) const {
  switch (family_) {
    case AddressFamily::Utxo:
      return encodeWif(key, utxo_.wif_prefix, true);
    case AddressFamily::Evm:
    case AddressFamily::Tron:
      return "0x" + toHex(key);
    case AddressFamily::Tendermint:
      return toHex(key);
    case AddressFamily::Zhtlc:
      break;
  }
  throw CoinRulesError("Shielded (ZHTLC) keys and addresses are not supported yet for " + ticker_);
}

std::string CoinAddressRules::publicKeyText(const PublicKey& key) const {
  if (family_ == AddressFamily::Evm || family_ == AddressFamily::Tron) {
    const auto full = key.uncompressed();
    return "0x" + toHex(ByteView(full).subspan(1));
  }
  return toHex(key.compressed());
}

std::string CoinAddressRules::formatUtxo(const UtxoAddress& address, UtxoFormat format,
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
          concatBytes({script ? utxo_.p2sh_prefix : utxo_.p2pkh_prefix, address.hash}));
    case UtxoAddress::Kind::WitnessV0KeyHash:
    case UtxoAddress::Kind::WitnessV0ScriptHash:
      if (!utxo_.bech32_hrp) throw EncodingError(ticker_ + " has no segwit addresses");
      if (format != UtxoFormat::Segwit)
        throw EncodingError(
            "a segwit address has no " +
            std::string(format == UtxoFormat::CashAddress ? "cashaddress" : "standard") + " form");
      return segwitEncode(*utxo_.bech32_hrp, {0, address.hash});
    case UtxoAddress::Kind::WitnessOther:
      break;
  }
  throw EncodingError("unsupported witness version");
}

// "prefix:payload", or a bare 42-character payload on a cashaddr coin.
bool CoinAddressRules::looksLikeCashAddr(std::string_view text) const {
  if (text.find(':') != std::string_view::npos) return true;
  return utxo_.format == UtxoFormat::CashAddress && text.size() == 42 &&
         (text[0] == 'q' || text[0] == 'p' || text[0] == 'Q' || text[0] == 'P');
}

bool CoinAddressRules::looksLikeSegwit(std::string_view text) const {
  if (!utxo_.bech32_hrp || text.size() <= utxo_.bech32_hrp->size()) return false;
  const std::string& hrp = *utxo_.bech32_hrp;
  for (std::size_t i = 0; i < hrp.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != hrp[i]) return false;
  }
  return text[hrp.size()] == '1';
}

UtxoAddress CoinAddressRules::parseUtxo(std::string_view text) const {
  if (looksLikeCashAddr(text)) {
    const CashAddr cash = cashAddrDecode(text, utxo_.cash_network);
    if (cash.hash.size() != 20) throw EncodingError("cashaddr hash must be 20 bytes");
    return {cash.type == CashAddrType::P2SH ? UtxoAddress::Kind::P2SH : UtxoAddress::Kind::P2PKH,
            cash.hash};
  }
  if (looksLikeSegwit(text)) {
    const SegwitProgram witness = segwitDecode(*utxo_.bech32_hrp, text);
    if (witness.version != 0) return {UtxoAddress::Kind::WitnessOther, witness.program};
    return {witness.program.size() == 20 ? UtxoAddress::Kind::WitnessV0KeyHash
                                         : UtxoAddress::Kind::WitnessV0ScriptHash,
            witness.program};
  }
  const Bytes data = base58CheckDecode(text);
  for (const auto& [prefix, kind] : {std::pair{utxo_.p2pkh_prefix, UtxoAddress::Kind::P2PKH},
                                     std::pair{utxo_.p2sh_prefix, UtxoAddress::Kind::P2SH}}) {
    if (data.size() == prefix.size() + 20 && startsWith(data, prefix)) {
      return {kind, Bytes(data.begin() + static_cast<std::ptrdiff_t>(prefix.size()), data.end())};
    }
  }
  if (data.size() != utxo_.p2pkh_prefix.size() + 20) {
    throw EncodingError("address has a wrong length: " + std::to_string(data.size()) + " bytes");
  }
  throw EncodingError("address prefix does not belong to " + ticker_);
}

void CoinAddressRules::validate(std::string_view address) const {
  switch (family_) {
    case AddressFamily::Utxo: {
      if (looksLikeCashAddr(address)) {
        if (utxo_.format != UtxoFormat::CashAddress)
          throw EncodingError(ticker_ + " does not use cashaddr addresses");
        const CashAddr cash = cashAddrDecode(address, utxo_.cash_network);
        if (cash.prefix != utxo_.cash_network) {
          throw EncodingError("cashaddr prefix '" + cash.prefix + "' does not match '" +
                              utxo_.cash_network + "'");
        }
      }
      const UtxoAddress parsed = parseUtxo(address);
      if (parsed.kind == UtxoAddress::Kind::WitnessOther)
        throw EncodingError("witness version 1+ addresses are not supported");
      return;
    }
    case AddressFamily::Evm:
      parseEthAddress(address, true);
      return;
    case AddressFamily::Tron:
      parseTronAddress(address);
      return;
    case AddressFamily::Tendermint: {
      const Bytes account = bech32DecodeBytes(account_prefix_, address);
      if (account.size() != 20 && account.size() != 32)
        throw EncodingError("account address must be 20 or 32 bytes");
      return;
    }
    case AddressFamily::Zhtlc:
      break;
  }
  throw EncodingError("shielded (ZHTLC) addresses are not supported yet");
}

}  // namespace walletd
