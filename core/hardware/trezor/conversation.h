// One request to a Trezor and everything the device asks before it answers: a ButtonRequest is
// acknowledged (the user presses on the device), a PinMatrixRequest and a PassphraseRequest are
// answered with what the user gives through the Interaction, a Failure ends the conversation.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/async/task.h"
#include "core/hardware/trezor/messages.h"
#include "core/hardware/trezor/transport.h"

namespace walletd::trezor {

// What the conversation needs from whoever runs it (an RPC task): progress and the user's input.
class Interaction {
 public:
  virtual ~Interaction() = default;
  // The device shows something to confirm with its button.
  virtual void onButtonRequest() = 0;
  // The PIN as matrix positions (1–9 as on a numeric keypad), the passphrase ("" for none).
  virtual Task<SecretBytes> pin() = 0;
  virtual Task<SecretBytes> passphrase() = 0;
};

// The device answered Failure (code: FailureType, e.g. 4 ActionCancelled, 7 PinInvalid).
struct DeviceFailure : std::runtime_error {
  DeviceFailure(std::uint32_t failure_code, const std::string& text)
      : std::runtime_error(text), code(failure_code) {}
  std::uint32_t code;
};

// Sends `request`, goes through the device's questions, and answers its final message, which
// must be of type `expected` (else DeviceFailure UnexpectedMessage). If the interaction throws
// (the task was cancelled), the device is sent Cancel before the error goes on.
Task<Message> converse(Transport& transport, Message request, MessageType expected,
                       Interaction& interaction);

}  // namespace walletd::trezor
