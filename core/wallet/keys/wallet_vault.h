// WalletVault: a mnemonic sealed at rest with the wallet password — PBKDF2-HMAC-SHA512 stretches
// the password (random salt, iteration count stored with the record), AES-256-GCM encrypts, and the
// wallet name is bound as associated data. Only the sealed record is ever written.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/platform/random.h"
#include "core/rpc/json.h"

namespace walletd {

struct VaultError : std::runtime_error {
  enum class Reason { WrongPassword, Corrupt };
  VaultError(Reason r, const std::string& message) : std::runtime_error(message), reason(r) {}
  Reason reason;
};

constexpr std::uint32_t kVaultIterations = 100000;

Json sealMnemonic(std::string_view mnemonic, std::string_view password,
                  std::string_view wallet_name, Random& random,
                  std::uint32_t iterations = kVaultIterations);
// Throws VaultError.
std::string openMnemonic(const Json& sealed, std::string_view password,
                         std::string_view wallet_name);

}  // namespace walletd
