// A WalletConnect session as walletd keeps it (walletd is always the proposer, the dApp side; the
// wallet is the controller), and KDF's SessionRpcInfo view of it for wc_get_session(s).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/crypto/secret.h"
#include "core/rpc/json.h"

namespace walletd::wc {

struct Session {
  std::string topic;
  std::string pairing_topic;
  SecretArray<32> sym_key;
  std::string controller_public_key;          // the wallet's X25519 key, hex
  Json controller_metadata = Json::object();  // {description, url, icons, name}
  Json namespaces = Json::object();           // {<ns>: {chains?, accounts, methods, events}}
  Json required_namespaces = Json::object();
  Json optional_namespaces = Json::object();
  Json session_properties;   // null or the wallet's sessionProperties
  std::uint64_t expiry = 0;  // unix seconds
  bool settled = false;

  // KDF's SessionRpcInfo: {topic, metadata, pairing_topic, namespaces, expiry}; every list in a
  // namespace sorted (KDF keeps them as sets), chains/accounts null when absent.
  Json rpcInfo() const;
  // The storage record without the key (sealed apart, session_store.h).
  Json recordWithoutKey() const;
  static Session fromRecord(const Json& record);

  // The CAIP-10 account the session gives for `chain` ("eip155:1"): the address part of the
  // first `<ns>:<ref>:<address>` whose chain is `chain`; nullopt when the session does not
  // list the chain (KDF's chain check: the namespace's chains, a namespace keyed by the chain,
  // or sessionProperties.keys[*].chainId).
  std::optional<std::string> accountFor(const std::string& chain) const;
  bool supportsChain(const std::string& chain) const;
  bool allowsMethod(const std::string& chain, const std::string& method) const;
};

}  // namespace walletd::wc
