// Helpers of the [recorded] tests: a recording of tests/data/recorded (docs/recordings.md says
// where each comes from) and the two conventions of docs/recordings.md — a JSON-RPC recording's id
// is rewritten to the id the client sent, and a result-only recording is wrapped in an envelope.
#pragma once

#include <string>

#include "core/rpc/json.h"
#include "tests/unit/test_support.h"

namespace walletd::test {

// The text of tests/data/recorded/<name>, e.g. "tron/getaccount-nile-documentation-en.json".
inline std::string recorded(const std::string& name) {
  return readTextFile(std::string(WALLETD_SOURCE_DIR) + "/tests/data/recorded/" + name);
}

// A recorded JSON-RPC answer object with its `id` replaced by `id`.
inline std::string withId(const std::string& line, const Json& id) {
  Json answer = Json::parse(line);
  answer["id"] = id;
  return answer.dump();
}

// A result-only recording as a JSON-RPC 2.0 answer to request `id`.
inline std::string wrapped(const std::string& result, const Json& id) {
  return Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", Json::parse(result)}}.dump();
}

}  // namespace walletd::test
