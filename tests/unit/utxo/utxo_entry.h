// A UTXO coins-file entry for unit tests: `conf` with the ticker and, unless given, protocol UTXO.
#pragma once

#include <string>

#include "core/coins/coins_config.h"

namespace walletd::test {

inline CoinEntry utxoEntry(const std::string& ticker, Json conf) {
  conf["coin"] = ticker;
  if (!conf.contains("protocol")) conf["protocol"] = Json{{"type", "UTXO"}};
  CoinEntry e;
  e.ticker = ticker;
  e.protocol_type = conf["protocol"]["type"];
  e.conf = conf;
  return e;
}

}  // namespace walletd::test
