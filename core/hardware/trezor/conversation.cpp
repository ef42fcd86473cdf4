// The interaction loop of trezorlib's TrezorClient.call and KDF's TrezorResponse handling.
#include "core/hardware/trezor/conversation.h"

#include <exception>
#include <optional>

namespace walletd::trezor {
namespace {

constexpr std::uint32_t kUnexpectedMessage = 1;

// The user's answer to the device's question, or nothing when asking failed (cancelled task).
// (The secret is a function-scope local: GCC 12 mishandles locals of nested blocks beside a
// co_await.)
Task<std::optional<Message>> answerQuestion(const Message& question, Interaction& interaction) {
  SecretBytes secret;
  if (isType(question, MessageType::ButtonRequest)) {
    interaction.onButtonRequest();
    co_return emptyMessage(MessageType::ButtonAck);
  }
  if (isType(question, MessageType::PinMatrixRequest)) secret = co_await interaction.pin();
  if (isType(question, MessageType::PinMatrixRequest)) co_return pinMatrixAck(secret);
  if (isType(question, MessageType::PassphraseRequest)) secret = co_await interaction.passphrase();
  if (isType(question, MessageType::PassphraseRequest)) co_return passphraseAck(secret);
  co_return std::nullopt;
}

bool isQuestion(const Message& m) {
  return isType(m, MessageType::ButtonRequest) || isType(m, MessageType::PinMatrixRequest) ||
         isType(m, MessageType::PassphraseRequest);
}

}  // namespace

Task<Message> converse(Transport& transport, Message request, MessageType expected,
                       Interaction& interaction) {
  Message reply = co_await transport.call(std::move(request));
  while (isQuestion(reply)) {
    std::optional<Message> answer;
    std::exception_ptr interrupted;
    Message cancel = emptyMessage(MessageType::Cancel);
    try {
      answer = co_await answerQuestion(reply, interaction);
    } catch (...) {
      interrupted = std::current_exception();
    }
    if (interrupted) {
      try {
        co_await transport.call(std::move(cancel));  // the device answers Failure ActionCancelled
      } catch (const std::exception&) {
        // the device is gone: nothing to cancel
      }
      std::rethrow_exception(interrupted);
    }
    reply = co_await transport.call(std::move(*answer));
  }
  if (isType(reply, MessageType::Failure)) {
    const Failure failure = decodeFailure(reply.payload.view());
    throw DeviceFailure(failure.code, failure.message);
  }
  if (!isType(reply, expected)) {
    throw DeviceFailure(kUnexpectedMessage,
                        "the device answered message type " + std::to_string(reply.type));
  }
  co_return reply;
}

}  // namespace walletd::trezor
