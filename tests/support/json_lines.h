// The oracles' main loop: one JSON request per input line, one JSON answer per output line, a
// failure answered as {"oracle_error": text} so that the harness sees which line failed.
#pragma once

#include <iostream>
#include <string>

#include "core/rpc/json.h"

namespace walletd::test {

template <typename Answer>
int answerJsonLines(Answer answer) {
  std::string line;
  while (std::getline(std::cin, line)) {
    try {
      std::cout << answer(Json::parse(line)).dump() << "\n";
    } catch (const std::exception& e) {
      std::cout << Json{{"oracle_error", e.what()}}.dump() << "\n";
    }
  }
  return 0;
}

}  // namespace walletd::test
