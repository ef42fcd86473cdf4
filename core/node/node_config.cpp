// NodeConfig parsing.
#include "core/node/node_config.h"

#include "core/node/password_policy.h"

namespace walletd {

namespace {

bool readBool(const Json& conf, const char* key, bool fallback) {
  auto it = conf.find(key);
  if (it == conf.end() || it->is_null()) return fallback;
  if (!it->is_boolean()) throw ConfigError(std::string(key) + " must be a boolean");
  return it->get<bool>();
}

std::optional<std::string> readString(const Json& conf, const char* key) {
  auto it = conf.find(key);
  if (it == conf.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) throw ConfigError(std::string(key) + " must be string");
  return it->get<std::string>();
}

std::uint16_t readPort(const Json& conf) {
  auto it = conf.find("rpcport");
  if (it == conf.end() || it->is_null()) return 7783;
  std::uint64_t port = 0;
  if (it->is_number_integer() && it->get<std::int64_t>() >= 0) {
    port = it->get<std::uint64_t>();
  } else if (it->is_string()) {
    const std::string text = it->get<std::string>();
    if (text.empty() || text.size() > 6 ||
        text.find_first_not_of("0123456789") != std::string::npos) {
      throw ConfigError("rpcport must be a number, found \"" + text.substr(0, 20) + "\"");
    }
    port = std::stoull(text);
  } else {
    throw ConfigError("rpcport must be a number");
  }
  if (port != 0 && port < 1024) throw ConfigError("rpcport < 1024");
  if (port > 65535) throw ConfigError("rpcport > 65535");
  return static_cast<std::uint16_t>(port);
}

std::vector<std::string> readHostList(const Json& conf) {
  std::vector<std::string> hosts;
  auto it = conf.find("rpc_allowed_hosts");
  if (it == conf.end() || it->is_null()) return hosts;
  if (!it->is_array() || it->size() > 64) {
    throw ConfigError("rpc_allowed_hosts must be an array of at most 64 host names");
  }
  for (const Json& host : *it) {
    if (!host.is_string() || host.get<std::string>().empty() ||
        host.get<std::string>().size() > 253) {
      throw ConfigError("rpc_allowed_hosts entries must be host names of 1 to 253 characters");
    }
    hosts.push_back(host.get<std::string>());
  }
  return hosts;
}

StreamSettings readStreaming(const Json& conf) {
  StreamSettings settings;
  auto it = conf.find("event_streaming_configuration");
  if (it == conf.end() || it->is_null()) return settings;
  if (!it->is_object()) throw ConfigError("event_streaming_configuration must be an object");
  settings.enabled = true;
  if (auto origin = readString(*it, "access_control_allow_origin")) {
    settings.access_control_allow_origin = *origin;
  }
  return settings;
}

// A duration in whole seconds, 1 to 3600, of the object named `owner`; absent or null: none.
std::optional<std::uint64_t> readSeconds(const Json& object, const char* key, const char* owner) {
  auto it = object.find(key);
  if (it == object.end() || it->is_null()) return std::nullopt;
  if (!it->is_number_unsigned() || it->get<std::uint64_t>() < 1 || it->get<std::uint64_t>() > 3600)
    throw ConfigError(std::string(owner) + "." + key + " must be a number of seconds, 1 to 3600");
  return it->get<std::uint64_t>();
}

// {"relay_url": "ws(s)://…", "project_id": "…", "request_timeout_s": 1..3600}, each optional.
WalletConnectConfig readWalletConnect(const Json& conf) {
  WalletConnectConfig out;
  auto it = conf.find("wallet_connect");
  if (it == conf.end() || it->is_null()) return out;
  if (!it->is_object()) throw ConfigError("wallet_connect must be an object");
  if (auto url = readString(*it, "relay_url")) {
    if (url->rfind("ws://", 0) != 0 && url->rfind("wss://", 0) != 0)
      throw ConfigError("wallet_connect.relay_url must be a ws:// or wss:// URL");
    out.relay_url = *url;
  }
  if (auto id = readString(*it, "project_id")) out.project_id = *id;
  if (auto s = readSeconds(*it, "request_timeout_s", "wallet_connect")) out.request_timeout_s = *s;
  return out;
}

// "host:port" with a port 1..65535.
bool isHostPort(const std::string& text) {
  const std::size_t colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == text.size()) return false;
  const std::string port = text.substr(colon + 1);
  if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) return false;
  const unsigned long value = std::stoul(port);
  return value >= 1 && value <= 65535;
}

