// The shared models of transactions (FeeInfo, WithdrawFee, TransactionDetails; withdraw itself is
// in withdraw_methods.cpp); send_raw_transaction {coin, tx_hex | tx_json} → {tx_hash};
// sign_raw_transaction {coin, type, tx} → {tx_hex}; my_tx_history (v2) → a page. The coin's family
// does the work; peer failures become each method's Transport error.
#include "core/coins/transaction_methods.h"

#include "core/coins/active_coin_lookup.h"
#include "core/coins/transport_error.h"
#include "core/encoding/hex.h"
#include "core/node/node.h"
#include "core/wallet/hd/hd_objects.h"

namespace walletd {
namespace {

// 0x-prefixed or bare hex of whole bytes, else KDF's InvalidParam "tx_hex is not a hex string".
struct RawTxHex {
  static Bytes decode(const Json& v, const std::string& path) {
    const std::string hex = decodeString(v, path);
    const std::string digits = hex.rfind("0x", 0) == 0 ? hex.substr(2) : hex;
    if (digits.empty() || digits.size() % 2 != 0 || !isHex(digits)) {
      throw rpcError(RawTransactionError::InvalidParam, "tx_hex is not a hex string",
                     Json("tx_hex is not a hex string"));
    }
    return fromHex(digits);
  }
  static std::string ts() { return "string"; }
};

struct SendRawParams {
  SendRawRequest request;
  static const ObjectSchema<SendRawParams>& schema() {
    static const auto s = ObjectSchema<SendRawRequest>()
                              .required("coin", &SendRawRequest::coin)
                              .optional<RawTxHex>("tx_hex", &SendRawRequest::tx_bytes)
                              .optional("tx_json", &SendRawRequest::tx_json)
                              .exactlyOneOf({"tx_hex", "tx_json"})
                              .as(&SendRawParams::request);
    return s;
  }
};

// A transaction description the coin's family reads (with `tx_path` in its messages); its type
// is the family's declared one.
template <const char* kTypeName>
struct RawTxInfoField {
  static Json decode(const Json& v, const std::string& path) {
    if (!v.is_object())
      throwInvalidParams(path + ": invalid type: " + describeJsonType(v) + ", expected an object");
    return v;
  }
  static std::string ts() { return kTypeName; }
};
constexpr char kEthRawTxInfo[] = "EthRawTxInfo";
constexpr char kObject[] = "object";

ObjectSchema<SignRawRequest> signRawFields(bool eth) {
  auto fields = ObjectSchema<SignRawRequest>().required("coin", &SignRawRequest::coin);
  auto tx_path = [](SignRawRequest& q, const ParamsReader& r) { q.tx_path = r.fieldPath("tx"); };
  if (eth)
    return std::move(fields)
        .required<RawTxInfoField<kEthRawTxInfo>>("tx", &SignRawRequest::tx)
        .then(tx_path);
  return std::move(fields)
      .required<RawTxInfoField<kObject>>("tx", &SignRawRequest::tx)
      .then(tx_path);
}

// KDF's SignRawTransactionEnum, tagged by `type`.
struct SignRawParams {
  SignRawRequest request;
  static const TaggedSchema<SignRawParams>& schema() {
    static const auto s = TaggedSchema<SignRawRequest>("type", &SignRawRequest::type)
                              .variant("ETH", signRawFields(true))
                              .variant("UTXO", signRawFields(false))
                              .as(&SignRawParams::request);
    return s;
  }
};

Task<Json> sendRawTransaction(RequestContext& ctx, SendRawParams p) {
  auto coin = activeCoinOr(ctx.node.activeCoins(), p.request.coin, RawTransactionError::NoSuchCoin);
  if (p.request.tx_json) {
    co_return co_await overTransport(coin->sendRawJson(std::move(p.request)),
                                     RawTransactionError::Transport);
  }
  std::string hash = co_await overTransport(coin->sendRawTransaction(std::move(p.request)),
                                            RawTransactionError::Transport);
  co_return Json{{"tx_hash", std::move(hash)}};
}

Task<Json> signRawTransaction(RequestContext& ctx, SignRawParams p) {
  auto coin = activeCoinOr(ctx.node.activeCoins(), p.request.coin, RawTransactionError::NoSuchCoin);
  std::string hex = co_await overTransport(coin->signRawTransaction(std::move(p.request)),
                                           RawTransactionError::Transport);
  co_return Json{{"tx_hex", std::move(hex)}};
}

// KDF's MyTxHistoryTarget, tagged by `type`; read to check it (the coin reads the JSON).
struct HistoryTarget {
  std::string type;
  std::uint32_t account_id = 0;
  Bip44Chain chain = Bip44Chain::External;
  std::uint32_t address_id = 0;
  static const TaggedSchema<HistoryTarget>& schema() {
    static const auto s =
        TaggedSchema<HistoryTarget>("type", &HistoryTarget::type)
            .variant("iguana", ObjectSchema<HistoryTarget>())
            .variant("account_id", ObjectSchema<HistoryTarget>().required(
                                       "account_id", &HistoryTarget::account_id))
            .variant("address_id", ObjectSchema<HistoryTarget>()
                                       .required("account_id", &HistoryTarget::account_id)
                                       .required<Bip44ChainField>("chain", &HistoryTarget::chain)
                                       .required("address_id", &HistoryTarget::address_id));
    return s;
  }
};

struct HistoryTargetField {
  static Json decode(const Json& v, const std::string& path) {
    HistoryTarget::schema().fromJson(v, path);
    return v;
  }
  static std::string ts() { return "HistoryTarget"; }
};

// KDF's PagingOptionsEnum over transaction ids: {PageNumber} or {FromId}.
struct TxPaging {
  std::optional<std::uint32_t> page_number;
  std::optional<std::string> from_id;
  static const ObjectSchema<TxPaging>& schema() {
    static const auto s = ObjectSchema<TxPaging>()
                              .optional("PageNumber", &TxPaging::page_number, nullptr,
                                        [](const std::uint32_t& page, const std::string& path) {
                                          if (page == 0)
                                            throwInvalidParams(path + ": must be at least 1");
                                        })
                              .optional("FromId", &TxPaging::from_id)
                              .exactlyOneOf({"PageNumber", "FromId"});
    return s;
  }
};

struct TxHistoryParams {
  TxHistoryRequest request;
  std::optional<TxPaging> paging;
  static const ObjectSchema<TxHistoryParams>& schema() {
    static const auto s =
        ObjectSchema<TxHistoryRequest>()
            .required("coin", &TxHistoryRequest::coin)
            .fallback("limit", &TxHistoryRequest::limit, TxHistoryRequest::kDefaultLimit, nullptr,
                      &inRange<1, TxHistoryRequest::kMaxLimit>)
            .as(&TxHistoryParams::request)
            .optional("paging_options", &TxHistoryParams::paging)
            .then([](TxHistoryParams& p, const ParamsReader&) {
              if (!p.paging) return;
              p.request.from_id = p.paging->from_id;
              if (p.paging->page_number) p.request.page_number = *p.paging->page_number;
            })
            .fallback<HistoryTargetField>("target", &TxHistoryParams::target,
                                          Json{{"type", "iguana"}});
    return s;
  }
  Json target;
};

Task<Json> myTxHistory(RequestContext& ctx, TxHistoryRequest req);

Task<Json> myTxHistoryMethod(RequestContext& ctx, TxHistoryParams p) {
  p.request.target = std::move(p.target);
  return myTxHistory(ctx, std::move(p.request));
}

Task<Json> myTxHistory(RequestContext& ctx, TxHistoryRequest req) {
  auto coin = ctx.node.activeCoins().find(req.coin);
  if (!coin) throw rpcError(TxHistoryError::CoinIsNotActive, req.coin, Json(req.coin));
  const std::string ticker = req.coin;
  const std::uint32_t limit = req.limit;
  Json target = req.target;
  Json paging =
      req.from_id ? Json{{"FromId", *req.from_id}} : Json{{"PageNumber", req.page_number}};
  const TxHistoryPage page =
      co_await overTransport(coin->txHistory(std::move(req)), TxHistoryError::RpcError);
  Json transactions = Json::array();
  for (std::size_t i = 0; i < page.transactions.size(); ++i) {
    Json tx = page.transactions[i].toJson();
    tx["confirmations"] = i < page.confirmations.size() ? page.confirmations[i] : 0;
    transactions.push_back(std::move(tx));
  }
  Json out = Json::object();
  out["coin"] = ticker;
  out["target"] = std::move(target);
  out["current_block"] = page.current_block;
  out["transactions"] = std::move(transactions);
  out["sync_status"] = Json{{"state", page.sync_state}};
  if (page.sync_info.is_object()) out["sync_status"]["additional_info"] = page.sync_info;
  out["limit"] = limit;
  out["skipped"] = page.skipped;
  out["total"] = page.total;
  out["total_pages"] = limit == 0 ? 0 : (page.total + limit - 1) / limit;
  out["paging_options"] = std::move(paging);
  co_return out;
}

// KDF's legacy my_tx_history request ({coin, from_id, max, limit = 10, page_number}, read from
// the request's top level; unknown keys ignored), over the same history as the v2 form.
struct LegacyTxHistoryParams {
  TxHistoryRequest request;
  bool max = false;
  std::optional<std::uint32_t> page_number;
  static const ObjectSchema<LegacyTxHistoryParams>& schema() {
    static const auto s =
        ObjectSchema<TxHistoryRequest>()
            .required("coin", &TxHistoryRequest::coin)
            .fallback("limit", &TxHistoryRequest::limit, TxHistoryRequest::kDefaultLimit,
                      "0: every record")
            .optional("from_id", &TxHistoryRequest::from_id)
            .as(&LegacyTxHistoryParams::request)
            .fallback("max", &LegacyTxHistoryParams::max, false, "true: every record")
            .optional("page_number", &LegacyTxHistoryParams::page_number, nullptr,
                      [](const std::uint32_t& page, const std::string& path) {
                        if (page == 0) throwInvalidParams(path + ": expected a nonzero usize");
                      })
            .then([](LegacyTxHistoryParams& p, const ParamsReader&) {
              TxHistoryRequest& q = p.request;
              if (q.limit == 0 || q.limit > TxHistoryRequest::kMaxLimit || p.max)
                q.limit = TxHistoryRequest::kMaxLimit;  // "max": every record (up to the cap)
              if (p.page_number) q.page_number = *p.page_number;
            });
    return s;
  }
};

// {"result": {transactions, limit, skipped, from_id, total, current_block, sync_status,
// page_number, total_pages}}: KDF's legacy answer.
Task<Json> myTxHistoryLegacy(RequestContext& ctx, LegacyTxHistoryParams p) {
  const bool paged = !p.request.from_id;
  const Json from_id = p.request.from_id ? Json(*p.request.from_id) : Json();
  const std::uint32_t page_number = p.request.page_number;
  Json v2 = co_await myTxHistory(ctx, std::move(p.request));
  Json out = Json::object();
  for (const char* key :
       {"transactions", "limit", "skipped", "total", "current_block", "sync_status", "total_pages"})
    out[key] = std::move(v2[key]);
  out["from_id"] = from_id;
  out["page_number"] = paged ? Json(page_number) : Json();
  co_return Json{{"result", std::move(out)}};
}

}  // namespace

void registerTransactionMethods(MethodTable& t) {
  t.declare("Decimal", "string | number");
  t.declare("FeeInfo", FeeInfo::declaredType());
  t.declare(
      "WithdrawFee",
      "{ type: \"Utxo\"; coin: string; amount: string } | "
      "{ type: \"Eth\"; coin: string; gas: number; gas_price: string; total_fee: string; "
      "max_fee_per_gas: string | null; max_priority_fee_per_gas: string | null } | "
      "{ type: \"Qrc20\"; coin: string; miner_fee: string; gas_limit: number; gas_price: "
      "number; total_gas_fee: string } | "
      "{ type: \"Tendermint\"; coin: string; amount: string; gas_limit: number } | "
      "{ type: \"Tron\"; coin: string; bandwidth_used: number; energy_used: number; "
      "bandwidth_fee: string; energy_fee: string; account_creation_fee?: string; total_fee: "
      "string } | "
      "{ type: \"TronGasless\"; coin: string; fee_method: \"gasless\"; provider_name: string; "
      "relay_address: string; transfer_fee: string; activation_fee?: string; "
      "total_token_fee: string; signed_max_fee?: string; trace_id: string | null }");
  // A transaction, or (spec §4.1 rule 7) a relay's signed authorization in its place.
  t.declare("TransactionDetails",
            "{ from: string[]; to: string[]; total_amount: string; spent_by_me: string; "
            "received_by_me: string; my_balance_change: string; block_height: number; timestamp: "
            "number; fee_details: WithdrawFee; coin: string; internal_id: string; "
            "transaction_type: string; memo: string | null; kmd_rewards?: { amount: string; "
            "claimed_by_me: boolean } /* KMD: the interest claimed */ } & ({ tx_hex: string; "
            "tx_hash: string "
            "} | RelayAuthorization)");
  t.declare("RelayAuthorization",
            "{ relay_type: \"tron_relay\"; chain_id: string; coin: string; from_address: string; "
            "relay_address: string; verifying_contract: string; signed_authorization: { token: "
            "string; service_provider: string; user: string; receiver: string; value: string; "
            "max_fee: string; deadline: string; version: string; nonce: string; sig: string }; "
            "created_at: string }");
  t.declare("WithdrawFromInfo", WithdrawFromInfo::schema().ts());
  t.declare("HistoryTarget", HistoryTarget::schema().ts());
  t.add({"send_raw_transaction",
         "{ tx_hash: string } | { relay_type: \"tron_relay\"; trace_id: string; state: string "
         "/* tx_json: a relay authorization submitted (docs/gasless.md) */ }",
         MethodAccess::Protected, typedHandler(&sendRawTransaction),
         legacyHandler(&sendRawTransaction)});
  t.add({"sign_raw_transaction", "{ tx_hex: string }", MethodAccess::Protected,
         typedHandler(&signRawTransaction), nullptr});
  t.add({"my_tx_history",
         "{ coin: string; target: HistoryTarget; current_block: number; transactions: "
         "(TransactionDetails & { confirmations: number })[]; sync_status: { state: string; "
         "additional_info?: { error: string } }; "
         "limit: number; skipped: number; total: number; total_pages: number; paging_options: "
         "{ PageNumber: number } | { FromId: string } }",
         MethodAccess::Protected, typedHandler(&myTxHistoryMethod),
         legacyHandler(&myTxHistoryLegacy)});
}

}  // namespace walletd
