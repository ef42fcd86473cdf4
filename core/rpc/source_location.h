// SourceLocation::current(): the caller's file and line, for error_path/error_trace. Built on the
// compiler builtins because libc++ 13 (Emscripten 3.1.6) has no <source_location>.
#pragma once

#include <string>

namespace walletd {

struct SourceLocation {
  const char* file = "";
  int line = 0;

  static constexpr SourceLocation current(const char* file = __builtin_FILE(),
                                          int line = __builtin_LINE()) {
    return SourceLocation{file, line};
  }
  // "core/rpc/dispatcher.cpp" -> "dispatcher", as KDF names modules by file stem.
  std::string stem() const;
};

}  // namespace walletd
