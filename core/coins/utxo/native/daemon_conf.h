// Where a UTXO coin's daemon listens and how to log in, found as KDF finds it for Native mode:
// the coins-file entry's `confpath`, else `~/.<name>/<name>.conf` (`name` from the entry); the
// file's `rpcuser`, `rpcpassword` and `rpcport`; the entry's `rpcport` wins. The daemon is
// reached on 127.0.0.1.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/coins/coins_config.h"
#include "core/platform/local_files.h"

namespace walletd {

struct DaemonConfError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct DaemonRpcAccess {
  std::string url;  // http://127.0.0.1:<port>
  std::string user;
  std::string password;
};

// `key=value` lines before the first [section]; '#' starts a comment.
std::map<std::string, std::string> parseDaemonConf(const std::string& text);

// Throws DaemonConfError saying what is missing (the file, a key); never the password.
DaemonRpcAccess daemonRpcAccess(const CoinEntry& coin, LocalFiles& files);

}  // namespace walletd
