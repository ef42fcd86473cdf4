// The mmrpc 2.0 envelopes: {"mmrpc","result","id"} and
// {"mmrpc","error","error_path","error_trace","error_type","error_data","id"}.
#pragma once

#include <optional>
#include <string>

#include "core/rpc/json.h"
#include "core/rpc/rpc_error.h"

namespace walletd {

// A request id: an unsigned integer or absent (null on the wire).
using RequestId = std::optional<std::uint64_t>;

std::string successEnvelope(const Json& result, RequestId id);
std::string errorEnvelope(const RpcError& error, RequestId id);
// KDF's legacy (v1) error body: {"error":"<file>:<line>] <message>"}.
std::string legacyErrorBody(const std::string& message,
                            SourceLocation where = SourceLocation::current());

}  // namespace walletd
