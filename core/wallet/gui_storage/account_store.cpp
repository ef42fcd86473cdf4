// AccountStore implementation.
#include "core/wallet/gui_storage/account_store.h"

#include "core/rpc/params_reader.h"

#include <stdexcept>

#include "core/wallet/gui_storage/gui_storage_errors.h"

namespace walletd {

namespace {
const char* const kEnabledKey = "enabled";

std::size_t utf8Chars(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

void checkLength(const std::string& value, std::size_t max, AccountRpcError kind,
                 const char* what) {
  if (utf8Chars(value) <= max) return;
  Json data = Json::object();
  data["max_len"] = max;
  throw rpcError(kind,
                 std::string(what) + " is too long, expected shorter or equal to " +
                     std::to_string(max) + " characters",
                 data);
}

RpcError noSuchAccount(const AccountId& id, SourceLocation where = SourceLocation::current()) {
  return rpcError(AccountRpcError::NoSuchAccount, "No such account " + id.toJson().dump(),
                  id.toJson(), where);
}
}  // namespace

void checkAccountName(const std::string& name) {
  checkLength(name, AccountStore::kMaxNameChars, AccountRpcError::NameTooLong, "Account name");
}
void checkAccountDescription(const std::string& description) {
  checkLength(description, AccountStore::kMaxDescriptionChars, AccountRpcError::DescriptionTooLong,
              "Account description");
}
void checkTicker(const std::string& ticker) {
  checkLength(ticker, AccountStore::kMaxTickerChars, AccountRpcError::TickerTooLong, "Ticker");
}

Json AccountInfo::toJson() const {
  Json out = Json::object();
  out["account_id"] = account_id.toJson();
  out["name"] = name;
  out["description"] = description;
  out["balance_usd"] = balance_usd.toJson();
  return out;
}

Json AccountRecord::toJson() const {
  Json out = info.toJson();
  out["coins"] = Json(coins);
  return out;
}

AccountRecord AccountRecord::fromJson(const Json& value) {
  AccountRecord r;
  r.info.account_id = AccountId::fromStorageJson(value.at("account_id"));
  r.info.name = value.at("name").get<std::string>();
  r.info.description = value.at("description").get<std::string>();
  r.info.balance_usd = decodeDecimal(value.at("balance_usd"), "balance_usd");
  for (const auto& c : value.at("coins")) r.coins.insert(c.get<std::string>());
  return r;
}

Task<void> AccountStore::loaded() {
  if (loaded_) co_return;
  auto guard = co_await mutex_.scoped();
  if (loaded_) co_return;
  co_await load();
  loaded_ = true;
}

Task<void> AccountStore::load() {
  StorageEntries entries = co_await storage_.scanPrefix(kNamespace, "account/");
  std::map<std::string, AccountRecord> loaded;
  for (auto& [key, text] : entries) {
    try {
      AccountRecord record = AccountRecord::fromJson(Json::parse(text));
      if (record.info.account_id.storageKey() != key) throw std::runtime_error("key mismatch");
      loaded.emplace(key, std::move(record));
    } catch (const std::exception& e) {
      throw rpcError(AccountRpcError::ErrorLoadingAccount,
                     "Error loading account '" + key + "': " + e.what(), Json(e.what()));
    }
  }
  std::optional<std::string> enabled = co_await storage_.get(kNamespace, kEnabledKey);
  accounts_ = std::move(loaded);
  enabled_key_.reset();
  if (enabled) {
    try {
      std::string key = AccountId::fromStorageJson(Json::parse(*enabled)).storageKey();
      if (accounts_.count(key)) enabled_key_ = key;
    } catch (const std::exception& e) {
      throw rpcError(AccountRpcError::ErrorLoadingAccount,
                     std::string("Error loading the enabled account: ") + e.what(), Json(e.what()));
    }
  }
}

// Applies the change in memory and queues its storage batch, both under the caller's lock, so
// the next writer sees it and batches reach storage in lock order. The returned Completion is
// awaited after the lock is released: the disk wait (fsync) holds no lock, so writers share a
// group commit. If the batch fails, the in-memory change is undone (storage then refuses every
// later write until restart, so nothing builds on it).
Completion AccountStore::commit(std::vector<AccountRecord> changed, std::vector<std::string> erased,
                                std::optional<std::optional<std::string>> enabled_key) {
  std::vector<StorageWrite> writes;
  writes.reserve(changed.size() + erased.size() + 1);
  for (const auto& record : changed) {
    writes.push_back({record.info.account_id.storageKey(), record.toJson().dump()});
  }
  for (const auto& key : erased) writes.push_back({key, std::nullopt});
  if (enabled_key) {
    std::optional<std::string> value;
    if (*enabled_key) {
      auto found = accounts_.find(**enabled_key);
      const AccountId& id = found != accounts_.end() ? found->second.info.account_id
                                                     : changed.front().info.account_id;
      value = id.toJson().dump();
    }
    writes.push_back({kEnabledKey, value});
  }
  // What the change replaces, to undo it if the batch fails.
  auto before = std::make_shared<std::map<std::string, std::optional<AccountRecord>>>();
  for (const auto& w : writes) {
    if (w.key == kEnabledKey) continue;
    auto found = accounts_.find(w.key);
    (*before)[w.key] =
        found == accounts_.end() ? std::nullopt : std::optional<AccountRecord>(found->second);
  }
  const std::optional<std::string> enabled_before = enabled_key_;
  for (auto& record : changed) {
    std::string key = record.info.account_id.storageKey();
    accounts_.insert_or_assign(key, std::move(record));
  }
  for (const auto& key : erased) accounts_.erase(key);
  if (enabled_key) enabled_key_ = *enabled_key;

  return Completion::start(storage_.applyBatch(kNamespace, std::move(writes)),
                           [this, before, enabled_before, enabled_key](std::exception_ptr error) {
                             if (!error) return;
                             for (auto& [key, record] : *before) {
                               if (record) {
                                 accounts_.insert_or_assign(key, std::move(*record));
                               } else {
                                 accounts_.erase(key);
                               }
                             }
                             if (enabled_key) enabled_key_ = enabled_before;
                           });
}

// Waits for a committed change to be durable; a storage failure becomes ErrorSavingAccount.
Task<void> AccountStore::durable(Completion write) {
  try {
    co_await write;
  } catch (const RpcError&) {
    throw;
  } catch (const std::exception& e) {
    throw rpcError(AccountRpcError::ErrorSavingAccount,
                   std::string("Error saving changes in accounts storage: ") + e.what(),
                   Json(e.what()));
  }
}

Task<void> AccountStore::enableExisting(AccountId id) {
  Completion write;
  {
    auto guard = co_await mutex_.scoped();
    std::string key = id.storageKey();
    if (!accounts_.count(key)) throw noSuchAccount(id);
    write = commit({}, {}, std::optional<std::string>(key));
  }
  co_await durable(std::move(write));
}

Task<void> AccountStore::enableNew(AccountInfo info) {
  co_await insert(std::move(info), true);
}

Task<void> AccountStore::add(AccountInfo info) {
  co_await insert(std::move(info), false);
}

Task<void> AccountStore::insert(AccountInfo info, bool enable) {
  Completion write;
  {
    auto guard = co_await mutex_.scoped();
    std::string key = info.account_id.storageKey();
    if (accounts_.count(key)) {
      throw rpcError(AccountRpcError::AccountExistsAlready,
                     "Account " + info.account_id.toJson().dump() + " exists already",
                     info.account_id.toJson());
    }
    std::vector<AccountRecord> created;
    created.push_back(AccountRecord{std::move(info), {}});
    std::optional<std::optional<std::string>> enabled;
    if (enable) enabled = std::optional<std::string>(key);
    write = commit(std::move(created), {}, enabled);
  }
  co_await durable(std::move(write));
}

Task<void> AccountStore::remove(AccountId id) {
  Completion write;
  {
    auto guard = co_await mutex_.scoped();
    std::string key = id.storageKey();
    if (!accounts_.count(key)) throw noSuchAccount(id);
    std::optional<std::optional<std::string>> enabled;
    if (enabled_key_ == key) enabled = std::optional<std::string>();
    std::vector<std::string> erased{key};
    write = commit({}, std::move(erased), enabled);
  }
  co_await durable(std::move(write));
}

Task<void> AccountStore::update(const AccountId& id,
                                const std::function<void(AccountRecord&)>& change) {
  Completion write;
  {
    auto guard = co_await mutex_.scoped();
    auto found = accounts_.find(id.storageKey());
    if (found == accounts_.end()) throw noSuchAccount(id);
    AccountRecord record = found->second;
    change(record);
    std::vector<AccountRecord> changed;
    changed.push_back(std::move(record));
    write = commit(std::move(changed), {}, std::nullopt);
  }
  co_await durable(std::move(write));
}

Task<void> AccountStore::setName(AccountId id, std::string name) {
  co_await update(id, [&](AccountRecord& r) { r.info.name = name; });
}
Task<void> AccountStore::setDescription(AccountId id, std::string description) {
  co_await update(id, [&](AccountRecord& r) { r.info.description = description; });
}
Task<void> AccountStore::setBalance(AccountId id, Decimal balance) {
  co_await update(id, [&](AccountRecord& r) { r.info.balance_usd = balance; });
}
Task<void> AccountStore::activateCoins(AccountId id, std::vector<std::string> tickers) {
  co_await update(id, [&](AccountRecord& r) { r.coins.insert(tickers.begin(), tickers.end()); });
}
Task<void> AccountStore::deactivateCoins(AccountId id, std::vector<std::string> tickers) {
  co_await update(id, [&](AccountRecord& r) {
    for (const auto& t : tickers) r.coins.erase(t);
  });
}

std::vector<std::pair<const AccountRecord*, bool>> AccountStore::list() const {
  std::vector<std::pair<const AccountRecord*, bool>> out;
  for (const auto& [key, record] : accounts_) out.emplace_back(&record, enabled_key_ == key);
  return out;
}

const AccountRecord& AccountStore::get(const AccountId& id) const {
  auto found = accounts_.find(id.storageKey());
  if (found == accounts_.end()) throw noSuchAccount(id);
  return found->second;
}

const AccountRecord& AccountStore::enabled() const {
  auto found = enabled_key_ ? accounts_.find(*enabled_key_) : accounts_.end();
  if (found == accounts_.end()) {
    throw rpcError(AccountRpcError::NoEnabledAccount,
                   "No enabled account yet. Consider using 'enable_account' RPC");
  }
  return found->second;
}

}  // namespace walletd
