// The operating system's clock, CSPRNG and files for the core.
#pragma once

#include <sys/random.h>

#include <sys/stat.h>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "core/platform/clock.h"
#include "core/platform/local_files.h"
#include "core/platform/random.h"

namespace walletd {

class OsClock : public Clock {
 public:
  std::uint64_t unixMillis() const override {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  }
  std::uint64_t monotonicMillis() const override {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
  }
};

class OsRandom : public Random {
 public:
  std::vector<std::uint8_t> bytes(std::size_t count) override {
    std::vector<std::uint8_t> out(count);
    std::size_t filled = 0;
    while (filled < count) {
      ssize_t n = getrandom(out.data() + filled, count - filled, 0);
      if (n < 0) throw std::runtime_error("getrandom failed");
      filled += static_cast<std::size_t>(n);
    }
    return out;
  }
};

// Regular files up to 1 MiB (a coin daemon's conf file is a few lines).
class OsFiles : public LocalFiles {
 public:
  std::optional<std::string> readText(const std::string& path) override {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > (1 << 20))
      return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  std::optional<std::string> homeDirectory() override {
    const char* home = std::getenv("HOME");
    if (home == nullptr || *home == '\0') return std::nullopt;
    return std::string(home);
  }
};

}  // namespace walletd
