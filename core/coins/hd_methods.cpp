// get_new_address {coin, account_id, chain?, gap_limit?}: the chain's next address, refused with
// EmptyAddressesLimitReached when its last gap_limit addresses are all unused (KDF's rule: used
// means it has a transaction history). account_balance {coin, account_index, chain, limit,
// paging_options}: one page of the chain's known addresses with their balances.
// task::scan_for_new_addresses {coin, account_index, gap_limit?}: the gap scan of one account.
#include "core/coins/hd_methods.h"

#include <algorithm>

#include "core/coins/active_coin.h"
#include "core/coins/active_coin_lookup.h"
#include "core/coins/hd_coin.h"
#include "core/coins/transport_error.h"
#include "core/hardware/trezor/hw_errors.h"
#include "core/node/node.h"
#include "core/rpc/params_reader.h"
#include "core/rpc/rpc_task_methods.h"

namespace walletd {
namespace {

// KDF's GetNewAddressRpcError. error_data: NoSuchCoin {coin}; UnknownAccount {account_id};
// InvalidBip44Chain {chain}; AddressLimitReached {max_addresses_number};
// EmptyAddressesLimitReached {gap_limit}; the others: the message.
// clang-format off
#define WALLETD_GET_NEW_ADDRESS_ERRORS(X) \
  X(NoSuchCoin, 400)                      \
  X(CoinIsActivatedNotWithHDWallet, 400)  \
  X(UnknownAccount, 400)                  \
  X(InvalidBip44Chain, 400)               \
  X(AddressLimitReached, 400)             \
  X(EmptyAddressesLimitReached, 400) X(Transport, 500) X(WalletStorageError, 500) X(Internal, 500)
// clang-format on
WALLETD_ERROR_FAMILY(GetNewAddressError, WALLETD_GET_NEW_ADDRESS_ERRORS)

// KDF's HDAccountBalanceRpcError (account_balance and scan_for_new_addresses), the same data.
// clang-format off
#define WALLETD_HD_ACCOUNT_BALANCE_ERRORS(X) \
  X(NoSuchCoin, 400)                         \
  X(CoinIsActivatedNotWithHDWallet, 400)     \
  X(UnknownAccount, 400)                     \
  X(InvalidBip44Chain, 400) X(Transport, 500) X(WalletStorageError, 500) X(Internal, 500)
// clang-format on
WALLETD_ERROR_FAMILY(HdAccountBalanceError, WALLETD_HD_ACCOUNT_BALANCE_ERRORS)

// KDF's CreateAccountRpcError. error_data: NoSuchCoin {coin}; AccountLimitReached
// {max_accounts_number}; the others: the message.
// clang-format off
#define WALLETD_CREATE_ACCOUNT_ERRORS(X) \
  X(NoSuchCoin, 400)                     \
  X(CoinIsActivatedNotWithHDWallet, 400) \
  X(AccountLimitReached, 400) X(Transport, 500) X(WalletStorageError, 500) X(Internal, 500)
// clang-format on
WALLETD_ERROR_FAMILY(CreateAccountError, WALLETD_CREATE_ACCOUNT_ERRORS)

// Accounts an HD wallet may have (KDF's limit for its coins).
constexpr std::uint32_t kMaxAccounts = 100;

constexpr std::uint32_t kMaxGapLimit = 1000;
constexpr std::uint32_t kMaxPageLimit = 1000;

void checkPageNumber(const std::uint32_t& v, const std::string& path) {
  if (v == 0) throwInvalidParams(path + ": must be at least 1");
}

struct NewAddressParams {
  std::string coin;
  std::uint32_t account_id = 0;
  Bip44Chain chain = Bip44Chain::External;
  std::optional<std::uint32_t> gap_limit;
  static const ObjectSchema<NewAddressParams>& schema() {
    static const auto s =
        ObjectSchema<NewAddressParams>()
            .required("coin", &NewAddressParams::coin)
            .required<ChildIndexField>("account_id", &NewAddressParams::account_id)
            .fallback<Bip44ChainField>("chain", &NewAddressParams::chain, Bip44Chain::External)
            .optional("gap_limit", &NewAddressParams::gap_limit, nullptr,
                      &inRange<1, kMaxGapLimit>);
    return s;
  }
};

// KDF's PagingOptionsEnum over address indexes: {PageNumber} or {FromId}.
struct AddressPaging {
  std::optional<std::uint32_t> from_id;
  std::optional<std::uint32_t> page_number;
  static const ObjectSchema<AddressPaging>& schema() {
    static const auto s =
        ObjectSchema<AddressPaging>()
            .optional("PageNumber", &AddressPaging::page_number, nullptr, &checkPageNumber)
            .optional<ChildIndexField>("FromId", &AddressPaging::from_id)
            .exactlyOneOf({"PageNumber", "FromId"});
    return s;
  }
};

struct AccountBalanceParams {
  std::string coin;
  std::uint32_t account_index = 0;
  Bip44Chain chain = Bip44Chain::External;
  std::uint32_t limit = 10;
  std::optional<AddressPaging> paging_options;
  static const ObjectSchema<AccountBalanceParams>& schema() {
    static const auto s =
        ObjectSchema<AccountBalanceParams>()
            .required("coin", &AccountBalanceParams::coin)
            .required<ChildIndexField>("account_index", &AccountBalanceParams::account_index)
            .required<Bip44ChainField>("chain", &AccountBalanceParams::chain)
            .fallback("limit", &AccountBalanceParams::limit, 10u, nullptr,
                      &inRange<1, kMaxPageLimit>)
            .optional("paging_options", &AccountBalanceParams::paging_options);
    return s;
  }
  std::optional<std::uint32_t> fromId() const {
    return paging_options ? paging_options->from_id : std::nullopt;
  }
  std::uint32_t pageNumber() const {
    return paging_options && paging_options->page_number ? *paging_options->page_number : 1;
  }
  Json pagingJson() const {
    return fromId() ? Json{{"FromId", *fromId()}} : Json{{"PageNumber", pageNumber()}};
  }
};

// task::account_balance::init (KDF's InitAccountBalanceParams): the whole account, both chains.
struct InitAccountBalanceParams {
  std::string coin;
  std::uint32_t account_index = 0;
  static const ObjectSchema<InitAccountBalanceParams>& schema() {
    static const auto s =
        ObjectSchema<InitAccountBalanceParams>()
            .required("coin", &InitAccountBalanceParams::coin)
            .required<ChildIndexField>("account_index", &InitAccountBalanceParams::account_index);
    return s;
  }
};

// task::create_new_account::init (KDF's CreateNewAccountParams): {coin, account_id?, scan = true,
// gap_limit?}; without account_id the next account after the known ones.
struct CreateAccountParams {
  std::string coin;
  std::optional<std::uint32_t> account_id;  // null is None, as KDF's Option<u32>
  bool scan = true;
  std::optional<std::uint32_t> gap_limit;
  static const ObjectSchema<CreateAccountParams>& schema() {
    static const auto s =
        ObjectSchema<CreateAccountParams>()
            .required("coin", &CreateAccountParams::coin)
            .optional<ChildIndexField>("account_id", &CreateAccountParams::account_id,
                                       "default: the next account")
            .fallback("scan", &CreateAccountParams::scan, true)
            .optional("gap_limit", &CreateAccountParams::gap_limit, nullptr,
                      &inRange<1, kMaxGapLimit>);
    return s;
  }
};

struct ScanAddressesParams {
  std::string coin;
  std::uint32_t account_index = 0;
  std::optional<std::uint32_t> gap_limit;
  static const ObjectSchema<ScanAddressesParams>& schema() {
    static const auto s =
        ObjectSchema<ScanAddressesParams>()
            .required("coin", &ScanAddressesParams::coin)
            .required<ChildIndexField>("account_index", &ScanAddressesParams::account_index)
            .optional("gap_limit", &ScanAddressesParams::gap_limit, nullptr,
                      &inRange<1, kMaxGapLimit>);
    return s;
  }
};

// The coin (held while the method runs) and its HD side, or the error family's NoSuchCoin /
// CoinIsActivatedNotWithHDWallet.
template <typename E>
std::pair<std::shared_ptr<ActiveCoin>, HdCoin*> hdCoin(Node& node, const std::string& ticker) {
  auto coin = activeCoinOr(node.activeCoins(), ticker, E::NoSuchCoin);
  HdCoin* hd = coin->hd();
  if (hd == nullptr) {
    const std::string message =
        "Coin is expected to be activated with the HD wallet derivation method";
    throw rpcError(E::CoinIsActivatedNotWithHDWallet, message, Json());
  }
  return {coin, hd};
}

template <typename E>
void checkAccount(HdCoin& hd, std::uint32_t account_id) {
  if (hd.hdWallet().findAccount(account_id) == nullptr) {
    throw rpcError(E::UnknownAccount,
                   "HD account '" + std::to_string(account_id) + "' is not activated",
                   Json{{"account_id", account_id}});
  }
}

template <typename E>
void checkChain(HdCoin& hd, Bip44Chain chain) {
  if (chain == Bip44Chain::Internal && !hd.hdWallet().usesInternalChain()) {
    throw rpcError(E::InvalidBip44Chain,
                   "Coin doesn't support the given BIP44 chain: " + bip44ChainName(chain),
                   Json{{"chain", bip44ChainName(chain)}});
  }
}

// KDF's check before a new address: with gap_limit or more known addresses on the chain, the
// last gap_limit of them must not all be unused.
Task<void> checkCanGetNewAddress(HdCoin& hd, std::uint32_t account_id, Bip44Chain chain,
                                 std::uint32_t gap_limit) {
  const std::uint32_t known = hd.hdWallet().addressCount(account_id, chain);
  if (known == 0 || gap_limit > known) co_return;
  if (known >= HdWallet::kMaxAddressesPerAccount) {
    throw rpcError(GetNewAddressError::AddressLimitReached,
                   "Addresses limit reached. Max number of addresses: " +
                       std::to_string(HdWallet::kMaxAddressesPerAccount),
                   Json{{"max_addresses_number", HdWallet::kMaxAddressesPerAccount}});
  }
  std::vector<HdAddressRef> last;
  for (std::uint32_t index = known - gap_limit; index < known; ++index)
    last.push_back({account_id, index, chain});
  const std::vector<bool> used = co_await hd.addressesUsed(last);
  if (std::find(used.begin(), used.end(), true) != used.end()) co_return;
  throw rpcError(GetNewAddressError::EmptyAddressesLimitReached,
                 "Empty addresses limit reached. Gap limit: " + std::to_string(gap_limit),
                 Json{{"gap_limit", gap_limit}});
}

// task::get_new_address on a hardware wallet's coin (KDF's HDConfirmAddress): the new address is
// shown on the device, status ConfirmAddress {expected_address} while the user compares, and
// must be the one walletd derived; the device's failures as KDF's.
Task<void> confirmOnDevice(HdCoin& hd, HdAddressRef ref, std::string expected,
                           std::shared_ptr<RpcTaskHandle> handle) {
  const Json on_button{{"ConfirmAddress", {{"expected_address", expected}}}};
  std::string shown;
  std::exception_ptr failure;
  try {
    shown = co_await hd.deviceAddressShower()(ref, on_button, handle);
  } catch (...) {
    failure = std::current_exception();
  }
  if (failure) {
    trezor::rethrowHwError(failure, [](const std::string& text) {
      return rpcError(GetNewAddressError::Internal, text, Json(text));
    });
  }
  if (shown != expected) {
    const std::string message = "Confirmation address mismatched: expected '" + expected +
                                ", found '" + shown + "''";  // KDF's text, quotes as they are
    throw rpcError(GetNewAddressError::Internal, message, Json(message));
  }
}

Task<Json> newAddress(Node& node, NewAddressParams p, std::shared_ptr<RpcTaskHandle> handle) {
  const auto coin = hdCoin<GetNewAddressError>(node, p.coin);
  HdCoin* hd = coin.second;
  checkChain<GetNewAddressError>(*hd, p.chain);
  auto guard = co_await hd->hdLock().scoped();
  checkAccount<GetNewAddressError>(*hd, p.account_id);
  const std::uint32_t gap_limit = p.gap_limit.value_or(hd->gapLimit());
  co_await overTransport(checkCanGetNewAddress(*hd, p.account_id, p.chain, gap_limit),
                         GetNewAddressError::Transport);
  HdWallet& wallet = hd->hdWallet();
  const HdAddressRef ref{p.account_id, wallet.addressCount(p.account_id, p.chain), p.chain};
  const std::vector<HdAddressRef> added{ref};
  HdAddressesReader read = [hd](std::vector<HdAddressRef> refs) {
    return hd->readAddresses(std::move(refs));
  };
  // Shown on a hardware wallet before it is handed out (the plain method does not ask, as KDF's).
  const bool confirm = handle && hd->deviceAddressShower();
  std::vector<HdAddressReading> text;
  if (confirm) text = co_await overTransport(read(added), GetNewAddressError::Transport);
  if (confirm) co_await confirmOnDevice(*hd, ref, text.at(0).address, handle);
  wallet.ensureAddresses(p.account_id, ref.index + 1, p.chain);
  co_await overTransport(hd->addressesAdded(added), GetNewAddressError::Transport);
  if (handle) handle->setProgress("RequestingAccountBalance");
  const std::vector<AccountAddressInfo> info = co_await overTransport(
      hdAddressInfos(wallet, hd->hdColumns(), added, read), GetNewAddressError::Transport);
  co_return Json{{"new_address", info.front().toJson()}};
}

Task<Json> getNewAddress(RequestContext& ctx, NewAddressParams p) {
  co_return co_await newAddress(ctx.node, std::move(p), nullptr);
}

// task::get_new_address (KDF): the same work, reported as Preparing → RequestingAccountBalance.
void checkNewAddress(RequestContext& ctx, const NewAddressParams& p) {
  activeCoinOr(ctx.node.activeCoins(), p.coin, GetNewAddressError::NoSuchCoin);
}

Task<Json> newAddressTask(Node& node, NewAddressParams p, std::shared_ptr<RpcTaskHandle> handle) {
  handle->setProgress("Preparing");
  co_return co_await newAddress(node, std::move(p), std::move(handle));
}

Task<Json> accountBalance(Node& node, AccountBalanceParams p) {
  const auto coin = hdCoin<HdAccountBalanceError>(node, p.coin);
  HdCoin* hd = coin.second;
  checkChain<HdAccountBalanceError>(*hd, p.chain);
  checkAccount<HdAccountBalanceError>(*hd, p.account_index);
  const HdWallet& wallet = hd->hdWallet();
  const std::uint32_t total = wallet.addressCount(p.account_index, p.chain);
  const std::uint64_t from =
      p.fromId() ? std::uint64_t{*p.fromId()} + 1 : std::uint64_t{p.pageNumber() - 1} * p.limit;
  std::vector<HdAddressRef> page;
  for (std::uint64_t index = from; index < total && index < from + p.limit; ++index)
    page.push_back({p.account_index, static_cast<std::uint32_t>(index), p.chain});
  HdAddressesReader read = [hd](std::vector<HdAddressRef> refs) {
    return hd->readAddresses(std::move(refs));
  };
  const std::vector<HdBalanceColumn> columns = hd->hdColumns();
  // The page's sum comes from the same readings as its lines.
  HdBalanceTotals sums(columns.size());
  HdAddressesReader summing =
      [&read, &sums](std::vector<HdAddressRef> refs) -> Task<std::vector<HdAddressReading>> {
    std::vector<HdAddressReading> readings = co_await read(std::move(refs));
    for (const HdAddressReading& r : readings) sums.add(r);
    co_return readings;
  };
  const std::vector<AccountAddressInfo> lines = co_await overTransport(
      hdAddressInfos(wallet, columns, page, summing), HdAccountBalanceError::Transport);
  Json addresses = Json::array();
  for (const AccountAddressInfo& line : lines) addresses.push_back(line.toJson());
  Json out = Json::object();
  out["account_index"] = p.account_index;
  out["derivation_path"] = wallet.accountPath(p.account_index).str();
  out["addresses"] = std::move(addresses);
  out["page_balance"] = balanceObjectJson(sums.object(columns));
  out["limit"] = p.limit;
  out["skipped"] = std::min<std::uint64_t>(from, total);
  out["total"] = total;
  out["total_pages"] = (total + p.limit - 1) / p.limit;
  out["paging_options"] = p.pagingJson();
  co_return out;
}

Task<Json> accountBalanceMethod(RequestContext& ctx, AccountBalanceParams p) {
  co_return co_await accountBalance(ctx.node, std::move(p));
}

void checkAccountBalance(RequestContext& ctx, const InitAccountBalanceParams& p) {
  const auto coin = hdCoin<HdAccountBalanceError>(ctx.node, p.coin);
  checkAccount<HdAccountBalanceError>(*coin.second, p.account_index);
}

Task<Json> accountBalanceTask(Node& node, InitAccountBalanceParams p,
                              std::shared_ptr<RpcTaskHandle> handle) {
  handle->setProgress("RequestingAccountBalance");
  const auto coin = hdCoin<HdAccountBalanceError>(node, p.coin);
  HdCoin* hd = coin.second;
  checkAccount<HdAccountBalanceError>(*hd, p.account_index);
  HdAddressesReader read = [hd](std::vector<HdAddressRef> refs) {
    return hd->readAddresses(std::move(refs));
  };
  const WalletAccountInfo info = co_await overTransport(
      hdAccountBalance(hd->hdWallet(), hd->hdColumns(), p.account_index, read),
      HdAccountBalanceError::Transport);
  co_return info.toJson();
}

void checkCreateAccount(RequestContext& ctx, const CreateAccountParams& p) {
  activeCoinOr(ctx.node.activeCoins(), p.coin, CreateAccountError::NoSuchCoin);
}

// The device's failures as KDF's (a missing device HwError, the rest Internal with their text).
Task<void> loadDeviceAccount(HdCoin& hd, std::uint32_t account_id,
                             std::shared_ptr<RpcTaskHandle> handle) {
  std::exception_ptr failure;
  try {
    co_await hd.deviceAccountLoader()(account_id, handle);
  } catch (...) {
    failure = std::current_exception();
  }
  if (failure) {
    trezor::rethrowHwError(failure, [](const std::string& text) {
      return rpcError(CreateAccountError::Internal, text, Json(text));
    });
  }
}

// The next account index: one past the highest known.
std::uint32_t nextAccount(const HdWallet& wallet) {
  return wallet.accounts().empty() ? 0 : wallet.accounts().back().account_id + 1;
}

// KDF's task: the account is made known (scanned for used addresses when asked), read, and only
// then saved — a cancelled task stores nothing.
Task<Json> createAccountTask(Node& node, CreateAccountParams p,
                             std::shared_ptr<RpcTaskHandle> handle) {
  const auto coin = hdCoin<CreateAccountError>(node, p.coin);
  HdCoin* hd = coin.second;
  auto guard = co_await hd->hdLock().scoped();
  HdWallet& wallet = hd->hdWallet();
  if (wallet.publicOnly() && !hd->deviceAccountLoader()) {
    const std::string message = "this coin's hardware wallet cannot add accounts";
    throw rpcError(CreateAccountError::Internal, message, Json(message));
  }
  const std::uint32_t account_id = p.account_id.value_or(nextAccount(wallet));
  if (account_id >= kMaxAccounts) {
    throw rpcError(
        CreateAccountError::AccountLimitReached,
        "Accounts limit reached. Max number of accounts: " + std::to_string(kMaxAccounts),
        Json{{"max_accounts_number", kMaxAccounts}});
  }
  // A hardware wallet's: the account's key from the device (PIN, passphrase and buttons through
  // this task's user_action) before the account exists.
  // (An account the wallet has already has its key from the activation: not asked again.)
  const bool ask_device = wallet.publicOnly() && wallet.findAccount(account_id) == nullptr;
  if (ask_device) co_await loadDeviceAccount(*hd, account_id, handle);
  wallet.ensureAccount(account_id);
  HdAddressesUsedCheck check = [hd](std::vector<HdAddressRef> refs) {
    return hd->addressesUsed(std::move(refs));
  };
  const std::uint32_t gap_limit = p.gap_limit.value_or(hd->gapLimit());
  if (p.scan)
    co_await overTransport(scanHdAccount(wallet, account_id, check, gap_limit),
                           CreateAccountError::Transport);
  handle->setProgress("RequestingAccountBalance");
  HdAddressesReader read = [hd](std::vector<HdAddressRef> refs) {
    return hd->readAddresses(std::move(refs));
  };
  const WalletAccountInfo info = co_await overTransport(
      hdAccountBalance(wallet, hd->hdColumns(), account_id, read), CreateAccountError::Transport);
  handle->setProgress("Finishing");
  handle->throwIfCancelled();
  co_await overTransport(hd->addressesAdded(wallet.knownAddresses(account_id)),
                         CreateAccountError::Transport);
  co_return info.toJson();
}

void checkScan(RequestContext& ctx, const ScanAddressesParams& p) {
  const auto coin = hdCoin<HdAccountBalanceError>(ctx.node, p.coin);
  HdCoin* hd = coin.second;
  checkAccount<HdAccountBalanceError>(*hd, p.account_index);
}

Task<Json> scanForNewAddresses(Node& node, ScanAddressesParams p,
                               std::shared_ptr<RpcTaskHandle> handle) {
  handle->setProgress("InProgress");
  const auto coin = hdCoin<HdAccountBalanceError>(node, p.coin);
  HdCoin* hd = coin.second;
  auto guard = co_await hd->hdLock().scoped();
  checkAccount<HdAccountBalanceError>(*hd, p.account_index);
  HdWallet& wallet = hd->hdWallet();
  HdAddressesUsedCheck check = [hd](std::vector<HdAddressRef> refs) {
    return hd->addressesUsed(std::move(refs));
  };
  const std::vector<HdAddressRef> made = co_await overTransport(
      scanHdAccount(wallet, p.account_index, check, p.gap_limit.value_or(hd->gapLimit())),
      HdAccountBalanceError::Transport);
  if (!made.empty())
    co_await overTransport(hd->addressesAdded(made), HdAccountBalanceError::Transport);
  HdAddressesReader read = [hd](std::vector<HdAddressRef> refs) {
    return hd->readAddresses(std::move(refs));
  };
  const std::vector<AccountAddressInfo> lines = co_await overTransport(
      hdAddressInfos(wallet, hd->hdColumns(), made, read), HdAccountBalanceError::Transport);
  ScanAddressesInfo info;
  info.account_index = p.account_index;
  info.derivation_path = wallet.accountPath(p.account_index).str();
  info.new_addresses = lines;
  co_return info.toJson();
}

}  // namespace

void registerHdMethods(MethodTable& t) {
  t.declare("HDAddressBalance",
            "{ address: string; derivation_path: string; chain: \"External\" | \"Internal\"; "
            "balance: Record<string, BalanceInfo>; relay_address?: string /* TRON with a relay "
            "provider */ }");
  t.declare("PagingOptions", "{ PageNumber: number } | { FromId: number }");
  t.add({"get_new_address", "{ new_address: HDAddressBalance }", MethodAccess::Protected,
         typedHandler(&getNewAddress), nullptr});
  addRpcTaskMethods<NewAddressParams>(t, "get_new_address", "{ new_address: HDAddressBalance }",
                                      &checkNewAddress, &newAddressTask, "Preparing");
  const std::string balance_result =
      "{ account_index: number; derivation_path: string; addresses: HDAddressBalance[]; "
      "page_balance: Record<string, BalanceInfo>; limit: number; skipped: number; total: number; "
      "total_pages: number; paging_options: PagingOptions }";
  t.add({"account_balance", balance_result, MethodAccess::Protected,
         typedHandler(&accountBalanceMethod), nullptr});
  addRpcTaskMethods<InitAccountBalanceParams>(t, "account_balance", "HDAccountBalance",
                                              &checkAccountBalance, &accountBalanceTask,
                                              "RequestingAccountBalance");
  addRpcTaskMethods<CreateAccountParams>(t, "create_new_account", "HDAccountBalance",
                                         &checkCreateAccount, &createAccountTask, "Preparing");
  addRpcTaskMethods<ScanAddressesParams>(
      t, "scan_for_new_addresses",
      "{ account_index: number; derivation_path: string; new_addresses: HDAddressBalance[] }",
      &checkScan, &scanForNewAddresses, "InProgress");
}

}  // namespace walletd
