// AccountStore: the GUI's accounts, their coins and the one enabled account, kept in memory and
// written through to the `gui_storage` storage namespace. They are read from storage by the first
// gui_storage request, not at start-up (as KDF, a corrupt record fails those requests with
// ErrorLoadingAccount, not the whole node). Each change is one atomic batch, and
// the in-memory view changes only after the batch is durable, so an acknowledged change survives
// a crash and a failed write changes nothing.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/async/async_mutex.h"
#include "core/async/completion.h"
#include "core/async/task.h"
#include "core/encoding/decimal.h"
#include "core/platform/storage.h"
#include "core/wallet/gui_storage/account_id.h"

namespace walletd {

struct AccountInfo {
  AccountId account_id;
  std::string name;
  std::string description;
  Decimal balance_usd;
  // KDF's AccountInfo: {account_id, name, description, balance_usd}.
  Json toJson() const;
};

struct AccountRecord {
  AccountInfo info;
  std::set<std::string> coins;  // sorted, as KDF's BTreeSet
  Json toJson() const;
  static AccountRecord fromJson(const Json& value);
};

class AccountStore {
 public:
  static constexpr const char* kNamespace = "gui_storage";
  static constexpr std::size_t kMaxNameChars = 255;
  static constexpr std::size_t kMaxDescriptionChars = 600;
  static constexpr std::size_t kMaxTickerChars = 255;

  AccountStore(Storage& storage, Executor& executor) : storage_(storage), mutex_(executor) {}

  // Reads everything from storage the first time it is awaited (later calls return at once);
  // throws ErrorLoadingAccount on a corrupt record, and the next call tries again.
  Task<void> loaded();

  Task<void> enableExisting(AccountId id);
  Task<void> enableNew(AccountInfo info);
  Task<void> add(AccountInfo info);
  Task<void> remove(AccountId id);
  Task<void> setName(AccountId id, std::string name);
  Task<void> setDescription(AccountId id, std::string description);
  Task<void> setBalance(AccountId id, Decimal balance);
  Task<void> activateCoins(AccountId id, std::vector<std::string> tickers);
  Task<void> deactivateCoins(AccountId id, std::vector<std::string> tickers);

  // Accounts in KDF's order, each with whether it is the enabled one.
  std::vector<std::pair<const AccountRecord*, bool>> list() const;
  const AccountRecord& get(const AccountId& id) const;  // throws NoSuchAccount
  const AccountRecord& enabled() const;                 // throws NoEnabledAccount

 private:
  // Updates memory and starts writing `changed`/`erased` (and the enabled marker when
  // `enabled_key` is given) as one batch; call with the lock held, await durable() without it.
  Completion commit(std::vector<AccountRecord> changed, std::vector<std::string> erased,
                    std::optional<std::optional<std::string>> enabled_key);
  Task<void> durable(Completion write);
  // Adds a new account (AccountExistsAlready if present), optionally as the enabled one.
  Task<void> insert(AccountInfo info, bool enable);
  Task<void> update(const AccountId& id, const std::function<void(AccountRecord&)>& change);
  Task<void> load();

  Storage& storage_;
  AsyncMutex mutex_;
  std::map<std::string, AccountRecord> accounts_;
  std::optional<std::string> enabled_key_;
  bool loaded_ = false;
};

// Length checks shared by the params types; count characters (UTF-8 code points).
void checkAccountName(const std::string& name);
void checkAccountDescription(const std::string& description);
void checkTicker(const std::string& ticker);

}  // namespace walletd
