// TronFamily: TRX platforms and TRC20 tokens — activated through enable_eth_with_tokens /
// task::enable_eth::* (protocol TRX) and enable_erc20 (protocol TRC20), with base58check
// addresses (0x41 prefix) and 0x-hex keys.
#pragma once

#include "core/coins/coin_family.h"
#include "core/coins/tron/tron_withdraw_options.h"

namespace walletd {

class TronPlatformActivator : public PlatformActivator {
 public:
  std::string_view platformProtocol() const override { return "TRX"; }
  void check(Node& node, const CoinEntry& entry,
             const PlatformActivationParams& params) const override;
  Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry, PlatformActivationParams params,
                                std::shared_ptr<RpcTaskHandle> handle) const override;
};

class Trc20TokenActivator : public TokenActivator {
 public:
  std::string_view tokenProtocol() const override { return "TRC20"; }
  Task<ActivatedCoins> activate(Node& node, const CoinEntry& entry,
                                TokenActivationParams params) const override;
};

class TronFamily : public CoinFamily {
 public:
  std::string_view name() const override { return "TRON"; }
  std::vector<std::string_view> protocolTypes() const override { return {"TRX", "TRC20"}; }
  std::vector<WithdrawOption> withdrawOptions() const override {
    return TronWithdrawOptions::declared();
  }
  const PlatformActivator* platformActivator() const override { return &platform_; }
  const TokenActivator* tokenActivator() const override { return &token_; }
  std::unique_ptr<AddressCodec> addressCodec(const CoinEntry&, const CoinsConfig&) const override;
  // gasless::trace_status and stream::gasless_trace::enable.
  void registerMethods(MethodTable& table) const override;

 private:
  TronPlatformActivator platform_;
  Trc20TokenActivator token_;
};

}  // namespace walletd
