// TRON platform activation (enable_eth_with_tokens / task::enable_eth::*, routed here by
// protocol type TRX): checks that need no node (answered by init at once), the key (the Iguana
// key, or the HD wallet with its stored accounts), the node (getnowblock: it must speak TRON's
// HTTP API), the token plans, balances (HD: scan first, per scan_policy), and the HD accounts
// saved. The shared entry point registers the coins after a cancellation check.
#include <algorithm>

#include "core/coins/account_chain_activation.h"
#include "core/coins/hd_platform_wallet.h"
#include "core/coins/iguana_activation_result.h"
#include "core/coins/platform_activation_errors.h"
#include "core/coins/tron/gasless/gasless_activation.h"
#include "core/coins/tron/trc20_token_plan.h"
#include "core/coins/tron/tron_coins.h"
#include "core/coins/tron/tron_family.h"
#include "core/coins/tron/tron_hd.h"
#include "core/encoding/hex.h"
#include "core/encoding/tron_address.h"
#include "core/node/node.h"

namespace walletd {
namespace {

std::vector<Trc20TokenPlan> tokenPlans(Node& node, const PlatformActivationParams& p) {
  std::vector<Trc20TokenPlan> plans;
  for (const TokenRequest& request : p.tokens) {
    plans.push_back(planTrc20Token(node.coins().find(request.ticker), p.ticker, request.ticker,
                                   request.required_confirmations));
  }
  return plans;
}

void checkNetwork(const CoinEntry& entry) {
  const auto network = entry.protocolString("network");
  if (!network || (*network != "Mainnet" && *network != "Nile" && *network != "Shasta")) {
    throwPlatformCreationError(
        entry.ticker, "the coins file's protocol_data.network must be Mainnet, Nile or Shasta");
  }
}

}  // namespace

void TronPlatformActivator::check(Node& node, const CoinEntry& entry,
                                  const PlatformActivationParams& p) const {
  if (p.nodes.empty()) {
    const std::string message = "Enable request for TRX coin must have at least 1 node";
    throw rpcError(EnablePlatformError::AtLeastOneNodeRequired, message, Json(message));
  }
  if (p.priv_key_policy.type != "ContextPrivKey") {
    const std::string message = "priv_key_policy " + p.priv_key_policy.type.substr(0, 60) +
                                " is not available for TRON on this host";
    throw rpcError(EnablePlatformError::PrivKeyPolicyNotAllowed, message, Json(message));
  }
  checkNetwork(entry);
  tokenPlans(node, p);
  readTokenGasless(p, readRelayProvider(entry, p) != nullptr);
}

Task<ActivatedCoins> TronPlatformActivator::activate(Node& node, const CoinEntry& entry,
                                                     PlatformActivationParams p,
                                                     std::shared_ptr<RpcTaskHandle> handle) const {
  const std::vector<Trc20TokenPlan> plans = tokenPlans(node, p);
  const auto relay_config = readRelayProvider(entry, p);
  const auto token_caps = readTokenGasless(p, relay_config != nullptr);
  std::optional<HdPlatformWallet> hd;
  if (node.keys().mode() == WalletKeys::Mode::HD)
    hd = co_await openHdPlatformWallet(node, entry, p);
  KeccakAccountKey key = hd ? hd->hd->keccakKeyAt(hd->activated)
                            : KeccakAccountKey::fromKey(node.keys().iguanaKey(), "");
  auto platform = std::make_shared<TronPlatform>(
      p.ticker, TronNodeClient(node.http(), p.nodes, 15000, &node.clock(), node.keys().p2pKey()),
      std::move(key), hd ? hd->hd : nullptr, node.clock());
  TronBlockRef block;
  try {
    block = co_await platform->node().nowBlock();
  } catch (const TronNodeMisbehaved& e) {
    throwPlatformCreationError(p.ticker,
                               std::string("the node does not speak TRON's HTTP API: ") + e.what());
  }
  std::shared_ptr<TronRelay> relay;
  if (relay_config) {
    const RelayNetwork& network = *relayNetwork(entry.protocolString("network").value_or(""));
    relay = std::make_shared<TronRelay>(network, relay_config, node.http(), node.clock(),
                                        node.storage(), p.ticker, node.keys().p2pKey());
    co_await checkRelayAddress(*relay, platform->key().account, p.ticker);
    platform->setRelay(relay);
    // Transfers submitted before a restart are followed again.
    const std::vector<StoredTrace> stored = co_await relay->store().load();
    const std::vector<EthAddress> mine = platform->knownAccounts();  // derived once
    for (const StoredTrace& trace : stored) {
      if (std::find(mine.begin(), mine.end(), trace.user) != mine.end())
        relay->traces().follow(trace.coin, trace.decimals, trace.trace_id, trace.user,
                               trace.last_state);
    }
  }
  std::vector<std::shared_ptr<Trc20Token>> tokens;
  for (const Trc20TokenPlan& plan : plans) {
    auto token = std::make_shared<Trc20Token>(plan.ticker, platform, plan.contract, plan.decimals,
                                              plan.required_confirmations);
    const auto cap = token_caps.find(plan.ticker);
    if (cap != token_caps.end() && cap->second) {
      const auto units = UInt256::fromDecimal(cap->second->str(), plan.decimals);
      if (!units) throwInvalidPayload("TRON token gasless.transfer_max_fee is out of range");
      token->setTransferMaxFee(*units);
    }
    tokens.push_back(std::move(token));
  }
  AccountChainFinish finish{block.number, toHex(platform->key().public_key.uncompressed()),
                            TronPlatform::kDecimals, tronAccountPeer(*platform)};
  ActivatedCoins out = co_await finishAccountChainActivation(
      node, platform, std::move(tokens), std::move(hd), std::move(p), handle, std::move(finish));
  if (relay) addRelayAddresses(out.result, *relay);
  co_return out;
}

}  // namespace walletd
