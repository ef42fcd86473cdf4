// The EVM family: protocol types ETH (platforms: ETH and every chain of that type) and ERC20
// (tokens), activated through enable_eth_with_tokens / task::enable_eth::* and enable_erc20;
// its own methods are the swap fee policy ones.
#pragma once

#include "core/coins/coin_family.h"

namespace walletd {

class EthPlatformActivator : public PlatformActivator {
 public:
  std::string_view platformProtocol() const override { return "ETH"; }
  void check(Node& node, const CoinEntry& entry,
             const PlatformActivationParams& params) const override;
  Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry, PlatformActivationParams params,
                                std::shared_ptr<RpcTaskHandle> handle) const override;
};

class Erc20TokenActivator : public TokenActivator {
 public:
  std::string_view tokenProtocol() const override { return "ERC20"; }
  Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry,
                                TokenActivationParams params) const override;
};

class EvmFamily : public CoinFamily {
 public:
  std::string_view name() const override { return "EVM"; }
  // NFT entries have EVM addresses; walletd does not activate them (UnexpectedPlatformProtocol).
  std::vector<std::string_view> protocolTypes() const override { return {"ETH", "ERC20", "NFT"}; }
  const PlatformActivator* platformActivator() const override { return &platform_; }
  const TokenActivator* tokenActivator() const override { return &token_; }
  void registerMethods(MethodTable& table) const override;
  std::unique_ptr<AddressCodec> addressCodec(const CoinEntry& coin,
                                             const CoinsConfig& coins) const override;

 private:
  EthPlatformActivator platform_;
  Erc20TokenActivator token_;
};

}  // namespace walletd
