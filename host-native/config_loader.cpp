// Configuration loading for the daemon.
#include "host-native/config_loader.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <unistd.h>

namespace walletd {

namespace {

std::string readFile(const std::string& path, const char* what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw ConfigError(std::string("cannot read the ") + what + " file " + path +
                      " (run `walletd --demo` for the embedded demo configuration)");
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::string envOr(const char* name, const char* fallback) {
  const char* value = std::getenv(name);
  return value && *value ? value : fallback;
}

}  // namespace

LaunchOptions parseArguments(const std::vector<std::string>& args) {
  LaunchOptions o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](const char* flag) -> std::string {
      if (i + 1 >= args.size()) throw ConfigError(std::string(flag) + " needs a value");
      return args[++i];
    };
    if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (a == "--methods-json") {
      o.methods_json = true;
    } else if (a == "--version") {
      o.version = true;
    } else if (a == "--demo") {
      o.demo = true;
    } else if (a == "--config") {
      o.config_path = value("--config");
    } else if (a == "--coins") {
      o.coins_path = value("--coins");
    } else if (a == "--rpcport") {
      const std::string port = value("--rpcport");
      if (port.empty() || port.size() > 5 ||
          port.find_first_not_of("0123456789") != std::string::npos) {
        throw ConfigError("--rpcport needs a port number");
      }
      o.rpcport = std::stoi(port);
    } else {
      throw ConfigError("unknown argument " + a + " (see walletd --help)");
    }
  }
  return o;
}

LoadedConfig loadConfig(const LaunchOptions& options) {
  std::string config_text, coins_text, source;
  if (options.demo) {
    config_text = kEmbeddedDemoConfig;
    source = "embedded demo configuration";
  } else {
    std::string path =
        options.config_path.empty() ? envOr("MM_CONF_PATH", "./MM2.json") : options.config_path;
    config_text = readFile(path, "configuration");
    source = path;
  }
  if (options.demo && options.coins_path.empty()) {
    coins_text = kEmbeddedCoins;
  } else {
    std::string path =
        options.coins_path.empty() ? envOr("MM_COINS_PATH", "./coins") : options.coins_path;
    coins_text = readFile(path, "coins");
  }
  Json conf = Json::parse(config_text, nullptr, false);
  if (conf.is_discarded())
    throw ConfigError("the configuration (" + source + ") is not valid JSON");
  if (options.rpcport && conf.is_object()) conf["rpcport"] = *options.rpcport;
  LoadedConfig loaded{NodeConfig::fromJson(conf), CoinsConfig(), source};
  try {
    loaded.coins = CoinsConfig::fromText(coins_text);
  } catch (const CoinsFileError& e) {
    throw ConfigError(std::string("coins file: ") + e.what());
  }
  if (options.demo) {
    // A fresh throwaway database per demo run.
    loaded.node.dbdir =
        envOr("TMPDIR", "/tmp") + std::string("/walletd-demo-") + std::to_string(::getpid());
  }
  return loaded;
}

}  // namespace walletd
