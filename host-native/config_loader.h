// Reads the daemon's configuration like KDF: MM_CONF_PATH (default ./MM2.json) and MM_COINS_PATH
// (default ./coins), or --config / --coins, or --demo for the embedded demo configuration.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/coins/coins_config.h"
#include "core/node/node_config.h"

namespace walletd {

struct LaunchOptions {
  bool help = false;
  bool methods_json = false;  // --methods-json: the method table as JSON, for the docs generator
  bool version = false;
  bool demo = false;
  std::string config_path;
  std::string coins_path;
  std::optional<int> rpcport;  // --rpcport overrides the configuration's
};

// Throws ConfigError for unknown or incomplete arguments.
LaunchOptions parseArguments(const std::vector<std::string>& args);

struct LoadedConfig {
  NodeConfig node;
  CoinsConfig coins;
  std::string described_source;  // for the start-up line
};

// Throws ConfigError with one clear sentence (never the file's secret values).
LoadedConfig loadConfig(const LaunchOptions& options);

// Embedded files (generated from config/ at build time).
extern const char* const kEmbeddedDemoConfig;
extern const char* const kEmbeddedCoins;

}  // namespace walletd
