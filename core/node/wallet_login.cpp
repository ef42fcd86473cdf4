// Wallet login.
#include "core/node/wallet_login.h"

#include "core/crypto/constant_time.h"
#include "core/crypto/secret.h"
#include "core/node/password_policy.h"
#include "core/wallet/keys/bip39.h"
#include "core/wallet/keys/wallet_vault.h"

namespace walletd {
namespace {

const char* const kWalletNamespace = "wallet";

std::string mnemonicKey(const std::string& wallet_name) {
  return "mnemonic/" + wallet_name;
}

WalletKeys keysFrom(std::string_view passphrase, bool enable_hd) {
  try {
    return WalletKeys::fromPassphrase(passphrase, enable_hd);
  } catch (const WalletKeysError& e) {
    throw ConfigError(e.what());
  }
}

std::string openStored(const std::string& text, const NodeConfig& config) {
  const Json sealed = Json::parse(text, nullptr, false);
  try {
    return openMnemonic(sealed, *config.wallet_password, *config.wallet_name);
  } catch (const VaultError& e) {
    if (e.reason == VaultError::Reason::WrongPassword) {
      throw ConfigError("wallet_password is wrong for wallet '" + *config.wallet_name + "'");
    }
    throw ConfigError("the stored wallet '" + *config.wallet_name +
                      "' cannot be read: " + e.what());
  }
}

}  // namespace

Task<WalletKeys> loginWallet(const NodeConfig& config, Storage& storage, Random& random) {
  if (!config.wallet_name) {
    if (!config.passphrase) co_return WalletKeys::noLogin();
    co_return keysFrom(*config.passphrase, config.enable_hd);
  }
  if (!config.wallet_password)
    throw ConfigError("wallet_password is required when wallet_name is set");
  const std::string key = mnemonicKey(*config.wallet_name);
  std::optional<std::string> stored = co_await storage.get(kWalletNamespace, key);
  std::string mnemonic;
  if (stored) {
    mnemonic = openStored(*stored, config);
    if (config.passphrase && !constantTimeEquals(*config.passphrase, mnemonic)) {
      wipe(mnemonic);
      throw ConfigError("passphrase does not match the one stored for wallet '" +
                        *config.wallet_name + "'");
    }
  } else {
    if (config.wallet_password->empty()) throw ConfigError("wallet_password cannot be empty");
    if (!config.allow_weak_password) {
      if (auto violation = passwordPolicyViolation(*config.wallet_password)) {
        throw ConfigError("wallet_password does not meet the password policy: " + *violation +
                          " (set allow_weak_password to accept it)");
      }
    }
    if (config.passphrase) {
      mnemonic = *config.passphrase;
    } else {
      Bytes entropy = random.bytes(16);
      mnemonic = mnemonicFromEntropy(entropy);
      wipe(entropy);
    }
    std::vector<StorageWrite> writes;
    writes.push_back(
        {key, sealMnemonic(mnemonic, *config.wallet_password, *config.wallet_name, random).dump()});
    co_await storage.applyBatch(kWalletNamespace, std::move(writes));
  }
  WalletKeys keys = keysFrom(mnemonic, config.enable_hd);
  wipe(mnemonic);
  co_return keys;
}

}  // namespace walletd
