// An activated UTXO coin: its address, balance and raw broadcasts (withdraw: utxo_withdraw.cpp).
#include "core/coins/utxo/utxo_coin.h"

#include "core/coins/utxo/tx/utxo_script.h"
#include "core/crypto/hashes.h"
#include "core/crypto/secret.h"
#include "core/encoding/hex.h"

namespace walletd {

UtxoFeeDefaults UtxoFeeDefaults::fromEntry(const CoinEntry& coin) {
  UtxoFeeDefaults d;
  const auto txfee = coin.unsignedInt("txfee");
  if (!txfee) {
    d.per_kbyte = 1000;
  } else if (*txfee > 0) {
    d.per_kbyte = *txfee;
  }
  if (auto blocks = coin.unsignedInt("estimate_fee_blocks");
      blocks && *blocks > 0 && *blocks <= 1008)
    d.estimate_blocks = static_cast<std::uint32_t>(*blocks);
  d.estimate_mode = coin.string("estimate_fee_mode");
  if (const Json* data = coin.protocolData()) {
    if (data->contains("confirmation_targets") && (*data)["confirmation_targets"].is_object()) {
      const Json& t = (*data)["confirmation_targets"];
      auto target = [&](const char* key, std::uint32_t& out) {
        if (auto v = CoinEntry::unsignedIn(t, key); v && *v > 0 && *v <= 1008)
          out = static_cast<std::uint32_t>(*v);
      };
      target("low", d.low_blocks);
      target("normal", d.normal_blocks);
      target("high", d.high_blocks);
    }
  }
  return d;
}

UtxoCoin::UtxoCoin(UtxoCoinSettings settings, UtxoAddressCodec codec, UtxoFormat format,
                   const PrivateKey& key, std::unique_ptr<UtxoBackend> backend, const Clock& clock)
    : settings_(std::move(settings)),
      codec_(std::move(codec)),
      key_(key),
      kind_(format == UtxoFormat::Segwit ? SpendKind::P2WPKH : SpendKind::P2PKH),
      backend_(std::move(backend)),
      clock_(clock) {
  const ByteArray<20> hash = hash160(PublicKey::fromPrivate(key_).compressed());
  const UtxoAddress mine{
      kind_ == SpendKind::P2WPKH ? UtxoAddress::Kind::WitnessV0KeyHash : UtxoAddress::Kind::P2PKH,
      Bytes(hash.begin(), hash.end())};
  address_ = codec_.format(mine, format, codec_.rules().cash_network);
  script_ = scriptPubKeyFor(mine);
}

UtxoCoin::~UtxoCoin() {
  wipe(key_);
}

Task<BalanceInfo> UtxoCoin::myBalance() {
  const std::vector<UnspentOutput> unspent = co_await backend_->unspent(address_, script_);
  std::uint64_t total = 0;
  for (const UnspentOutput& u : unspent) total += u.value;
  co_return spendableBalance(UInt256(total), settings_.decimals);
}

Task<std::string> UtxoCoin::sendRawTransaction(SendRawRequest request) {
  if (!request.tx_bytes) {
    throw rpcError(RawTransactionError::InvalidParam, "UTXO coins take tx_hex",
                   Json("UTXO coins take tx_hex"));
  }
  try {
    UtxoTransaction::parse(*request.tx_bytes);
  } catch (const UtxoDecodeError& e) {
    const std::string message = std::string("tx_hex is not a transaction: ") + e.what();
    throw rpcError(RawTransactionError::InvalidParam, message, Json(message));
  }
  const std::string hex = toHex(*request.tx_bytes);
  co_return co_await backend_->broadcast(hex);
}

}  // namespace walletd
