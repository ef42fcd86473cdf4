// task::<family>::status|user_action|cancel: the same three answers for every family.
#include "core/rpc/rpc_task_methods.h"

namespace walletd {
namespace {

struct StatusParams {
  std::uint64_t task_id = 0;
  bool forget_if_finished = true;
  static const ObjectSchema<StatusParams>& schema() {
    static const auto s =
        ObjectSchema<StatusParams>()
            .required("task_id", &StatusParams::task_id)
            .fallback("forget_if_finished", &StatusParams::forget_if_finished, true);
    return s;
  }
};

struct TaskIdParams {
  std::uint64_t task_id = 0;
  static const ObjectSchema<TaskIdParams>& schema() {
    static const auto s = ObjectSchema<TaskIdParams>().required("task_id", &TaskIdParams::task_id);
    return s;
  }
};

// KDF's RpcTaskUserAction as the request carries it.
struct UserAction : RpcTaskUserAction {
  static const TaggedSchema<UserAction>& schema() {
    constexpr auto secret = static_cast<SecretBytes UserAction::*>(&UserAction::secret);
    static const auto s =
        TaggedSchema<UserAction>("action_type", &UserAction::action_type)
            .variant("TrezorPin", ObjectSchema<UserAction>().required("pin", secret))
            .variant("TrezorPassphrase", ObjectSchema<UserAction>().required("passphrase", secret));
    return s;
  }
};

struct UserActionParams {
  std::uint64_t task_id = 0;
  UserAction user_action;
  static const ObjectSchema<UserActionParams>& schema() {
    static const auto s = ObjectSchema<UserActionParams>()
                              .required("task_id", &UserActionParams::task_id)
                              .required("user_action", &UserActionParams::user_action);
    return s;
  }
};

Json statusAnswer(RpcTaskManager& tasks, const std::string& family, StatusParams& p) {
  return tasks.status(family, p.task_id, p.forget_if_finished);
}

Json userActionAnswer(RpcTaskManager& tasks, const std::string& family, UserActionParams& p) {
  tasks.userAction(family, p.task_id, std::move(p.user_action));
  return "success";
}

Json cancelAnswer(RpcTaskManager& tasks, const std::string& family, TaskIdParams& p) {
  tasks.cancel(family, p.task_id);
  return "success";
}

// A control method of `family`: parses P (unknown fields ignored, as KDF's RpcTaskStatusRequest
// does), then answers what `answer` returns.
template <typename P>
MethodHandler controlHandler(const std::string& family,
                             Json (*answer)(RpcTaskManager&, const std::string&, P&)) {
  auto call = [family, answer](RequestContext& ctx, const Json& params) -> Task<Json> {
    ParamsReader r(params, "params");
    P parsed = P::schema().parse(r);
    Json out = answer(ctx.node.tasks(), family, parsed);
    return [](Json result) -> Task<Json> { co_return result; }(std::move(out));
  };
  return MethodHandler(std::move(call), P::schema().ts());
}

}  // namespace

void addRpcTaskControlMethods(MethodTable& t, const std::string& family,
                              const std::string& result_doc) {
  const std::string prefix = "task::" + family + "::";
  t.declare("TaskError",
            "{ error: string; error_path: string; error_trace: string; error_type: string; "
            "error_data?: unknown }");
  t.add({prefix + "status",
         "{ status: \"Ok\"; details: " + result_doc +
             " } | { status: \"Error\"; details: TaskError } | { status: \"InProgress\"; "
             "details: string | object } | { status: \"UserActionRequired\"; details: string }",
         MethodAccess::Protected, controlHandler(family, &statusAnswer), nullptr});
  t.add({prefix + "user_action", "\"success\"", MethodAccess::Protected,
         controlHandler(family, &userActionAnswer), nullptr});
  t.add({prefix + "cancel", "\"success\"", MethodAccess::Protected,
         controlHandler(family, &cancelAnswer), nullptr});
}

}  // namespace walletd
