// TransportFailure: a coin's remote peer (a node, an electrum server, a relay provider) gave no
// usable answer, or refused. Every family's clients throw a subclass; overTransport turns any of
// them into the calling method's own `Transport` error, so shared methods name no family.
#pragma once

#include <stdexcept>
#include <string>

#include "core/async/task.h"
#include "core/rpc/rpc_error.h"

namespace walletd {

struct TransportFailure : std::runtime_error {
  // `summary` is the envelope's `error`; what() (the peer's own words) becomes `error_data`.
  TransportFailure(std::string summary_, const std::string& detail)
      : std::runtime_error(detail), summary(std::move(summary_)) {}
  std::string summary;
};

template <ErrorKind E, typename T>
Task<T> overTransport(Task<T> task, E transport) {
  try {
    co_return co_await std::move(task);
  } catch (const TransportFailure& e) {
    throw rpcError(transport, e.summary, Json(std::string(e.what())));
  }
}

}  // namespace walletd
