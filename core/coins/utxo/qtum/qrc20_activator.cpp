// QRC20 token activation.
#include "core/coins/utxo/qtum/qrc20_activator.h"

#include "core/coins/transport_error.h"
#include "core/coins/utxo/qtum/qrc20_coin.h"
#include "core/coins/utxo/utxo_address_codec.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

// The entry's protocol_data field `key` (a string), or "".
std::string protocolData(const CoinEntry& entry, const char* key) {
  const Json& protocol = entry.conf.value("protocol", Json::object());
  const Json data = protocol.is_object() ? protocol.value("protocol_data", Json::object()) : Json();
  return data.is_object() && data.contains(key) && data[key].is_string()
             ? data[key].get<std::string>()
             : std::string();
}

// The token contract's address: protocol_data.contract_address, "0x" + 40 hex.
ByteArray<20> contractOf(const CoinEntry& entry, const std::string& ticker) {
  const std::string text = protocolData(entry, "contract_address");
  if (text.size() != 42 || text.rfind("0x", 0) != 0 || !isHex(text.substr(2)))
    throwCoinCreationError(ticker, "protocol_data.contract_address is not a 0x-prefixed address");
  const Bytes bytes = fromHex(text.substr(2));
  ByteArray<20> out{};
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

}  // namespace

void Qrc20Activator::check(Node& node, const CoinEntry& entry,
                           const UtxoActivationParams& p) const {
  client_.check(node, entry, p);
  contractOf(entry, p.ticker);
  if (p.tx_history)
    throwCoinCreationError(p.ticker, "walletd keeps no history of QRC20 tokens yet");
  if (p.merge_params)
    throwCoinCreationError(p.ticker, "utxo_merge_params belongs to the QTUM activation");
}

Task<ActivatedCoins> Qrc20Activator::activate(Node& node, const CoinEntry& entry,
                                              UtxoActivationParams p,
                                              std::shared_ptr<RpcTaskHandle> handle) const {
  const ByteArray<20> contract = contractOf(entry, p.ticker);
  ActivatedCoins client = co_await client_.activate(node, entry, p, handle);
  std::shared_ptr<UtxoCoin> utxo = std::dynamic_pointer_cast<UtxoCoin>(client.coins.at(0));
  const UtxoAddress address = UtxoAddressCodec(entry).parse(utxo->myAddress());
  ByteArray<20> holder{};
  std::copy(address.hash.begin(), address.hash.end(), holder.begin());
  unsigned decimals = 0;
  if (const auto written = entry.unsignedInt("decimals")) {
    decimals = static_cast<unsigned>(std::min<std::uint64_t>(*written, 255));
  } else {
    decimals = co_await overTransport(Qrc20Coin::decimalsOf(utxo->backend(), contract),
                                      InitStandaloneCoinError::Transport);
  }
  ActivatedCoins out;
  out.coins.push_back(std::make_shared<Qrc20Coin>(utxo, protocolData(entry, "platform"), contract,
                                                  holder, decimals));
  out.result = std::move(client.result);
  co_return out;
}

}  // namespace walletd
