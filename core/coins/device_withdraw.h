// What every family's hardware-wallet signer does around the device in task::withdraw: refuse a
// plain withdraw (no task to ask the user through), turn a failed conversation into KDF's
// withdraw errors, and drop a signature that arrives after the task was cancelled.
#pragma once

#include <exception>
#include <string>

#include "core/coins/withdraw_progress.h"
#include "core/coins/withdraw_request.h"
#include "core/hardware/trezor/hw_errors.h"

namespace walletd {

// UnsupportedError for a withdraw outside a task.
inline void requireWithdrawTask(const WithdrawProgress& progress) {
  if (progress.inTask()) return;
  const std::string message =
      "a Trezor signs in task::withdraw only (it asks the user through the task)";
  throw rpcError(WithdrawError::UnsupportedError, message, Json(message));
}

// After the conversation: its failure (if any) as KDF's — a device gone is HwError
// NoTrezorDeviceAvailable, the device's own refusal InternalError "Trezor: <its words>" — then
// OperationCancelled when the task was cancelled while the device showed the transaction (the
// signature is dropped and nothing is broadcast).
inline void finishDeviceSigning(std::exception_ptr failure, const WithdrawProgress& progress) {
  if (failure) {
    trezor::rethrowHwError(failure, [](const std::string& text) {
      const std::string message = "Trezor: " + text;
      return rpcError(WithdrawError::InternalError, message, Json(message));
    });
  }
  progress.taskHandle()->throwIfCancelled();
}

}  // namespace walletd
