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

// base64(nonce ‖ AES-256-GCM(key, secret)) under `aad`: how this store keeps a 32-byte secret.
std::string sealSecret(const SecretArray<32>& key, Random& random, const SecretArray<32>& secret,
                       const std::string& aad) {
  const std::vector<std::uint8_t> nonce = random.bytes(12);
  const Bytes sealed = aes256GcmSeal(key, nonce, ByteView(secret.data(), 32), textBytes(aad));
  Bytes both(nonce.begin(), nonce.end());
  both.insert(both.end(), sealed.begin(), sealed.end());
  return base64Encode(both);
}

// The secret sealSecret sealed; nullopt when the text is not such a seal under this key and aad.
std::optional<SecretArray<32>> openSecret(const SecretArray<32>& key, const std::string& text,
                                          const std::string& aad) {
  Bytes sealed;
  try {
    sealed = base64Decode(text);
  } catch (const EncodingError&) {
    return std::nullopt;
  }
  if (sealed.size() <= 12) return std::nullopt;
  std::optional<Bytes> opened =
      aes256GcmOpen(key, ByteView(sealed.data(), 12),
                    ByteView(sealed.data() + 12, sealed.size() - 12), textBytes(aad));
  if (!opened || opened->size() != 32) return std::nullopt;
  const SecretArray<32> secret = SecretArray<32>::copyOf(opened->data());
  wipe(*opened);
  return secret;
}

std::optional<Session> openRecord(const SecretArray<32>& key, const std::string& text) {
  const Json record = Json::parse(text, nullptr, false);
  if (!record.is_object() || !record.value("sealed_key", Json()).is_string()) return std::nullopt;
  Session session = Session::fromRecord(record);
  std::optional<SecretArray<32>> sym =
      openSecret(key, record["sealed_key"].get<std::string>(), session.topic);
  if (!sym) return std::nullopt;
  session.sym_key = *sym;
  return session;
}

}  // namespace

Task<SecretArray<32>> SessionStore::relayClientSeed() {
  std::vector<std::uint8_t> fresh = random_.bytes(32);
  const SecretArray<32> seed = SecretArray<32>::copyOf(fresh.data());
  wipe(fresh.data(), fresh.size());
  if (!sealing_key_) co_return seed;
  // One identity per login: the record's key names the login by a hash of its sealing key.
  const ByteArray<32> login = sha256Bytes(ByteView(sealing_key_->data(), 32));
  const std::string record_key = std::string(kSeedKey) + "/" + toHex(ByteView(login.data(), 8));
  std::string ns = kClientNamespace;
  const std::optional<std::string> stored = co_await storage_.get(std::move(ns), record_key);
  if (stored) {
    std::optional<SecretArray<32>> kept = openSecret(*sealing_key_, *stored, record_key);
    if (kept) co_return *kept;
  }
  std::vector<StorageWrite> writes;
  writes.push_back({record_key, sealSecret(*sealing_key_, random_, seed, record_key)});
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
  Json record = session.recordWithoutKey();
  record["sealed_key"] = sealSecret(*sealing_key_, random_, session.sym_key, session.topic);
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
