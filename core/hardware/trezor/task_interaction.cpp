// Trezor questions answered through task::…::user_action.
#include "core/hardware/trezor/task_interaction.h"

#include "core/hardware/trezor/hw_errors.h"

namespace walletd::trezor {

Task<SecretBytes> TaskInteraction::ask(const char* awaiting, const char* expected) {
  const Json previous = handle_->progress();
  Json status = awaiting;
  RpcTaskUserAction action = co_await handle_->awaitUserAction(executor_, std::move(status));
  handle_->setProgress(previous);
  if (action.action_type != expected) {
    throw rpcError(InitHwError::UnexpectedUserAction,
                   std::string("RPC 'task' is awaiting '") + expected + "' user action",
                   Json{{"expected", expected}});
  }
  co_return std::move(action.secret);
}

Task<SecretBytes> TaskInteraction::pin() {
  return ask("EnterTrezorPin", "TrezorPin");
}

Task<SecretBytes> TaskInteraction::passphrase() {
  return ask("EnterTrezorPassphrase", "TrezorPassphrase");
}

}  // namespace walletd::trezor
