// EVM accounts as the account-chain kit reads them, one node call at a time.
#include "core/coins/evm/eth_hd.h"

namespace walletd {
namespace {

class EthAccountPeer : public AccountChainPeer {
 public:
  explicit EthAccountPeer(EthPlatform& platform) : platform_(platform) {}
  std::string writeAddress(const EthAddress& account) const override {
    return eip55Checksum(account);
  }
  Task<UInt256> coinBalance(EthAddress account) override { return platform_.balanceWei(account); }
  Task<UInt256> tokenBalance(EthAddress contract, EthAddress account) override {
    return platform_.tokenBalance(contract, account);
  }
  Task<bool> accountUsed(EthAddress account) override {
    const UInt256 sent = co_await platform_.transactionCount(account, "latest");
    if (!sent.isZero()) co_return true;
    const UInt256 wei = co_await platform_.balanceWei(account);
    co_return !wei.isZero();
  }

 private:
  EthPlatform& platform_;
};

}  // namespace

std::unique_ptr<AccountChainPeer> ethAccountPeer(EthPlatform& platform) {
  return std::make_unique<EthAccountPeer>(platform);
}

}  // namespace walletd
