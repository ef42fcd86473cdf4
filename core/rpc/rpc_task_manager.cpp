// RpcTaskManager: the task table and the background runs behind it.
#include "core/rpc/rpc_task_manager.h"

#include "core/async/spawn.h"
#include "core/rpc/envelope.h"

namespace walletd {

ErrorKindInfo describe(RpcTaskError e) {
  switch (e) {
    case RpcTaskError::StatusNoSuchTask:
    case RpcTaskError::ActionNoSuchTask:
      return {"NoSuchTask", 400};
    case RpcTaskError::CancelNoSuchTask:
      return {"NoSuchTask", 404};
    case RpcTaskError::TaskFinished:
      return {"TaskFinished", 409};
    case RpcTaskError::Internal:
      return {"Internal", 500};
  }
  return {"Internal", 500};
}

namespace {
// The fields of an error envelope (KDF serialises the MmError itself as the task's details).
Json errorDetails(const RpcError& error) {
  Json out = Json::object();
  out["error"] = error.message();
  out["error_path"] = error.path();
  out["error_trace"] = error.trace();
  out["error_type"] = error.type();
  if (error.data()) out["error_data"] = *error.data();
  return out;
}

[[noreturn]] void noSuchTask(RpcTaskError kind, std::uint64_t id) {
  throw rpcError(kind, "No such task '" + std::to_string(id) + "'", Json(id));
}
}  // namespace

Task<RpcTaskUserAction> RpcTaskHandle::awaitUserAction(Executor& executor, Json awaiting) {
  throwIfCancelled();
  OneShot<RpcTaskUserAction> answer(executor);
  action_ = answer;
  awaiting_ = std::move(awaiting);
  const CancellationToken token = cancel_.token();
  const std::uint64_t callback = token.onCancel(
      [answer]() mutable { answer.fail(std::make_exception_ptr(OperationCancelled())); });
  std::exception_ptr failure;
  std::optional<RpcTaskUserAction> action;
  try {
    action.emplace(co_await answer);
  } catch (...) {
    failure = std::current_exception();
  }
  token.removeCallback(callback);
  action_.reset();
  if (failure) std::rethrow_exception(failure);
  co_return std::move(*action);
}

std::shared_ptr<RpcTaskHandle> RpcTaskManager::create() {
  return std::make_shared<RpcTaskHandle>();
}

std::uint64_t RpcTaskManager::run(const std::string& family, std::shared_ptr<RpcTaskHandle> handle,
                                  Task<Json> work) {
  const std::uint64_t id = next_id_++;
  tasks_[id] = Entry{family, handle, Entry::State::Running, Json()};
  evictFinished();
  spawn<Json>(std::move(work), [this, id](std::optional<Json> result, std::exception_ptr error) {
    if (result) {
      finish(id, Entry::State::Ok, std::move(*result));
      return;
    }
    try {
      std::rethrow_exception(error);
    } catch (const RpcError& e) {
      finish(id, Entry::State::Error, errorDetails(e));
    } catch (const OperationCancelled&) {
      tasks_.erase(id);  // already removed by cancel(); nothing to report
    } catch (const std::exception& e) {
      const RpcError internal = rpcError(CommonError::InternalError, e.what());
      finish(id, Entry::State::Error, errorDetails(internal));
    }
  });
  return id;
}

void RpcTaskManager::finish(std::uint64_t id, Entry::State state, Json details) {
  auto it = tasks_.find(id);
  if (it == tasks_.end()) return;  // cancelled while it ran
  it->second.state = state;
  it->second.details = std::move(details);
}

void RpcTaskManager::evictFinished() {
  std::size_t finished = 0;
  for (const auto& [id, entry] : tasks_) finished += entry.state != Entry::State::Running;
  for (auto it = tasks_.begin(); it != tasks_.end() && finished > kMaxFinishedTasks;) {
    if (it->second.state != Entry::State::Running) {
      it = tasks_.erase(it);
      --finished;
    } else {
      ++it;
    }
  }
}

RpcTaskManager::Entry* RpcTaskManager::find(const std::string& family, std::uint64_t id) {
  auto it = tasks_.find(id);
  return it != tasks_.end() && it->second.family == family ? &it->second : nullptr;
}

Json RpcTaskManager::status(const std::string& family, std::uint64_t id, bool forget_if_finished) {
  Entry* entry = find(family, id);
  if (entry == nullptr) noSuchTask(RpcTaskError::StatusNoSuchTask, id);
  Json out = Json::object();
  switch (entry->state) {
    case Entry::State::Running:
      out["status"] = entry->handle->awaitsUserAction() ? "UserActionRequired" : "InProgress";
      out["details"] =
          entry->handle->awaitsUserAction() ? entry->handle->awaiting() : entry->handle->progress();
      return out;
    case Entry::State::Ok:
      out["status"] = "Ok";
      break;
    case Entry::State::Error:
      out["status"] = "Error";
      break;
  }
  out["details"] = entry->details;
  if (forget_if_finished) tasks_.erase(id);
  return out;
}

void RpcTaskManager::cancel(const std::string& family, std::uint64_t id) {
  Entry* entry = find(family, id);
  if (entry == nullptr) noSuchTask(RpcTaskError::CancelNoSuchTask, id);
  if (entry->state != Entry::State::Running) {
    throw rpcError(RpcTaskError::TaskFinished, "Task is finished already", Json(id));
  }
  const std::shared_ptr<RpcTaskHandle> handle = entry->handle;
  tasks_.erase(id);
  handle->cancel_.cancel();  // wakes waits registered on the token
}

void RpcTaskManager::userAction(const std::string& family, std::uint64_t id,
                                RpcTaskUserAction action) {
  Entry* entry = find(family, id);
  if (entry == nullptr) noSuchTask(RpcTaskError::ActionNoSuchTask, id);
  RpcTaskHandle& handle = *entry->handle;
  if (entry->state != Entry::State::Running || !handle.action_) {
    const std::string message =
        "Internal error: task " + std::to_string(id) + " is not waiting for a user action";
    throw rpcError(RpcTaskError::Internal, message, Json(message));
  }
  OneShot<RpcTaskUserAction> answer = *handle.action_;
  handle.action_.reset();  // status reads InProgress again at once
  answer.settle(std::move(action));
}

}  // namespace walletd
