// StreamConnector: a line-oriented duplex stream (Electrum over TCP/SSL natively, WSS in
// browsers). Declared now; implemented with the UTXO family.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/async/task.h"

namespace walletd {

class LineStream {
 public:
  virtual ~LineStream() = default;
  virtual Task<void> writeLine(std::string line) = 0;
  virtual Task<std::string> readLine() = 0;
  virtual void close() = 0;
};

class StreamConnector {
 public:
  virtual ~StreamConnector() = default;
  virtual Task<std::unique_ptr<LineStream>> connect(std::string url, std::uint64_t timeout_ms) = 0;
};

}  // namespace walletd
