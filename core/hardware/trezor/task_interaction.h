// The Interaction of a Trezor conversation run by an RPC task (KDF's TrezorRpcTaskProcessor): a
// button request shows the task's button status, a PIN or passphrase request waits for the
// caller's user_action (status UserActionRequired, EnterTrezorPin / EnterTrezorPassphrase).
// An action of the other kind fails the task with UnexpectedUserAction{expected}.
#pragma once

#include <memory>
#include <string>

#include "core/hardware/trezor/conversation.h"
#include "core/rpc/rpc_task_manager.h"

namespace walletd::trezor {

class TaskInteraction : public Interaction {
 public:
  TaskInteraction(Executor& executor, std::shared_ptr<RpcTaskHandle> handle, Json button_status)
      : executor_(executor), handle_(std::move(handle)), button_status_(std::move(button_status)) {}

  void onButtonRequest() override { handle_->setProgress(button_status_); }
  Task<SecretBytes> pin() override;
  Task<SecretBytes> passphrase() override;

 private:
  Task<SecretBytes> ask(const char* awaiting, const char* expected);
  Executor& executor_;
  std::shared_ptr<RpcTaskHandle> handle_;
  Json button_status_;
};

}  // namespace walletd::trezor
