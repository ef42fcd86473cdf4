// A coin daemon's RPC access for Native mode.
#include "core/coins/utxo/native/daemon_conf.h"

namespace walletd {
namespace {

std::string trim(const std::string& s) {
  const auto begin = s.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return "";
  const auto end = s.find_last_not_of(" \t\r");
  return s.substr(begin, end - begin + 1);
}

std::optional<std::uint16_t> portFrom(const std::string& text) {
  if (text.empty() || text.size() > 5 || text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  const unsigned long port = std::stoul(text);
  if (port == 0 || port > 65535) return std::nullopt;
  return static_cast<std::uint16_t>(port);
}

}  // namespace

std::map<std::string, std::string> parseDaemonConf(const std::string& text) {
  std::map<std::string, std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    line = trim(line);
    if (line.empty()) continue;
    if (line.front() == '[') break;  // network sections ([test], [regtest]) are the daemon's
    const auto eq = line.find('=');
    if (eq == std::string::npos) continue;
    out[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
  }
  return out;
}

DaemonRpcAccess daemonRpcAccess(const CoinEntry& coin, LocalFiles& files) {
  std::string path;
  if (auto confpath = coin.string("confpath")) {
    path = *confpath;
  } else {
    const auto name = coin.string("name");
    const auto home = files.homeDirectory();
    if (!name || !home)
      throw DaemonConfError("no confpath in the coins file and no home directory to look in");
    path = *home + "/." + *name + "/" + *name + ".conf";
  }
  const auto text = files.readText(path);
  if (!text) throw DaemonConfError("cannot read the coin daemon's conf file " + path);
  auto conf = parseDaemonConf(*text);
  DaemonRpcAccess access;
  access.user = conf["rpcuser"];
  access.password = conf["rpcpassword"];
  if (access.user.empty() || access.password.empty())
    throw DaemonConfError(path + " has no rpcuser or rpcpassword");
  std::optional<std::uint16_t> port;
  if (auto from_entry = coin.unsignedInt("rpcport")) {
    if (*from_entry > 0 && *from_entry <= 65535) port = static_cast<std::uint16_t>(*from_entry);
  } else if (conf.count("rpcport")) {
    port = portFrom(conf["rpcport"]);
  }
  if (!port) throw DaemonConfError("no valid rpcport in the coins file or in " + path);
  access.url = "http://127.0.0.1:" + std::to_string(*port);
  return access;
}

}  // namespace walletd
