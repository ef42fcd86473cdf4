// The process-wide log sink.
#include "core/platform/log.h"

namespace walletd {
namespace {
LogSink& sink() {
  static LogSink installed;
  return installed;
}
}  // namespace

void setLogSink(LogSink s) {
  sink() = std::move(s);
}

void logMessage(LogLevel level, const std::string& message) {
  if (sink()) sink()(level, message);
}

}  // namespace walletd
