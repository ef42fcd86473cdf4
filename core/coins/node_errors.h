// overNodes: runs a coroutine that talks to a coin's nodes and turns "no node answered"
// (NodesUnavailable) and a node's refusal (JsonRpcError) into the calling method's Transport error.
#pragma once

#include "core/async/task.h"
#include "core/coins/json_rpc_client.h"
#include "core/rpc/rpc_error.h"

namespace walletd {

template <ErrorKind E, typename T>
Task<T> overNodes(Task<T> task, E transport) {
  try {
    co_return co_await std::move(task);
  } catch (const NodesUnavailable& e) {
    throw rpcError(transport, e.what(), Json(std::string(e.what())));
  } catch (const JsonRpcError& e) {
    throw rpcError(transport, e.node + " refused: " + e.what(), Json(std::string(e.what())));
  }
}

}  // namespace walletd
