// The account-chain kit's HD side: HD wallets for families where an address is one key and
// holds a platform coin and tokens (EVM, TRON; Tendermint next). The family says how its peer
// reads one account (AccountChainPeer) and which tokens are active on the platform; the kit is
// the HdCoin the shared HD methods use (get_new_address, account_balance, task::*), and the scan
// and the balance report of the family's activation.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/async/task.h"
#include "core/coins/hd_coin.h"
#include "core/encoding/eth_address.h"
#include "core/encoding/uint256.h"

namespace walletd {

// One account as the family's peer answers for it.
class AccountChainPeer {
 public:
  virtual ~AccountChainPeer() = default;
  virtual std::string writeAddress(const EthAddress& account) const = 0;
  // The platform coin's balance, in its smallest unit.
  virtual Task<UInt256> coinBalance(EthAddress account) = 0;
  virtual Task<UInt256> tokenBalance(EthAddress contract, EthAddress account) = 0;
  // Whether the account was used apart from its token balances (sent a transaction, holds the
  // coin, exists on chain).
  virtual Task<bool> accountUsed(EthAddress account) = 0;
};

struct AccountChainToken {
  std::string ticker;
  unsigned decimals = 0;
  EthAddress contract{};
};

class AccountChainHd : public HdCoin {
 public:
  using Tokens = std::function<std::vector<AccountChainToken>()>;
  using Save = std::function<Task<void>()>;

  // `coin` is the platform's column; `tokens` lists the tokens registered on it now (the node's
  // registry); `save` stores the wallet's accounts.
  AccountChainHd(std::shared_ptr<HdWallet> hd, HdBalanceColumn coin, std::uint32_t gap_limit,
                 std::unique_ptr<AccountChainPeer> peer, Tokens tokens, Save save,
                 Executor& executor);

  HdWallet& hdWallet() override { return *hd_; }
  std::uint32_t gapLimit() const override { return gap_limit_; }
  std::vector<HdBalanceColumn> hdColumns() const override;
  Task<std::vector<HdAddressReading>> readAddresses(std::vector<HdAddressRef> refs) override;
  // Used: accountUsed, or a balance of any active token (KDF's rule for EVM).
  Task<std::vector<bool>> addressesUsed(std::vector<HdAddressRef> refs) override;
  Task<void> addressesAdded(std::vector<HdAddressRef> refs) override;

  // The activation's side, with the tokens it is activating (not registered yet): KDF's
  // gap-limit scan of every known account, and the report.
  Task<void> scan(std::uint32_t gap_limit, std::vector<AccountChainToken> tokens);
  Task<WalletBalanceInfo> walletBalance(std::vector<AccountChainToken> tokens);

 private:
  std::vector<HdBalanceColumn> columns(const std::vector<AccountChainToken>& tokens) const;
  Task<HdAddressReading> readOne(HdAddressRef ref, const std::vector<AccountChainToken>& tokens);
  Task<bool> usedOne(HdAddressRef ref, const std::vector<AccountChainToken>& tokens);

  std::shared_ptr<HdWallet> hd_;
  HdBalanceColumn coin_;
  std::uint32_t gap_limit_;
  std::unique_ptr<AccountChainPeer> peer_;
  Tokens tokens_;
  Save save_;
};

}  // namespace walletd
