// Diagnostics from the core: a process-wide sink the host installs (the daemon writes to stderr
// when WALLETD_LOG=debug); without one, messages are dropped. Never pass secrets here.
#pragma once

#include <functional>
#include <string>

namespace walletd {

enum class LogLevel { Debug, Info, Warning };
using LogSink = std::function<void(LogLevel, const std::string&)>;

void setLogSink(LogSink sink);
void logMessage(LogLevel level, const std::string& message);
inline void logDebug(const std::string& message) {
  logMessage(LogLevel::Debug, message);
}

}  // namespace walletd
