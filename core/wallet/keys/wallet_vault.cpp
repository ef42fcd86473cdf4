// Sealed record: {"version":1,"kdf":"pbkdf2-hmac-sha512","iterations":N,"salt":hex,"nonce":hex,
// "ciphertext":hex}. The key is the first 32 bytes of PBKDF2 output.
#include "core/wallet/keys/wallet_vault.h"

#include <algorithm>

#include "core/crypto/aead.h"
#include "core/crypto/pbkdf2.h"
#include "core/crypto/secret.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

SecretArray<32> stretch(std::string_view password, ByteView salt, std::uint32_t iterations) {
  auto derived = pbkdf2HmacSha512(asBytes(password), salt, iterations);
  ScopedWipe wipe_derived(derived);
  return SecretArray<32>::copyOf(derived.data());
}

}  // namespace

Json sealMnemonic(std::string_view mnemonic, std::string_view password,
                  std::string_view wallet_name, Random& random, std::uint32_t iterations) {
  const Bytes salt = random.bytes(16);
  const Bytes nonce = random.bytes(12);
  const SecretArray<32> key = stretch(password, salt, iterations);
  const Bytes sealed = aes256GcmSeal(key, nonce, asBytes(mnemonic), asBytes(wallet_name));
  Json out = Json::object();
  out["version"] = 1;
  out["kdf"] = "pbkdf2-hmac-sha512";
  out["iterations"] = iterations;
  out["salt"] = toHex(salt);
  out["nonce"] = toHex(nonce);
  out["ciphertext"] = toHex(sealed);
  return out;
}

std::string openMnemonic(const Json& sealed, std::string_view password,
                         std::string_view wallet_name) {
  Bytes salt, nonce, ciphertext;
  std::uint32_t iterations = 0;
  try {
    if (sealed.value("version", 0) != 1 || sealed.value("kdf", "") != "pbkdf2-hmac-sha512") {
      throw VaultError(VaultError::Reason::Corrupt, "stored wallet has an unknown format");
    }
    iterations = sealed.at("iterations").get<std::uint32_t>();
    salt = fromHex(sealed.at("salt").get<std::string>());
    nonce = fromHex(sealed.at("nonce").get<std::string>());
    ciphertext = fromHex(sealed.at("ciphertext").get<std::string>());
  } catch (const VaultError&) {
    throw;
  } catch (const std::exception&) {
    throw VaultError(VaultError::Reason::Corrupt, "stored wallet record is damaged");
  }
  if (iterations == 0 || iterations > 10'000'000)
    throw VaultError(VaultError::Reason::Corrupt, "stored wallet record is damaged");
  const SecretArray<32> key = stretch(password, salt, iterations);
  auto plain = aes256GcmOpen(key, nonce, ciphertext, asBytes(wallet_name));
  if (!plain) throw VaultError(VaultError::Reason::WrongPassword, "wrong wallet_password");
  std::string out(plain->begin(), plain->end());
  wipe(*plain);
  return out;
}

}  // namespace walletd
