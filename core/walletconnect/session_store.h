// SessionStore: settled WalletConnect sessions in walletd's storage (namespace `wc_sessions`, one
// record per session topic), so a restart reconnects to the same wallets. Unlike KDF, which
// stores the symmetric key in clear, the key is sealed with AES-256-GCM under a key derived from
// the logged-in wallet (WalletKeys::sealingKey), the topic as associated data. Without a login
// there is no sealing key and sessions live in memory only. The relay client's identity is kept
// beside them (namespace `wc_client`).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/platform/random.h"
#include "core/platform/storage.h"
#include "core/walletconnect/wc_session.h"

namespace walletd::wc {

class SessionStore {
 public:
  SessionStore(Storage& storage, Random& random, std::optional<SecretArray<32>> sealing_key)
      : storage_(storage), random_(random), sealing_key_(std::move(sealing_key)) {}

  bool persistent() const { return sealing_key_.has_value(); }
  // Every stored session whose key opens (a record of another wallet's login is skipped).
  Task<std::vector<Session>> loadAll();
  Task<void> save(const Session& session);
  Task<void> erase(std::string topic);
  // The seed of the relay login key, made once and kept (sealed) so walletd stays the same relay
  // client across restarts: the relay delivers a topic's stored messages to every client but
  // their publisher, so a new identity would get its own earlier requests back. Random per
  // process without a login.
  Task<SecretArray<32>> relayClientSeed();

 private:
  Storage& storage_;
  Random& random_;
  std::optional<SecretArray<32>> sealing_key_;
};

}  // namespace walletd::wc
