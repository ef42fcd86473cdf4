// WithdrawProgress: how far a withdraw has come, for task::withdraw::status (KDF's
// WithdrawInProgressStatus: Preparing, GeneratingTransaction, SigningTransaction, Finishing).
// Every family's withdraw reports its steps here; a plain `withdraw` carries one that reports
// nowhere. signing() is the last point a cancel stops the work: nothing is signed, and so nothing
// broadcast, after a task::withdraw::cancel that came before it.
#pragma once

#include <memory>
#include <utility>

#include "core/rpc/rpc_task_manager.h"

namespace walletd {

class WithdrawProgress {
 public:
  WithdrawProgress() = default;
  explicit WithdrawProgress(std::shared_ptr<RpcTaskHandle> handle) : handle_(std::move(handle)) {}

  // The family reads its peers and builds the transaction.
  void generating() const { step("GeneratingTransaction"); }
  // About to sign: throws OperationCancelled when the task was cancelled.
  void signing() const {
    if (handle_) handle_->throwIfCancelled();
    step("SigningTransaction");
  }
  // Signed; broadcasting (when asked) and writing the answer.
  void finishing() const { step("Finishing"); }
  // True for task::withdraw, false for a plain withdraw (KDF's ZHTLC coins refuse the latter).
  bool inTask() const { return handle_ != nullptr; }
  // Cancelled by task::withdraw::cancel (never, for a plain withdraw): for a family that waits.
  CancellationToken cancellation() const {
    return handle_ ? handle_->cancellation() : CancellationToken{};
  }
  // The task's handle (null for a plain withdraw): a signer that asks the user (a hardware
  // wallet's PIN, passphrase and buttons) reports and waits through it.
  const std::shared_ptr<RpcTaskHandle>& taskHandle() const { return handle_; }

 private:
  void step(const char* status) const {
    if (handle_) handle_->setProgress(status);
  }
  std::shared_ptr<RpcTaskHandle> handle_;
};

}  // namespace walletd
