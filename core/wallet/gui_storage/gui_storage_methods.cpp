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

// {account_id, name, description = "", balance_usd = "0"}; `enabled_only` for enable_account.
AccountInfo parseNewAccount(ParamsReader& r, bool enabled_only) {
  AccountInfo info;
  info.account_id =
      AccountId::fromJson(r.required<Json>("account_id"), r.fieldPath("account_id"), enabled_only);
  info.name = r.required<std::string>("name");
  info.description = r.optionalOr<std::string>("description", "");
  if (auto balance = r.optional<Json>("balance_usd")) {
    info.balance_usd = decodeDecimal(*balance, r.fieldPath("balance_usd"));
  }
  checkAccountName(info.name);
  checkAccountDescription(info.description);
  return info;
}

AccountId parseAccountId(ParamsReader& r) {
  return AccountId::fromJson(r.required<Json>("account_id"), r.fieldPath("account_id"));
}

struct EnableAccountParams {
  bool is_new = false;
  AccountInfo info;
  static EnableAccountParams parse(ParamsReader& r) {
    EnableAccountParams p;
    std::string policy = r.required<std::string>("policy");
    if (policy == "new") {
      p.is_new = true;
      p.info = parseNewAccount(r, true);
    } else if (policy == "existing") {
      p.info.account_id =
          AccountId::fromJson(r.required<Json>("account_id"), r.fieldPath("account_id"), true);
    } else {
      throwInvalidParams(r.fieldPath("policy") + ": unknown variant `" + policy.substr(0, 100) +
                         "`, expected `existing` or `new`");
    }
    return p;
  }
};

struct AddAccountParams {
  AccountInfo info;
  static AddAccountParams parse(ParamsReader& r) { return {parseNewAccount(r, false)}; }
};

struct AccountIdParams {
  AccountId id;
  static AccountIdParams parse(ParamsReader& r) { return {parseAccountId(r)}; }
};

struct SetNameParams {
  AccountId id;
  std::string name;
  static SetNameParams parse(ParamsReader& r) {
    SetNameParams p{parseAccountId(r), r.required<std::string>("name")};
    checkAccountName(p.name);
    return p;
  }
};

struct SetDescriptionParams {
  AccountId id;
  std::string description;
  static SetDescriptionParams parse(ParamsReader& r) {
    SetDescriptionParams p{parseAccountId(r), r.required<std::string>("description")};
    checkAccountDescription(p.description);
    return p;
  }
};

struct SetBalanceParams {
  AccountId id;
  Decimal balance;
  static SetBalanceParams parse(ParamsReader& r) {
    AccountId id = parseAccountId(r);
    return {id, decodeDecimal(r.required<Json>("balance_usd"), r.fieldPath("balance_usd"))};
  }
};

struct CoinsParams {
  AccountId id;
  std::vector<std::string> tickers;
  static CoinsParams parse(ParamsReader& r) {
    CoinsParams p{parseAccountId(r), r.required<std::vector<std::string>>("tickers")};
    for (const auto& t : p.tickers) checkTicker(t);
    return p;
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
  if (p.is_new) {
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

constexpr const char* kNewAccountFields =
    "name: string /* at most 255 */; description?: string /* at most 600, default \"\" */; "
    "balance_usd?: Decimal /* default 0 */";

}  // namespace

void registerGuiStorageMethods(MethodTable& t) {
  t.declare("Decimal", "string | number");
  t.declare("AccountId",
            "{ type: \"iguana\" } | { type: \"hd\"; account_idx: number } | { type: \"hw\"; "
            "device_pubkey: string }");
  t.declare("EnabledAccountId", "{ type: \"iguana\" } | { type: \"hd\"; account_idx: number }");
  t.declare("AccountInfo",
            "{ account_id: AccountId; name: string; description: string; balance_usd: string }");
  const std::string new_account =
      std::string("{ account_id: AccountId; ") + kNewAccountFields + " }";
  const std::string enable_account =
      std::string(
          "{ policy: \"existing\"; account_id: EnabledAccountId } | { policy: \"new\"; "
          "account_id: EnabledAccountId; ") +
      kNewAccountFields + " }";
  auto add = [&t](const char* name, std::string params, const char* result, MethodHandler h) {
    t.add({name, std::move(params), result, MethodAccess::Protected, std::move(h), {}});
  };
  add("gui_storage::enable_account", enable_account, "\"success\"", typedHandler(&enableAccount));
  add("gui_storage::add_account", new_account, "\"success\"", typedHandler(&addAccount));
  add("gui_storage::delete_account", "{ account_id: AccountId }", "\"success\"",
      typedHandler(&deleteAccount));
  add("gui_storage::set_account_name", "{ account_id: AccountId; name: string }", "\"success\"",
      typedHandler(&setAccountName));
  add("gui_storage::set_account_description", "{ account_id: AccountId; description: string }",
      "\"success\"", typedHandler(&setAccountDescription));
  add("gui_storage::set_account_balance", "{ account_id: AccountId; balance_usd: Decimal }",
      "\"success\"", typedHandler(&setAccountBalance));
  add("gui_storage::activate_coins", "{ account_id: AccountId; tickers: string[] }", "\"success\"",
      typedHandler(&activateCoins));
  add("gui_storage::deactivate_coins", "{ account_id: AccountId; tickers: string[] }",
      "\"success\"", typedHandler(&deactivateCoins));
  add("gui_storage::get_accounts", "{}", "(AccountInfo & { enabled: boolean })[]",
      typedHandler(&getAccounts));
  add("gui_storage::get_enabled_account", "{}", "AccountInfo & { coins: string[] }",
      typedHandler(&getEnabledAccount));
  add("gui_storage::get_account_coins", "{ account_id: AccountId }",
      "{ account_id: AccountId; coins: string[] }", typedHandler(&getAccountCoins));
}

}  // namespace walletd
