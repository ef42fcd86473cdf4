// task::<family>::status|user_action|cancel: the same three answers for every family.
#include "core/rpc/rpc_task_methods.h"

namespace walletd {
namespace {

struct StatusParams {
  std::uint64_t task_id = 0;
  bool forget_if_finished = true;
  static StatusParams parse(ParamsReader& r) {
    return {r.required<std::uint64_t>("task_id"), r.optionalOr<bool>("forget_if_finished", true)};
  }
};

struct TaskIdParams {
  std::uint64_t task_id = 0;
  static TaskIdParams parse(ParamsReader& r) { return {r.required<std::uint64_t>("task_id")}; }
};

struct UserActionParams {
  std::uint64_t task_id = 0;
  static UserActionParams parse(ParamsReader& r) {
    UserActionParams p{r.required<std::uint64_t>("task_id")};
    const Json action = r.required<Json>("user_action");
    ParamsReader a(action, r.fieldPath("user_action"), false);
    const std::string type = a.required<std::string>("action_type");
    if (type == "TrezorPin") {
      a.required<std::string>("pin");
    } else if (type == "TrezorPassphrase") {
      a.required<std::string>("passphrase");
    } else {
      throwInvalidParams(a.fieldPath("action_type") + ": unknown variant `" + type.substr(0, 60) +
                         "`, expected `TrezorPin` or `TrezorPassphrase`");
    }
    a.ignoreUnknown();
    return p;
  }
};

Json statusAnswer(RpcTaskManager& tasks, const std::string& family, const StatusParams& p) {
  return tasks.status(family, p.task_id, p.forget_if_finished);
}

Json userActionAnswer(RpcTaskManager& tasks, const std::string& family, const UserActionParams& p) {
  tasks.userAction(family, p.task_id);
  return "success";
}

Json cancelAnswer(RpcTaskManager& tasks, const std::string& family, const TaskIdParams& p) {
  tasks.cancel(family, p.task_id);
  return "success";
}

// A control method of `family`: parses P (unknown fields ignored, as KDF's RpcTaskStatusRequest
// does), then answers what `answer` returns.
template <typename P>
MethodHandler controlHandler(const std::string& family,
                             Json (*answer)(RpcTaskManager&, const std::string&, const P&)) {
  return [family, answer](RequestContext& ctx, const Json& params) -> Task<Json> {
    ParamsReader r(params, "params");
    const P parsed = P::parse(r);
    r.ignoreUnknown();
    Json out = answer(ctx.node.tasks(), family, parsed);
    return [](Json result) -> Task<Json> { co_return result; }(std::move(out));
  };
}

}  // namespace

void addRpcTaskControlMethods(MethodTable& t, const std::string& family,
                              const std::string& result_doc) {
  const std::string prefix = "task::" + family + "::";
  t.declare("TaskError",
            "{ error: string; error_path: string; error_trace: string; error_type: string; "
            "error_data?: unknown }");
  t.add({prefix + "status", "{ task_id: number; forget_if_finished?: boolean /* default true */ }",
         "{ status: \"Ok\"; details: " + result_doc +
             " } | { status: \"Error\"; details: TaskError } | { status: \"InProgress\"; "
             "details: string | object }",
         MethodAccess::Protected, controlHandler(family, &statusAnswer), nullptr});
  t.add({prefix + "user_action",
         "{ task_id: number; user_action: { action_type: \"TrezorPin\"; pin: string } | { "
         "action_type: \"TrezorPassphrase\"; passphrase: string } }",
         "\"success\"", MethodAccess::Protected, controlHandler(family, &userActionAnswer),
         nullptr});
  t.add({prefix + "cancel", "{ task_id: number }", "\"success\"", MethodAccess::Protected,
         controlHandler(family, &cancelAnswer), nullptr});
}

}  // namespace walletd
