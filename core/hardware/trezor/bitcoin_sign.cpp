// trezorlib's btc.sign_tx loop.
#include "core/hardware/trezor/bitcoin_sign.h"

#include <string>

namespace walletd::trezor {
namespace {

constexpr std::uint32_t kDataError = 3;

[[noreturn]] void unknown(const std::string& what) {
  throw DeviceFailure(kDataError,
                      "the device asked for " + what + " the transaction does not have");
}

template <typename T>
const T& at(const std::vector<T>& items, std::uint32_t index, const char* what) {
  if (index >= items.size()) unknown(std::string(what) + " " + std::to_string(index));
  return items[index];
}

Message answerAboutPrevious(const BitcoinSignRequest& r, const TxRequest& asked) {
  auto found = r.previous.find(*asked.tx_hash);
  if (found == r.previous.end()) unknown("a previous transaction");
  const PrevTx& tx = found->second;
  switch (asked.type) {
    case TxRequest::Meta:
      return txAckPrevMeta(tx);
    case TxRequest::Input:
      return txAckPrevInput(at(tx.inputs, asked.index, "previous input"));
    case TxRequest::Output:
      return txAckPrevOutput(at(tx.outputs, asked.index, "previous output"));
    default:
      unknown("extra data or an original transaction");
  }
}

}  // namespace

Message answerTxRequest(const BitcoinSignRequest& r, const TxRequest& asked) {
  if (asked.tx_hash) return answerAboutPrevious(r, asked);
  if (asked.type == TxRequest::Input) return txAckInput(at(r.inputs, asked.index, "input"));
  if (asked.type == TxRequest::Output) return txAckOutput(at(r.outputs, asked.index, "output"));
  unknown("metadata, extra data or an original transaction");
}

Task<Bytes> signBitcoin(Transport& transport, const BitcoinSignRequest& request,
                        Interaction& interaction) {
  Message first = encodeSignTx(request);
  Message answer =
      co_await converse(transport, std::move(first), MessageType::TxRequest, interaction);
  Bytes serialized;
  for (;;) {
    const TxRequest asked = decodeTxRequest(answer.payload.view());
    serialized.insert(serialized.end(), asked.serialized_tx.begin(), asked.serialized_tx.end());
    if (asked.type == TxRequest::Finished) break;
    Message ack = answerTxRequest(request, asked);
    answer = co_await converse(transport, std::move(ack), MessageType::TxRequest, interaction);
  }
  co_return serialized;
}

}  // namespace walletd::trezor
