// ActivationRoute: the one route of every activation entry point (enable_eth_with_tokens,
// task::enable_eth::*, enable_erc20, task::enable_utxo::*, and the coming BCH, QTUM, Tendermint
// and ZHTLC ones). KDF's order of checks: the ticker not active, its coins-file entry, a
// well-formed protocol, an activator for that protocol, an open wallet, the activator's own
// checks; then the activation over the peers; and registration last, after a cancellation check
// and a second "not active" check (another call may have won meanwhile), so that a failed or
// cancelled activation registers nothing. An entry point declares only its request type, KDF's
// error words for it and how it finds the family's activator.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/coins/coin_family.h"
#include "core/coins/platform_activation_errors.h"
#include "core/coins/transport_error.h"
#include "core/node/node.h"

namespace walletd {

// How an entry point words its errors (KDF's error type per entry point, E).
template <typename E>
struct ActivationWords {
  E already_activated;
  E config_not_found;
  E protocol_parse_error;
  E unexpected_protocol;
  E transport;
  std::string noun;            // "Platform": "Platform X config is not found"
  std::string protocol_words;  // "platform protocol": "Unexpected platform protocol ETH for X"
  std::string (*already_message)(const std::string& ticker);
  // The answer when no wallet is open; null: no check (a token rides on an active platform).
  void (*no_wallet)(const std::string& ticker) = nullptr;
};

// The extra steps of an entry point whose request carries more than one ticker (a platform with
// its token requests): more "not active" checks, and what is replaced just before registering.
template <typename Params>
struct ActivationHooks {
  void (*also_not_active)(Node&, const Params&) = nullptr;
  void (*before_register)(Node&, const Params&) = nullptr;
};

inline constexpr const char* kNoWalletOpen =
    "no wallet is open: start walletd with a passphrase or a wallet_name";

// The words of KDF's platform-with-tokens entry points (EnablePlatformCoinWithTokensError:
// enable_eth_with_tokens, enable_bch_with_tokens, ...).
inline ActivationWords<EnablePlatformError> platformActivationWords() {
  return {EnablePlatformError::PlatformIsAlreadyActivated,
          EnablePlatformError::PlatformConfigIsNotFound,
          EnablePlatformError::CoinProtocolParseError,
          EnablePlatformError::UnexpectedPlatformProtocol,
          EnablePlatformError::Transport,
          "Platform",
          "platform protocol",
          [](const std::string& ticker) { return ticker; },
          [](const std::string&) {
            throw rpcError(EnablePlatformError::Internal, kNoWalletOpen, Json(kNoWalletOpen));
          }};
}

// The words of KDF's token entry points (EnableTokenError: enable_erc20,
// enable_tendermint_token, ...).
inline ActivationWords<EnableTokenError> tokenActivationWords() {
  return {EnableTokenError::TokenIsAlreadyActivated,
          EnableTokenError::TokenConfigIsNotFound,
          EnableTokenError::TokenProtocolParseError,
          EnableTokenError::UnexpectedTokenProtocol,
          EnableTokenError::Transport,
          "Token",
          "token protocol",
          [](const std::string& ticker) { return "Token " + ticker + " is already activated"; }};
}

// A platform activation's token request: refused (InvalidPayload) when the token is active, unless
// a passive platform (disable_coin without force_disable) keeps it — the activation replaces that
// platform and its tokens (replacePassivePlatform, the before_register hook).
inline void throwIfTokenActive(Node& node, const std::string& token) {
  const CoinRegistry& coins = node.activeCoins();
  auto active = coins.find(token);
  if (active && !(active->platform() && coins.isPassive(*active->platform())))
    throwInvalidPayload("Token " + token + " is already activated");
}

inline void replacePassivePlatform(Node& node, const std::string& ticker) {
  if (!node.activeCoins().isPassive(ticker)) return;
  for (const auto& coin : node.activeCoins().remove(ticker)) coin->onDisable();
}

template <typename Params, typename E>
class ActivationRoute {
 public:
  using FindActivator = std::function<const CoinActivator<Params>*(const CoinFamily&)>;

  ActivationRoute(ActivationWords<E> words, FindActivator find, ActivationHooks<Params> hooks = {})
      : words_(std::move(words)), find_(std::move(find)), hooks_(hooks) {}

  // Everything that needs no peer (a task's init answers these at once).
  void check(Node& node, const Params& p) const { route(node, p); }

  // The checks, the activation, and registration last; answers the activator's result.
  Task<Json> run(Node& node, Params p, std::shared_ptr<RpcTaskHandle> handle) const {
    const Routed routed = route(node, p);
    const Params checked = p;
    ActivatedCoins activated = co_await overTransport(
        routed.activator.activate(node, routed.entry, std::move(p), handle), words_.transport);
    handle->throwIfCancelled();
    checkNotActive(node, checked);
    if (hooks_.before_register) hooks_.before_register(node, checked);
    for (auto& coin : activated.coins) node.activeCoins().add(std::move(coin));
    if (activated.on_registered) activated.on_registered();
    co_return std::move(activated.result);
  }

 private:
  struct Routed {
    const CoinEntry& entry;
    const CoinActivator<Params>& activator;
  };

  void checkNotActive(Node& node, const Params& p) const {
    if (node.activeCoins().find(p.ticker)) {
      throw rpcError(words_.already_activated, words_.already_message(p.ticker), Json(p.ticker));
    }
    if (hooks_.also_not_active) hooks_.also_not_active(node, p);
  }

  Routed route(Node& node, const Params& p) const {
    checkNotActive(node, p);
    const CoinEntry* entry = node.coins().find(p.ticker);
    if (entry == nullptr) {
      throw rpcError(words_.config_not_found, words_.noun + " " + p.ticker + " config is not found",
                     Json(p.ticker));
    }
    throwIfMalformed(words_.protocol_parse_error, p.ticker, entry->malformed);
    const CoinFamily* family = node.families().forProtocol(entry->protocol_type);
    const CoinActivator<Params>* activator = family ? find_(*family) : nullptr;
    if (activator == nullptr || !activator->serves(*entry)) {
      throw rpcError(
          words_.unexpected_protocol,
          "Unexpected " + words_.protocol_words + " " + entry->protocolName() + " for " + p.ticker,
          Json{{"ticker", p.ticker}, {"protocol", entry->protocolJson()}});
    }
    if (words_.no_wallet && node.keys().mode() == WalletKeys::Mode::NoLogin)
      words_.no_wallet(p.ticker);
    activator->check(node, *entry, p);
    return {*entry, *activator};
  }

  ActivationWords<E> words_;
  FindActivator find_;
  ActivationHooks<Params> hooks_;
};

}  // namespace walletd
