// ScriptedElectrum: an Electrum server for a test's coin (UTXO, ZHTLC's transparent side).
// server.version is answered; every other request by `answer(method, params)`, whose nullopt
// answers a JSON-RPC error (an unknown method). Set `executor` (the test node's loop) before the
// node connects.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tests/unit/scripted_line_server.h"

namespace walletd::test {

class ScriptedElectrum : public ScriptedLineServer {
 public:
  using Answer = std::function<std::optional<Json>(const std::string& method, const Json& params)>;
  Answer answer;
  std::vector<std::string> methods;  // every method asked, in order

 protected:
  Json answerTo(const Json& request) override {
    const std::string method = request.value("method", "");
    methods.push_back(method);
    Json out{{"jsonrpc", "2.0"}, {"id", request["id"]}};
    std::optional<Json> result =
        method == "server.version"
            ? Json::array({"ScriptedElectrum 1.0", "1.4"})
            : (answer ? answer(method, request.value("params", Json::array())) : std::nullopt);
    if (result) {
      out["result"] = std::move(*result);
    } else {
      out["error"] = Json{{"code", -32601}, {"message", "unknown method " + method}};
    }
    return out;
  }
};

}  // namespace walletd::test
