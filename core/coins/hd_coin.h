// HdCoin: what a coin activated with an HD wallet offers the shared HD methods (get_new_address,
// account_balance, task::account_balance::*, task::scan_for_new_addresses::*), which never ask
// which family it belongs to. ActiveCoin::hd() answers it, or null for a coin on the Iguana key.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/async/async_mutex.h"
#include "core/async/task.h"
#include "core/rpc/json.h"
#include "core/wallet/hd/hd_balance_report.h"
#include "core/wallet/hd/hd_wallet.h"

namespace walletd {

class RpcTaskHandle;

// A hardware wallet's coin (its HD wallet public-only): sets account `account_id`'s key from the
// device, asking the user through the task `handle` (KDF's xpub extractor); throws what the
// device conversation throws.
using DeviceAccountLoader =
    std::function<Task<void>(std::uint32_t account_id, std::shared_ptr<RpcTaskHandle> handle)>;

// A hardware wallet's coin: shows the address at `ref` on the device and answers the address the
// device shows; `on_button` is the task's status while the device waits for the user.
using DeviceAddressShower = std::function<Task<std::string>(HdAddressRef ref, Json on_button,
                                                            std::shared_ptr<RpcTaskHandle> handle)>;

class HdCoin {
 public:
  virtual ~HdCoin() = default;

  virtual HdWallet& hdWallet() = 0;
  // The activation's gap_limit: the default of the HD methods' own.
  virtual std::uint32_t gapLimit() const = 0;
  // The report's columns (the coin alone, or a platform and its tokens).
  virtual std::vector<HdBalanceColumn> hdColumns() const = 0;
  // Each address as the family writes it, with its balances; read in as few requests as it can.
  virtual Task<std::vector<HdAddressReading>> readAddresses(std::vector<HdAddressRef> refs) = 0;
  // Whether each address has been used (KDF: has a transaction history).
  virtual Task<std::vector<bool>> addressesUsed(std::vector<HdAddressRef> refs) = 0;
  // The wallet handed out new addresses: follow them and store the accounts.
  virtual Task<void> addressesAdded(std::vector<HdAddressRef> refs) = 0;

  // Held while an HD method changes the wallet's addresses, so two calls never hand out the
  // same index.
  AsyncMutex& hdLock() { return lock_; }

  // Set by a hardware wallet's activation: how task::create_new_account gets a new account's key.
  void setDeviceAccountLoader(DeviceAccountLoader loader) { device_accounts_ = std::move(loader); }
  const DeviceAccountLoader& deviceAccountLoader() const { return device_accounts_; }
  // Set by a hardware wallet's activation: how task::get_new_address shows a new address.
  void setDeviceAddressShower(DeviceAddressShower show) { device_addresses_ = std::move(show); }
  const DeviceAddressShower& deviceAddressShower() const { return device_addresses_; }

 protected:
  explicit HdCoin(Executor& executor) : lock_(executor) {}

 private:
  AsyncMutex lock_;
  DeviceAccountLoader device_accounts_;
  DeviceAddressShower device_addresses_;
};

}  // namespace walletd
