// The shared models of transactions (FeeInfo, WithdrawFee, TransactionDetails; withdraw itself is
// in withdraw_methods.cpp); send_raw_transaction {coin, tx_hex | tx_json} → {tx_hash};
// sign_raw_transaction {coin, type, tx} → {tx_hex}; my_tx_history (v2) → a page. The coin's family
// does the work; peer failures become each method's Transport error.
#include "core/coins/transaction_methods.h"

#include "core/coins/active_coin_lookup.h"
#include "core/coins/transport_error.h"
#include "core/encoding/hex.h"
#include "core/node/node.h"

namespace walletd {
namespace {

struct SendRawParams {
  SendRawRequest request;
  static SendRawParams parse(ParamsReader& r) {
    SendRawParams p;
    p.request.coin = r.required<std::string>("coin");
    auto hex = r.optional<std::string>("tx_hex");
    p.request.tx_json = r.optional<Json>("tx_json");
    if (hex.has_value() == p.request.tx_json.has_value())
      throwInvalidParams(r.path() + ": expected exactly one of `tx_hex` and `tx_json`");
    if (hex) {
      const std::string digits = hex->rfind("0x", 0) == 0 ? hex->substr(2) : *hex;
      if (digits.empty() || digits.size() % 2 != 0 || !isHex(digits)) {
        throw rpcError(RawTransactionError::InvalidParam, "tx_hex is not a hex string",
                       Json("tx_hex is not a hex string"));
      }
      p.request.tx_bytes = fromHex(digits);
    }
    return p;
  }
};

struct SignRawParams {
  SignRawRequest request;
  static SignRawParams parse(ParamsReader& r) {
    SignRawParams p;
    p.request.coin = r.required<std::string>("coin");
    p.request.type = r.required<std::string>("type");
    if (p.request.type != "ETH" && p.request.type != "UTXO") {  // KDF's SignRawTransactionEnum
      throwInvalidParams(r.fieldPath("type") + ": unknown variant `" +
                         p.request.type.substr(0, 60) + "`, expected `UTXO` or `ETH`");
    }
    p.request.tx = r.required<Json>("tx");
    p.request.tx_path = r.fieldPath("tx");
    if (!p.request.tx.is_object())
      throwInvalidParams(p.request.tx_path + ": invalid type: " + describeJsonType(p.request.tx) +
                         ", expected an object");
    return p;
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
  static LegacyTxHistoryParams parse(ParamsReader& r) {
    LegacyTxHistoryParams p;
    p.request.coin = r.required<std::string>("coin");
    p.max = r.optionalOr<bool>("max", false);
    p.request.limit = r.optionalOr<std::uint32_t>("limit", TxHistoryRequest::kDefaultLimit);
    if (p.request.limit == 0 || p.request.limit > TxHistoryRequest::kMaxLimit || p.max)
      p.request.limit = TxHistoryRequest::kMaxLimit;  // "max": every record (up to the cap)
    p.request.from_id = r.optional<std::string>("from_id");
    if (auto page = r.optional<std::uint32_t>("page_number")) {
      if (*page == 0) throwInvalidParams(r.fieldPath("page_number") + ": expected a nonzero usize");
      p.request.page_number = *page;
    }
    return p;
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

TxHistoryRequest TxHistoryRequest::parse(ParamsReader& r) {
  TxHistoryRequest q;
  q.coin = r.required<std::string>("coin");
  q.limit = r.optionalOr<std::uint32_t>("limit", kDefaultLimit);
  if (q.limit == 0 || q.limit > kMaxLimit)
    throwInvalidParams(r.fieldPath("limit") + ": out of range 1.." + std::to_string(kMaxLimit));
  if (auto paging = r.optional<Json>("paging_options")) {
    ParamsReader p(*paging, r.fieldPath("paging_options"), false);
    if (p.has("FromId")) {
      q.from_id = p.required<std::string>("FromId");
    } else {
      q.page_number = p.required<std::uint32_t>("PageNumber");
      if (q.page_number == 0)
        throwInvalidParams(p.fieldPath("PageNumber") + ": must be at least 1");
    }
    p.ignoreUnknown();
  }
  if (auto target = r.optional<Json>("target")) {
    ParamsReader t(*target, r.fieldPath("target"), false);
    const std::string type = t.required<std::string>("type");
    if (type == "account_id") {
      t.required<std::uint32_t>("account_id");
    } else if (type == "address_id") {
      t.required<std::uint32_t>("account_id");
      t.required<std::string>("chain");
      t.required<std::uint32_t>("address_id");
    } else if (type != "iguana") {
      throwInvalidParams(t.fieldPath("type") + ": unknown variant `" + type.substr(0, 60) +
                         "`, expected `iguana`, `account_id` or `address_id`");
    }
    t.ignoreUnknown();
    q.target = *target;
  }
  return q;
}

void registerTransactionMethods(MethodTable& t) {
  t.declare("Decimal", "string | number");
  t.declare("FeeInfo",
            "{ type: \"UtxoFixed\" | \"UtxoPerKbyte\"; amount: Decimal } | "
            "{ type: \"UtxoPriority\"; priority: \"Low\" | \"Normal\" | \"High\" } | "
            "{ type: \"EthGas\"; gas_price: Decimal; gas: number } | "
            "{ type: \"EthGasEip1559\"; max_fee_per_gas: Decimal; max_priority_fee_per_gas: "
            "Decimal; gas_option?: { type: \"Calc\" } | { type: \"Set\"; gas: number } } | "
            "{ type: \"Qrc20Gas\"; gas_limit: number; gas_price: Decimal } | "
            "{ type: \"CosmosGas\"; gas_limit: number; gas_price: number }");
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
  t.declare("WithdrawFromInfo",
            "{ derivation_path: string } | { account_id: number; chain: \"External\" | "
            "\"Internal\"; address_id: number }");
  t.declare("HistoryTarget",
            "{ type: \"iguana\" } | { type: \"account_id\"; account_id: number } | { type: "
            "\"address_id\"; account_id: number; chain: \"External\" | \"Internal\"; address_id: "
            "number }");
  t.add({"send_raw_transaction",
         "{ coin: string; tx_hex: string } | { coin: string; tx_json: object }",
         "{ tx_hash: string } | { relay_type: \"tron_relay\"; trace_id: string; state: string "
         "/* tx_json: a relay authorization submitted (docs/gasless.md) */ }",
         MethodAccess::Protected, typedHandler(&sendRawTransaction),
         legacyHandler(&sendRawTransaction)});
  t.add({"sign_raw_transaction",
         "{ coin: string; type: \"ETH\"; tx: { to?: string; value?: string | number; data?: "
         "string; gas_limit: string | number; pay_for_gas?: { tx_type: \"Legacy\"; gas_price: "
         "Decimal } | { tx_type: \"Eip1559\"; max_fee_per_gas: Decimal; "
         "max_priority_fee_per_gas: Decimal; min_wait_time?: number; max_wait_time?: number }; "
         "nonce?: number /* walletd: "
         "default the node's pending count */ } } | { coin: string; type: \"UTXO\"; tx: { tx_hex: "
         "string; prev_txns?: object[] } }",
         "{ tx_hex: string }", MethodAccess::Protected, typedHandler(&signRawTransaction),
         nullptr});
  t.add({"my_tx_history",
         "{ coin: string; limit?: number /* default " +
             std::to_string(TxHistoryRequest::kDefaultLimit) +
             " */; paging_options?: { PageNumber: number } | { FromId: string }; target?: "
             "HistoryTarget }",
         "{ coin: string; target: HistoryTarget; current_block: number; transactions: "
         "(TransactionDetails & { confirmations: number })[]; sync_status: { state: string; "
         "additional_info?: { error: string } }; "
         "limit: number; skipped: number; total: number; total_pages: number; paging_options: "
         "{ PageNumber: number } | { FromId: string } }",
         MethodAccess::Protected, typedHandler(&myTxHistory), legacyHandler(&myTxHistoryLegacy)});
}

}  // namespace walletd
