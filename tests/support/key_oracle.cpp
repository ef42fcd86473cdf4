// key_oracle: reads JSON lines {"passphrase", "enable_hd", "params"} on stdin, starts a node with
// that passphrase (walletd's own coins file, in-memory storage) and answers each line with the
// body of the real get_private_keys method. Lets the differential test run 1,000 wallets quickly
// through the same code path the daemon and the npm package use.
#include <iostream>
#include <string>

#include "tests/unit/test_support.h"

using namespace walletd;
using namespace walletd::test;

int main() {
  const CoinsConfig coins = walletdCoins();
  std::string line;
  while (std::getline(std::cin, line)) {
    try {
      const Json input = Json::parse(line);
      Json conf{{"passphrase", input.at("passphrase")},
                {"enable_hd", input.value("enable_hd", true)}};
      TestNode node(conf, coins);
      std::cout << node.rpc("get_private_keys", input.at("params")).dump() << "\n";
    } catch (const std::exception& e) {
      std::cout << Json{{"oracle_error", e.what()}}.dump() << "\n";
    }
  }
  return 0;
}