// {"transport": "bridge" | "usb" | "udp" | "webusb", "bridge_url": "http(s)://…", "udp_address":
// "host:port", "connect_timeout_s": 1..3600}, each optional.
TrezorConfig readTrezor(const Json& conf) {
  TrezorConfig out;
  auto it = conf.find("trezor");
  if (it == conf.end() || it->is_null()) return out;
  if (!it->is_object()) throw ConfigError("trezor must be an object");
  if (auto url = readString(*it, "bridge_url")) {
    if (url->rfind("http://", 0) != 0 && url->rfind("https://", 0) != 0)
      throw ConfigError("trezor.bridge_url must be an http:// or https:// URL");
    while (!url->empty() && url->back() == '/') url->pop_back();
    out.bridge_url = *url;
  }
  if (auto transport = readString(*it, "transport")) {
    if (*transport != "bridge" && *transport != "udp" && *transport != "usb" &&
        *transport != "webusb")
      throw ConfigError(R"(trezor.transport must be "bridge", "usb", "udp" or "webusb")");
    out.transport = *transport;
  }
  if (auto address = readString(*it, "udp_address")) {
    if (!isHostPort(*address)) throw ConfigError("trezor.udp_address must be host:port");
    out.udp_address = *address;
  }
  if (auto s = readSeconds(*it, "connect_timeout_s", "trezor")) out.connect_timeout_s = *s;
  return out;
}

}  // namespace

NodeConfig NodeConfig::fromJson(const Json& conf) {
  if (!conf.is_object()) throw ConfigError("the configuration must be a JSON object");
  NodeConfig c;
  c.allow_weak_password = readBool(conf, "allow_weak_password", false);
  if (conf.contains("rpc_password") && !conf["rpc_password"].is_null()) {
    if (!conf["rpc_password"].is_string()) throw ConfigError("rpc_password must be string");
    std::string password = conf["rpc_password"].get<std::string>();
    if (password.empty()) throw ConfigError("rpc_password must not be empty");
    if (!c.allow_weak_password) {
      if (auto violation = passwordPolicyViolation(password)) {
        throw ConfigError("rpc_password does not meet the password policy: " + *violation +
                          " (set allow_weak_password to accept it)");
      }
    }
    c.rpc_password = std::move(password);
  }
  c.rpc_local_only = readBool(conf, "rpc_local_only", true);
#ifdef NDEBUG
  c.check_result_types = readBool(conf, "check_result_types", false);
#else
  c.check_result_types = readBool(conf, "check_result_types", true);
#endif
  c.rpcip = readString(conf, "rpcip").value_or("127.0.0.1");
  c.rpcport = readPort(conf);
  c.rpccors = readString(conf, "rpccors").value_or("http://localhost:3000");
  c.rpc_allowed_hosts = readHostList(conf);
  c.dbdir = readString(conf, "dbdir").value_or("DB");
  if (c.dbdir.empty()) throw ConfigError("dbdir must not be empty");
  c.enable_hd = readBool(conf, "enable_hd", false);
  if (conf.contains("passphrase") && !conf["passphrase"].is_null()) {
    if (!conf["passphrase"].is_string()) throw ConfigError("passphrase must be a string");
    c.passphrase = conf["passphrase"].get<std::string>();
  }
  if (conf.contains("wallet_name") && !conf["wallet_name"].is_null()) {
    if (!conf["wallet_name"].is_string()) throw ConfigError("wallet_name must be a string");
    c.wallet_name = conf["wallet_name"].get<std::string>();
    if (c.wallet_name->empty() || c.wallet_name->size() > 255) {
      throw ConfigError("wallet_name must have 1 to 255 characters");
    }
  }
  if (conf.contains("wallet_password") && !conf["wallet_password"].is_null()) {
    if (!conf["wallet_password"].is_string()) throw ConfigError("wallet_password must be a string");
    c.wallet_password = conf["wallet_password"].get<std::string>();
  }
  c.streaming = readStreaming(conf);
  c.wallet_connect = readWalletConnect(conf);
  c.trezor = readTrezor(conf);
  return c;
}

}  // namespace walletd
