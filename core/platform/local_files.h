// LocalFiles: read access to files of the machine walletd runs on — the native host only (the
// browser host has none). Used for what KDF reads from disk itself: a coin daemon's conf file
// (UTXO Native mode credentials).
#pragma once

#include <optional>
#include <string>

namespace walletd {

class LocalFiles {
 public:
  virtual ~LocalFiles() = default;
  // The file's text; nullopt when it cannot be read (missing, not a file, no permission).
  virtual std::optional<std::string> readText(const std::string& path) = 0;
  // The user's home directory ($HOME); nullopt when unknown.
  virtual std::optional<std::string> homeDirectory() = 0;
};

}  // namespace walletd
