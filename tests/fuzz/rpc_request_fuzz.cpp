// Fuzz target: the whole request path of a node (envelope, dispatcher, every method's params
// through the method table) on the unit tests' in-memory node. The first byte picks the mode:
// even = the input is the raw HTTP body; odd = the second byte picks a method from the table
// and the rest is its params (JSON when it parses, else a string). Every answer must be JSON.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "tests/unit/test_support.h"

using namespace walletd;

namespace {

std::unique_ptr<test::TestNode> node;
std::vector<std::string> methods;
unsigned runs = 0;

// A fresh node every 500 inputs keeps the state (accounts, coins, streams) bounded.
test::TestNode& freshNode() {
  if (!node || ++runs % 500 == 0) {
    node.reset();
    node = std::make_unique<test::TestNode>(Json::object(), test::walletdCoins());
    methods.clear();
    for (const MethodSpec* spec : node->node.methods().all()) {
      if (spec->name != "stop") methods.push_back(spec->name);
    }
  }
  return *node;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  test::TestNode& t = freshNode();
  std::string body;
  if (data[0] % 2 == 0) {
    body.assign(reinterpret_cast<const char*>(data + 1), size - 1);
  } else {
    const std::string text(reinterpret_cast<const char*>(data + 2), size - 2);
    Json params = Json::parse(text, nullptr, false);
    if (params.is_discarded()) params = text;
    Json request = {{"mmrpc", "2.0"},
                    {"userpass", test::TestNode::kPassword},
                    {"method", methods[data[1] % methods.size()]},
                    {"params", params},
                    {"id", data[1]}};
    body = request.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  HttpAnswer answer;
  try {
    answer = t.call(body);
  } catch (const std::runtime_error&) {
    return 0;  // a task that waits on a node the test client never answers
  }
  if (Json::parse(answer.body, nullptr, false).is_discarded()) std::abort();
  if (answer.status < 200 || answer.status > 599) std::abort();
  return 0;
}
