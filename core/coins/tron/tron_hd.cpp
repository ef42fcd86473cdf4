// TRON accounts as the account-chain kit reads them, one node call at a time.
#include "core/coins/tron/tron_hd.h"

#include "core/coins/account_chain_hd_setup.h"

namespace walletd {
namespace {

class TronAccountPeer : public AccountChainPeer {
 public:
  explicit TronAccountPeer(TronPlatform& platform) : platform_(platform) {}
  std::string writeAddress(const EthAddress& account) const override { return tronBase58(account); }
  Task<UInt256> coinBalance(EthAddress account) override {
    const std::uint64_t sun = co_await platform_.balanceSun(account);
    co_return UInt256(sun);
  }
  Task<UInt256> tokenBalance(EthAddress contract, EthAddress account) override {
    return platform_.tokenBalance(contract, account);
  }
  // An account the node knows has received TRX at least once.
  Task<bool> accountUsed(EthAddress account) override {
    const std::optional<TronAccountState> state = co_await platform_.node().account(account);
    co_return state.has_value();
  }

 private:
  TronPlatform& platform_;
};

}  // namespace

std::unique_ptr<AccountChainPeer> tronAccountPeer(TronPlatform& platform) {
  return std::make_unique<TronAccountPeer>(platform);
}

}  // namespace walletd
