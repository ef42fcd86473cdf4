// CoinFamily: one per family (EVM, TRON, UTXO, ...), listed once in coin_families.cpp. A family
// declares the coins-file protocol types it handles, how its platforms and tokens are activated
// through the shared entry points, and the methods only it has. Everything
// else reaches its coins through ActiveCoin.
#pragma once

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "core/async/task.h"
#include "core/coins/active_coin.h"
#include "core/coins/address_codec.h"
#include "core/coins/coins_config.h"
#include "core/coins/platform_activation_params.h"
#include "core/rpc/method_table.h"
#include "core/rpc/rpc_task_manager.h"

namespace walletd {

class Node;

// What an activation registers: the platform (or token) first, then its tokens, and the answer;
// `on_registered` starts what runs once the coins are registered (a UTXO coin's loops).
struct ActivatedCoins {
  std::vector<std::shared_ptr<ActiveCoin>> coins;
  Json result;
  std::function<void()> on_registered;
};

// A family's side of one activation entry point taking `Params` (activation_route.h). The route
// has already checked that the ticker is not active, that the coins file has it with a protocol
// this activator serves and that a wallet is open; after `activate` it checks for cancellation
// and registers the coins.
template <typename Params>
class CoinActivator {
 public:
  virtual ~CoinActivator() = default;
  virtual bool serves(const CoinEntry& entry) const = 0;
  // The family's checks that need no peer (answered by task init at once).
  virtual void check(Node&, const CoinEntry&, const Params&) const {}
  // Talks to the peers; reports progress on `handle`; must not register anything itself.
  virtual Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry, Params params,
                                        std::shared_ptr<RpcTaskHandle> handle) const = 0;
};

// A family's side of enable_eth_with_tokens / task::enable_eth::*. Its checks throw
// EnablePlatformError or InvalidRequest.
class PlatformActivator : public CoinActivator<PlatformActivationParams> {
 public:
  virtual std::string_view platformProtocol() const = 0;  // "ETH", "TRX"
  bool serves(const CoinEntry& entry) const override {
    return entry.protocol_type == platformProtocol();
  }
};

struct TokenActivationParams {
  std::string ticker;
  std::optional<std::uint32_t> required_confirmations;  // activation_params'
  std::optional<Json> protocol;  // KDF's custom-token form; the coins file is authoritative
  static const ObjectSchema<TokenActivationParams>& schema();
};

// A family's side of enable_erc20: `activate` finds the token's platform (EnableTokenError) and
// reads balances.
class TokenActivator : public CoinActivator<TokenActivationParams> {
 public:
  virtual std::string_view tokenProtocol() const = 0;  // "ERC20", "TRC20"
  bool serves(const CoinEntry& entry) const override {
    return entry.protocol_type == tokenProtocol();
  }
  virtual Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry,
                                        TokenActivationParams params) const = 0;
  Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry, TokenActivationParams params,
                                std::shared_ptr<RpcTaskHandle>) const override {
    return activate(node, entry, std::move(params));
  }
};

// A withdraw request field only one family reads (TRON's fee_method, ...): its name and its
// TypeScript type for the docs. The family parses it from WithdrawRequest::params itself.
struct WithdrawOption {
  std::string name;
  std::string ts_type;
};

// The withdraw options a family's schema of them declares (each field's type and comment).
template <typename T>
std::vector<WithdrawOption> withdrawOptionsOf(const ObjectSchema<T>& schema) {
  std::vector<WithdrawOption> out;
  for (const auto& [key, declaration] : schema.declarations())
    out.push_back({key, declaration.substr(declaration.find(": ") + 2)});
  return out;
}

class CoinFamily {
 public:
  virtual ~CoinFamily() = default;
  virtual std::string_view name() const = 0;  // "EVM"
  // Every coins-file protocol type of the family ({"ETH", "ERC20"}).
  virtual std::vector<std::string_view> protocolTypes() const = 0;
  virtual const PlatformActivator* platformActivator() const { return nullptr; }
  virtual const TokenActivator* tokenActivator() const { return nullptr; }
  // Methods only this family answers (e.g. EVM's swap fee policy).
  virtual void registerMethods(MethodTable&) const {}
  // KDF's legacy `enable` for this family's coins when the family answers it itself (UTXO:
  // Native mode); empty = the shared route activates platforms and tokens through the
  // activators above (activation_methods.cpp).
  virtual LegacyHandler legacyEnable() const { return {}; }
  // The withdraw fields only this family reads; another family's coin refuses them
  // (UnsupportedError) rather than ignore what the caller meant for another chain.
  virtual std::vector<WithdrawOption> withdrawOptions() const { return {}; }
  // How `coin` (one of this family's protocol types) writes addresses and keys; `coins` gives a
  // token's platform. Throws CoinRulesError when the entry lacks a field the family needs.
  virtual std::unique_ptr<AddressCodec> addressCodec(const CoinEntry& coin,
                                                     const CoinsConfig& coins) const = 0;
};

// The families a node runs with, looked up by protocol type.
class CoinFamilies {
 public:
  explicit CoinFamilies(std::vector<std::shared_ptr<const CoinFamily>> families);
  const CoinFamily* forProtocol(std::string_view protocol_type) const;
  // The codec of `coin`'s family; throws CoinRulesError when no family handles its protocol.
  std::unique_ptr<AddressCodec> codecFor(const CoinEntry& coin, const CoinsConfig& coins) const;
  const std::vector<std::shared_ptr<const CoinFamily>>& all() const { return families_; }

 private:
  std::vector<std::shared_ptr<const CoinFamily>> families_;
};

// The one list of this build's families (coin_families.cpp).
const CoinFamilies& builtInFamilies();

}  // namespace walletd
