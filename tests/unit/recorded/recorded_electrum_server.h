// RecordedElectrumServer: an Electrum server for the [recorded] tests that answers each method
// with the object scripted for it — a recorded line, or a result-only recording wrapped — its id
// set to the request's (docs/recordings.md: the client matches ids). server.version answers
// ["recorded", "1.4"] unless scripted; an unscripted method answers a JSON-RPC error. A batch
// gets a batch. Every request is kept as (method, params).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tests/unit/recorded/recorded.h"
#include "tests/unit/scripted_line_server.h"

namespace walletd::test {

class RecordedElectrumServer : public ScriptedLineServer {
 public:
  explicit RecordedElectrumServer(Executor& ex) : ScriptedLineServer(&ex) {
    answerResult("server.version", R"(["recorded", "1.4"])");
  }
  // `line`: the whole answer object as recorded (its id is replaced).
  void answer(const std::string& method, const std::string& line) {
    script_[method] = Json::parse(line);
  }
  // `result`: a result-only recording.
  void answerResult(const std::string& method, const std::string& result) {
    script_[method] = Json::parse(wrapped(result, nullptr));
  }
  std::vector<std::pair<std::string, Json>> requests;

 protected:
  Json answerTo(const Json& request) override {
    const std::string method = request.value("method", std::string());
    requests.emplace_back(method, request.value("params", Json()));
    auto it = script_.find(method);
    Json out =
        it != script_.end()
            ? it->second
            : Json{{"jsonrpc", "2.0"}, {"error", {{"code", -32601}, {"message", "not scripted"}}}};
    out["id"] = request["id"];
    return out;
  }

 private:
  std::map<std::string, Json> script_;
};

}  // namespace walletd::test
