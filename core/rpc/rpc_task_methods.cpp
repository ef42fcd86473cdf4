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
    a.rejectUnknown();
    return p;
  }
};

}  // namespace

void addRpcTaskControlMethods(MethodTable& t, const std::string& family,
                              const std::string& result_doc) {
  const std::string prefix = "task::" + family + "::";
  t.add({prefix + "status", "{task_id, forget_if_finished = true}",
         "{status: Ok|Error|InProgress, details}; Ok details: " + result_doc,
         MethodAccess::Protected,
         [family](RequestContext& ctx, const Json& params) -> Task<Json> {
           ParamsReader r(params, "params");
           const StatusParams p = StatusParams::parse(r);
           r.rejectUnknown();
           Json out = ctx.node.tasks().status(family, p.task_id, p.forget_if_finished);
           return [](Json result) -> Task<Json> { co_return result; }(std::move(out));
         },
         nullptr});
  t.add({prefix + "user_action", "{task_id, user_action: {action_type, pin | passphrase}}",
         "\"success\"", MethodAccess::Protected,
         [family](RequestContext& ctx, const Json& params) -> Task<Json> {
           ParamsReader r(params, "params");
           const UserActionParams p = UserActionParams::parse(r);
           r.rejectUnknown();
           ctx.node.tasks().userAction(family, p.task_id);
           return []() -> Task<Json> { co_return Json("success"); }();
         },
         nullptr});
  t.add({prefix + "cancel", "{task_id}", "\"success\"", MethodAccess::Protected,
         [family](RequestContext& ctx, const Json& params) -> Task<Json> {
           ParamsReader r(params, "params");
           const TaskIdParams p = TaskIdParams::parse(r);
           r.rejectUnknown();
           ctx.node.tasks().cancel(family, p.task_id);
           return []() -> Task<Json> { co_return Json("success"); }();
         },
         nullptr});
}

}  // namespace walletd
