// trezorlib's ethereum.sign_tx loop.
#include "core/hardware/trezor/ethereum_sign.h"

namespace walletd::trezor {
namespace {
constexpr std::uint32_t kDataError = 3;
}

Task<Message> signEthereum(Transport& transport, const EthereumSignRequest& request,
                           Interaction& interaction) {
  Message first = encode(request);
  Message answer =
      co_await converse(transport, std::move(first), MessageType::EthereumTxRequest, interaction);
  std::size_t sent = std::min(request.data.size(), kEthereumChunk);
  for (;;) {
    const EthereumTxRequest asked = decodeEthereumTxRequest(answer.payload.view());
    if (!asked.data_length) break;
    const std::size_t want = *asked.data_length;
    if (want == 0 || want > request.data.size() - sent)
      throw DeviceFailure(kDataError, "the device asked for more data than the transaction has");
    Message ack = ethereumTxAck(ByteView(request.data).subspan(sent, want));
    sent += want;
    answer =
        co_await converse(transport, std::move(ack), MessageType::EthereumTxRequest, interaction);
  }
  co_return answer;
}

EthereumSignature ethereumSignature(const Message& answer, const EthereumSignRequest& request) {
  EthereumTxRequest signed_answer = decodeEthereumTxRequest(answer.payload.view());
  if (!signed_answer.v || signed_answer.r.size() != 32 || signed_answer.s.size() != 32)
    throw DeviceFailure(kDataError, "the device answered no signature");
  EthereumSignature out{*signed_answer.v, std::move(signed_answer.r), std::move(signed_answer.s)};
  if (!request.eip1559 && out.v <= 1) out.v += 35 + 2 * request.chain_id;
  return out;
}

}  // namespace walletd::trezor
