// addRpcTaskMethods: registers task::<family>::init|status|user_action|cancel for one kind of
// background work. `init` parses its params, runs `check` at once (its errors answer the init
// call itself, as KDF's do) and then starts `work` as a task, whose status reads `first_step`
// until the work reports its own (KDF's first InProgress status of that task).
#pragma once

#include <memory>
#include <string>

#include "core/node/node.h"
#include "core/rpc/method_table.h"
#include "core/rpc/rpc_task_manager.h"

namespace walletd {

// `doc_extension`: `& {...}` fields P's family extensions read (withdraw options).
// status / user_action / cancel; `result_doc` is the Ok details' shape, for the docs.
void addRpcTaskControlMethods(MethodTable& t, const std::string& family,
                              const std::string& result_doc);

// The field every init takes besides its params type's: the event stream it would report to.
struct TaskInitClient {
  std::optional<std::uint64_t> client_id;  // names an event stream; none is sent here
  static const ObjectSchema<TaskInitClient>& schema() {
    static const auto s =
        ObjectSchema<TaskInitClient>().optional("client_id", &TaskInitClient::client_id);
    return s;
  }
};

template <typename P>
void addRpcTaskMethods(MethodTable& t, const std::string& family, std::string result_doc,
                       void (*check)(RequestContext&, const P&),
                       Task<Json> (*work)(Node&, P, std::shared_ptr<RpcTaskHandle>),
                       Json first_step = "ActivatingCoin", const std::string& doc_extension = {}) {
  auto init = [family, check, work, first_step](RequestContext& ctx,
                                                const Json& params) -> Task<Json> {
    std::optional<ParamsAskLog> asked;  // only when the dispatcher checks params
    if (ctx.params_asked) asked.emplace();
    ParamsReader reader(params, "params");
    TaskInitClient client;
    TaskInitClient::schema().readFields(client, reader);
    P parsed = P::schema().parse(reader);
    if (asked) *ctx.params_asked = asked->paths();
    asked.reset();
    check(ctx, parsed);
    RpcTaskManager& tasks = ctx.node.tasks();
    auto handle = tasks.create();
    handle->setProgress(first_step);
    const std::uint64_t id = tasks.run(family, handle, work(ctx.node, std::move(parsed), handle));
    return [](std::uint64_t task_id) -> Task<Json> { co_return Json{{"task_id", task_id}}; }(id);
  };
  const std::string params_doc =
      paramsDoc<P>() + doc_extension + " & " + TaskInitClient::schema().ts();
  t.add({"task::" + family + "::init", "{ task_id: number }", MethodAccess::Protected,
         MethodHandler(std::move(init), params_doc), nullptr});
  addRpcTaskControlMethods(t, family, result_doc);
}

}  // namespace walletd
