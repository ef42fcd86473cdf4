// gui_storage::* (spec §2.6): params types and handlers. Every
// mutation answers "success"; reads answer KDF's AccountWithEnabledFlag / AccountWithCoins /
// AccountCoins shapes.
#include "core/wallet/gui_storage/gui_storage_methods.h"

#include "core/node/node.h"
#include "core/wallet/gui_storage/account_store.h"

namespace walletd {

namespace {

Json success() {
  return Json("success");
}

void checkName(const std::string& name, const std::string&) {
  checkAccountName(name);
}
void checkDescription(const std::string& description, const std::string&) {
  checkAccountDescription(description);
}
void checkTickers(const std::vector<std::string>& tickers, const std::string&) {
  for (const auto& t : tickers) checkTicker(t);
}

// An AccountId field read as KDF's EnabledAccountId (iguana or hd).
struct EnabledIdField {
  static AccountId decode(const Json& v, const std::string& path) {
    return EnabledAccountId::fromJson(v, path).id;
  }
  static std::string ts() { return EnabledAccountId::tsType(); }
};

// name, description = "", balance_usd = 0: a new account's fields after its id.
ObjectSchema<AccountInfo> newAccountFields() {
  return ObjectSchema<AccountInfo>()
      .required("name", &AccountInfo::name, "at most 255", &checkName)
      .fallback("description", &AccountInfo::description, "", "at most 600", &checkDescription)
      .fallback("balance_usd", &AccountInfo::balance_usd, Decimal());
}

// KDF's EnableAccountPolicy, tagged by `policy`.
struct EnableAccountParams {
  std::string policy;
  AccountInfo info;
  bool isNew() const { return policy == "new"; }
  static const TaggedSchema<EnableAccountParams>& schema() {
    using E = EnableAccountParams;
    static const auto s =
        TaggedSchema<E>("policy", &E::policy)
            .variant("existing",
                     ObjectSchema<AccountInfo>()
                         .required<EnabledIdField>("account_id", &AccountInfo::account_id)
                         .as(&E::info))
            .variant("new", ObjectSchema<AccountInfo>()
                                .required<EnabledIdField>("account_id", &AccountInfo::account_id)
                                .include(newAccountFields())
                                .as(&E::info));
    return s;
  }
};

struct AddAccountParams {
  AccountInfo info;
  static const ObjectSchema<AddAccountParams>& schema() {
    static const auto s = ObjectSchema<AccountInfo>()
                              .required("account_id", &AccountInfo::account_id)
                              .include(newAccountFields())
                              .as(&AddAccountParams::info);
    return s;
  }
};

struct AccountIdParams {
  AccountId id;
  static const ObjectSchema<AccountIdParams>& schema() {
    static const auto s =
        ObjectSchema<AccountIdParams>().required("account_id", &AccountIdParams::id);
    return s;
  }
};

struct SetNameParams {
  AccountId id;
  std::string name;
  static const ObjectSchema<SetNameParams>& schema() {
    static const auto s = ObjectSchema<SetNameParams>()
                              .required("account_id", &SetNameParams::id)
                              .required("name", &SetNameParams::name, nullptr, &checkName);
    return s;
  }
};

struct SetDescriptionParams {
  AccountId id;
  std::string description;
  static const ObjectSchema<SetDescriptionParams>& schema() {
    static const auto s = ObjectSchema<SetDescriptionParams>()
                              .required("account_id", &SetDescriptionParams::id)
                              .required("description", &SetDescriptionParams::description, nullptr,
                                        &checkDescription);
    return s;
  }
};

struct SetBalanceParams {
  AccountId id;
  Decimal balance;
  static const ObjectSchema<SetBalanceParams>& schema() {
    static const auto s = ObjectSchema<SetBalanceParams>()
                              .required("account_id", &SetBalanceParams::id)
                              .required("balance_usd", &SetBalanceParams::balance);
    return s;
  }
};

struct CoinsParams {
  AccountId id;
  std::vector<std::string> tickers;
  static const ObjectSchema<CoinsParams>& schema() {
    static const auto s = ObjectSchema<CoinsParams>()
                              .required("account_id", &CoinsParams::id)
                              .required("tickers", &CoinsParams::tickers, nullptr, &checkTickers);
    return s;
  }
};

// The node's accounts, read from storage by the first request that needs them.
Task<AccountStore*> store(RequestContext& ctx) {
  AccountStore& accounts = ctx.node.accounts();
  co_await accounts.loaded();
  co_return &accounts;
}

Task<Json> enableAccount(RequestContext& ctx, EnableAccountParams p) {
  AccountStore* accounts = co_await store(ctx);
  if (p.isNew()) {
    co_await accounts->enableNew(std::move(p.info));
  } else {
    co_await accounts->enableExisting(p.info.account_id);
  }
  co_return success();
}
Task<Json> addAccount(RequestContext& ctx, AddAccountParams p) {
  AccountStore* accounts = co_await store(ctx);
  co_await accounts->add(std::move(p.info));
  co_return success();
}
Task<Json> deleteAccount(RequestContext& ctx, AccountIdParams p) {
  AccountStore* accounts = co_await store(ctx);
  co_await accounts->remove(p.id);
  co_return success();
}
Task<Json> setAccountName(RequestContext& ctx, SetNameParams p) {
  AccountStore* accounts = co_await store(ctx);
  co_await accounts->setName(p.id, std::move(p.name));
  co_return success();
}
Task<Json> setAccountDescription(RequestContext& ctx, SetDescriptionParams p) {
  AccountStore* accounts = co_await store(ctx);
  co_await accounts->setDescription(p.id, std::move(p.description));
  co_return success();
}
Task<Json> setAccountBalance(RequestContext& ctx, SetBalanceParams p) {
  AccountStore* accounts = co_await store(ctx);
  co_await accounts->setBalance(p.id, p.balance);
  co_return success();
}
Task<Json> activateCoins(RequestContext& ctx, CoinsParams p) {
  AccountStore* accounts = co_await store(ctx);
  co_await accounts->activateCoins(p.id, std::move(p.tickers));
  co_return success();
}
Task<Json> deactivateCoins(RequestContext& ctx, CoinsParams p) {
  AccountStore* accounts = co_await store(ctx);
  co_await accounts->deactivateCoins(p.id, std::move(p.tickers));
  co_return success();
}
Task<Json> getAccounts(RequestContext& ctx, UnitParams) {
  Json out = Json::array();
  AccountStore* accounts = co_await store(ctx);
  for (const auto& [record, enabled] : accounts->list()) {
    Json item = record->info.toJson();
    item["enabled"] = enabled;
    out.push_back(std::move(item));
  }
  co_return out;
}
Task<Json> getEnabledAccount(RequestContext& ctx, UnitParams) {
  AccountStore* accounts = co_await store(ctx);
  co_return accounts->enabled().toJson();
}
Task<Json> getAccountCoins(RequestContext& ctx, AccountIdParams p) {
  AccountStore* accounts = co_await store(ctx);
  const AccountRecord& record = accounts->get(p.id);
  Json out = Json::object();
  out["account_id"] = record.info.account_id.toJson();
  out["coins"] = Json(record.coins);
  co_return out;
}

}  // namespace

void registerGuiStorageMethods(MethodTable& t) {
  t.declare("Decimal", "string | number");
  t.declare("AccountId", AccountId::declaredType(false));
  t.declare("EnabledAccountId", AccountId::declaredType(true));
  t.declare("AccountInfo",
            "{ account_id: AccountId; name: string; description: string; balance_usd: string }");
  auto add = [&t](const char* name, const char* result, MethodHandler h) {
    t.add({name, result, MethodAccess::Protected, std::move(h), {}});
  };
  add("gui_storage::enable_account", "\"success\"", typedHandler(&enableAccount));
  add("gui_storage::add_account", "\"success\"", typedHandler(&addAccount));
  add("gui_storage::delete_account", "\"success\"", typedHandler(&deleteAccount));
  add("gui_storage::set_account_name", "\"success\"", typedHandler(&setAccountName));
  add("gui_storage::set_account_description", "\"success\"", typedHandler(&setAccountDescription));
  add("gui_storage::set_account_balance", "\"success\"", typedHandler(&setAccountBalance));
  add("gui_storage::activate_coins", "\"success\"", typedHandler(&activateCoins));
  add("gui_storage::deactivate_coins", "\"success\"", typedHandler(&deactivateCoins));
  add("gui_storage::get_accounts", "(AccountInfo & { enabled: boolean })[]",
      typedHandler(&getAccounts));
  add("gui_storage::get_enabled_account", "AccountInfo & { coins: string[] }",
      typedHandler(&getEnabledAccount));
  add("gui_storage::get_account_coins", "{ account_id: AccountId; coins: string[] }",
      typedHandler(&getAccountCoins));
}

}  // namespace walletd
