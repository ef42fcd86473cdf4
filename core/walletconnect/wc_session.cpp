// Session records and views (wc_session.h).
#include "core/walletconnect/wc_session.h"

#include <algorithm>

namespace walletd::wc {
namespace {

// A string member of a wallet-given object, "" when absent or of another type.
std::string textOf(const Json& object, const char* key) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_string()) return "";
  return object[key].get<std::string>();
}

Json sortedList(const Json& list) {
  if (!list.is_array()) return Json();
  std::vector<std::string> items;
  for (const Json& item : list)
    if (item.is_string()) items.push_back(item.get<std::string>());
  std::sort(items.begin(), items.end());
  items.erase(std::unique(items.begin(), items.end()), items.end());
  return Json(items);
}

std::string namespaceOf(const std::string& chain) {
  return chain.substr(0, chain.find(':'));
}

// The session's namespace for `chain`: keyed by its namespace, or by the chain itself.
const Json* namespaceFor(const Json& namespaces, const std::string& chain) {
  if (!namespaces.is_object()) return nullptr;
  for (const std::string& key : {namespaceOf(chain), chain}) {
    auto it = namespaces.find(key);
    if (it != namespaces.end() && it->is_object()) return &*it;
  }
  return nullptr;
}

bool listHas(const Json& ns, const char* list, const std::string& value) {
  if (!ns.contains(list) || !ns[list].is_array()) return false;
  return std::any_of(ns[list].begin(), ns[list].end(),
                     [&](const Json& item) { return item.is_string() && item == value; });
}

}  // namespace

Json Session::rpcInfo() const {
  Json spaces = Json::object();
  const Json all = namespaces.is_object() ? namespaces : Json::object();
  for (const auto& [key, ns] : all.items()) {
    if (!ns.is_object()) continue;
    spaces[key] = Json{{"chains", sortedList(ns.value("chains", Json()))},
                       {"accounts", sortedList(ns.value("accounts", Json()))},
                       {"methods", sortedList(ns.value("methods", Json::array()))},
                       {"events", sortedList(ns.value("events", Json::array()))}};
  }
  Json icons = Json::array();  // in the wallet's order (KDF keeps a list, not a set)
  if (controller_metadata.is_object() && controller_metadata.contains("icons") &&
      controller_metadata["icons"].is_array()) {
    for (const Json& icon : controller_metadata["icons"])
      if (icon.is_string()) icons.push_back(icon);
  }
  Json metadata{{"description", textOf(controller_metadata, "description")},
                {"url", textOf(controller_metadata, "url")},
                {"icons", icons},
                {"name", textOf(controller_metadata, "name")}};
  return Json{{"topic", topic},
              {"metadata", std::move(metadata)},
              {"pairing_topic", pairing_topic},
              {"namespaces", std::move(spaces)},
              {"expiry", expiry}};
}

Json Session::recordWithoutKey() const {
  return Json{{"topic", topic},
              {"pairing_topic", pairing_topic},
              {"controller_public_key", controller_public_key},
              {"controller_metadata", controller_metadata},
              {"namespaces", namespaces},
              {"required_namespaces", required_namespaces},
              {"optional_namespaces", optional_namespaces},
              {"session_properties", session_properties},
              {"expiry", expiry},
              {"settled", settled}};
}

Session Session::fromRecord(const Json& r) {
  Session s;
  s.topic = r.value("topic", "");
  s.pairing_topic = r.value("pairing_topic", "");
  s.controller_public_key = r.value("controller_public_key", "");
  s.controller_metadata = r.value("controller_metadata", Json::object());
  s.namespaces = r.value("namespaces", Json::object());
  s.required_namespaces = r.value("required_namespaces", Json::object());
  s.optional_namespaces = r.value("optional_namespaces", Json::object());
  s.session_properties = r.value("session_properties", Json());
  s.expiry = r.value("expiry", std::uint64_t{0});
  s.settled = r.value("settled", false);
  return s;
}

bool Session::supportsChain(const std::string& chain) const {
  if (const Json* ns = namespaceFor(namespaces, chain)) {
    if (!ns->contains("chains") || !(*ns)["chains"].is_array()) {
      if (namespaces.contains(chain)) return true;
    } else if (listHas(*ns, "chains", chain)) {
      return true;
    }
  }
  const Json& keys =
      session_properties.is_object() ? session_properties.value("keys", Json()) : Json();
  Json list = keys.is_string() ? Json::parse(keys.get<std::string>(), nullptr, false) : keys;
  if (!list.is_array()) return false;
  const std::string reference = chain.substr(chain.find(':') + 1);
  return std::any_of(list.begin(), list.end(), [&](const Json& key) {
    return key.is_object() && key.value("chainId", Json()) == reference;
  });
}

std::optional<std::string> Session::accountFor(const std::string& chain) const {
  if (!supportsChain(chain)) return std::nullopt;
  const Json* ns = namespaceFor(namespaces, chain);
  if (!ns || !ns->contains("accounts") || !(*ns)["accounts"].is_array()) return std::nullopt;
  for (const Json& account : (*ns)["accounts"]) {
    if (!account.is_string()) continue;
    const std::string text = account.get<std::string>();
    const std::size_t last = text.rfind(':');
    if (last != std::string::npos && text.substr(0, last) == chain) return text.substr(last + 1);
  }
  return std::nullopt;
}

bool Session::allowsMethod(const std::string& chain, const std::string& method) const {
  const Json* ns = namespaceFor(namespaces, chain);
  return ns && listHas(*ns, "methods", method);
}

}  // namespace walletd::wc
