// KDF's RPC task pattern (`task::<family>::init|status|user_action|cancel`): `init` starts work in
// the background and answers {task_id}; `status` reports InProgress (the work's current step),
// Ok (the result) or Error (the error envelope's fields); `cancel` stops it. Work sees its
// RpcTaskHandle: it reports steps there and checks for cancellation before it commits anything,
// so a cancelled activation leaves no coin behind. Work that needs the user (a hardware wallet's
// PIN or passphrase) awaits a user action: status answers UserActionRequired with what it
// awaits until `user_action` delivers it. Finished tasks are kept until a status call forgets
// them (at most kMaxFinishedTasks; the oldest go first).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "core/async/cancellation.h"
#include "core/async/oneshot.h"
#include "core/async/task.h"
#include "core/crypto/secret.h"
#include "core/rpc/json.h"
#include "core/rpc/rpc_error.h"

namespace walletd {

// RpcTaskStatusError / RpcTaskUserActionError / CancelRpcTaskError of KDF, as one family.
enum class RpcTaskError {
  StatusNoSuchTask,  // 400, error_data = task id
  ActionNoSuchTask,  // 400, error_data = task id
  CancelNoSuchTask,  // 404, error_data = task id
  TaskFinished,      // 409, error_data = task id
  Internal,          // 500, error_data = message
};
ErrorKindInfo describe(RpcTaskError e);

// KDF's RpcTaskUserAction: {action_type: "TrezorPin", pin} | {action_type: "TrezorPassphrase",
// passphrase}; the PIN (matrix positions) or passphrase is the secret.
struct RpcTaskUserAction {
  std::string action_type;
  SecretBytes secret;
};

class RpcTaskHandle {
 public:
  // The InProgress details, e.g. "ActivatingCoin" or {"TemporaryError": "..."}.
  void setProgress(Json details) { progress_ = std::move(details); }
  const Json& progress() const { return progress_; }
  // Throws OperationCancelled after `cancel`; call before committing results.
  void throwIfCancelled() const { cancel_.token().throwIfCancelled(); }
  CancellationToken cancellation() const { return cancel_.token(); }
  // Waits for the caller's user_action; meanwhile status answers {"status":
  // "UserActionRequired", "details": awaiting} (e.g. "EnterTrezorPin"). Cancelling the task
  // ends the wait with OperationCancelled.
  Task<RpcTaskUserAction> awaitUserAction(Executor& executor, Json awaiting);
  bool awaitsUserAction() const { return action_.has_value(); }
  const Json& awaiting() const { return awaiting_; }

 private:
  friend class RpcTaskManager;
  Json progress_ = "ActivatingCoin";
  CancellationSource cancel_;
  std::optional<OneShot<RpcTaskUserAction>> action_;
  Json awaiting_;
};

class RpcTaskManager {
 public:
  static constexpr std::size_t kMaxFinishedTasks = 1000;

  // A handle for the next task of `family`; pass it to the work, then run() the work.
  std::shared_ptr<RpcTaskHandle> create();
  // Starts `work` (created with `handle`) as task `id` of `family`; returns the id.
  std::uint64_t run(const std::string& family, std::shared_ptr<RpcTaskHandle> handle,
                    Task<Json> work);

  Json status(const std::string& family, std::uint64_t id, bool forget_if_finished);
  void cancel(const std::string& family, std::uint64_t id);
  // Hands `action` to the task waiting for it; a task that is not waiting answers Internal (as
  // KDF's UnexpectedTaskStatus does), an unknown one NoSuchTask.
  void userAction(const std::string& family, std::uint64_t id, RpcTaskUserAction action);

 private:
  struct Entry {
    std::string family;
    std::shared_ptr<RpcTaskHandle> handle;
    enum class State { Running, Ok, Error } state = State::Running;
    Json details;
  };
  Entry* find(const std::string& family, std::uint64_t id);
  void finish(std::uint64_t id, Entry::State state, Json details);
  void evictFinished();

  std::uint64_t next_id_ = 0;
  std::map<std::uint64_t, Entry> tasks_;
};

}  // namespace walletd
