// Sealed session records (session_store.h).
#include "core/walletconnect/session_store.h"

#include "core/crypto/aead.h"
#include "core/crypto/hashes.h"
#include "core/encoding/base64.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"

namespace walletd::wc {
namespace {

constexpr const char* kNamespace = "wc_sessions";
constexpr const char* kClientNamespace = "wc_client";
constexpr const char* kSeedKey = "relay_login_seed";

ByteView textBytes(const std::string& text) {
  return ByteView(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
}

std::optional<Session> openRecord(const SecretArray<32>& key, const std::string& text) {
  const Json record = Json::parse(text, nullptr, false);
  if (!record.is_object() || !record.value("sealed_key", Json()).is_string()) return std::nullopt;
  Session session = Session::fromRecord(record);
  Bytes sealed;
  try {
    sealed = base64Decode(record["sealed_key"].get<std::string>());
  } catch (const EncodingError&) {
    return std::nullopt;
  }
  if (sealed.size() < 12) return std::nullopt;
  std::optional<Bytes> sym =
      aes256GcmOpen(key, ByteView(sealed.data(), 12),
                    ByteView(sealed.data() + 12, sealed.size() - 12), textBytes(session.topic));
  if (!sym || sym->size() != 32) return std::nullopt;
  session.sym_key = SecretArray<32>::copyOf(sym->data());
  wipe(*sym);
  return session;
}

}  // namespace

Task<SecretArray<32>> SessionStore::relayClientSeed() {
  const std::vector<std::uint8_t> fresh = random_.bytes(32);
  SecretArray<32> seed = SecretArray<32>::copyOf(fresh.data());
  if (!sealing_key_) co_return seed;
  // One identity per login: the record's key names the login by a hash of its sealing key.
  const ByteArray<32> login = sha256Bytes(ByteView(sealing_key_->data(), 32));
  const std::string record_key = std::string(kSeedKey) + "/" + toHex(ByteView(login.data(), 8));
  std::string ns = kClientNamespace;
  const std::optional<std::string> stored = co_await storage_.get(std::move(ns), record_key);
  if (stored) {
    Bytes sealed;
    try {
      sealed = base64Decode(*stored);
    } catch (const EncodingError&) {
    }
    std::optional<Bytes> opened;
    if (sealed.size() > 12)
      opened =
          aes256GcmOpen(*sealing_key_, ByteView(sealed.data(), 12),
                        ByteView(sealed.data() + 12, sealed.size() - 12), textBytes(record_key));
    if (opened && opened->size() == 32) {
      seed = SecretArray<32>::copyOf(opened->data());
      wipe(*opened);
      co_return seed;
    }
  }
  const std::vector<std::uint8_t> nonce = random_.bytes(12);
  const Bytes sealed =
      aes256GcmSeal(*sealing_key_, nonce, ByteView(seed.data(), 32), textBytes(record_key));
  Bytes both(nonce.begin(), nonce.end());
  both.insert(both.end(), sealed.begin(), sealed.end());
  std::vector<StorageWrite> writes;
  writes.push_back({record_key, base64Encode(both)});
  std::string write_ns = kClientNamespace;
  co_await storage_.applyBatch(std::move(write_ns), std::move(writes));
  co_return seed;
}

Task<std::vector<Session>> SessionStore::loadAll() {
  std::vector<Session> out;
  if (!sealing_key_) co_return out;
  std::string ns = kNamespace;
  std::string prefix;
  const StorageEntries entries = co_await storage_.scanPrefix(std::move(ns), std::move(prefix));
  for (const auto& [topic, text] : entries) {
    std::optional<Session> session = openRecord(*sealing_key_, text);
    if (session && session->topic == topic) out.push_back(std::move(*session));
  }
  co_return out;
}

Task<void> SessionStore::save(const Session& session) {
  if (!sealing_key_) co_return;
  const std::vector<std::uint8_t> nonce = random_.bytes(12);
  const Bytes sealed = aes256GcmSeal(*sealing_key_, nonce, ByteView(session.sym_key.data(), 32),
                                     textBytes(session.topic));
  Bytes both(nonce.begin(), nonce.end());
  both.insert(both.end(), sealed.begin(), sealed.end());
  Json record = session.recordWithoutKey();
  record["sealed_key"] = base64Encode(both);
  std::vector<StorageWrite> writes;
  writes.push_back({session.topic, record.dump()});
  std::string ns = kNamespace;
  co_await storage_.applyBatch(std::move(ns), std::move(writes));
}

Task<void> SessionStore::erase(std::string topic) {
  if (!sealing_key_) co_return;
  std::vector<StorageWrite> writes;
  writes.push_back({std::move(topic), std::nullopt});
  std::string ns = kNamespace;
  co_await storage_.applyBatch(std::move(ns), std::move(writes));
}

}  // namespace walletd::wc
