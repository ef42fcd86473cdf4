// z_coin_tx_history: the page is chosen from the stored wallet (no peer); then, over the coin's
// Electrum servers as KDF reads them, the tip, the page's transactions and their transparent
// inputs' previous transactions (one batch each, every transaction once).
#include "core/coins/zhtlc/zhtlc_history_methods.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/coins/transport_error.h"
#include "core/coins/tx_history.h"
#include "core/coins/zhtlc/sapling_encoding.h"
#include "core/coins/zhtlc/sapling_transaction.h"
#include "core/coins/zhtlc/zhtlc_coin.h"
#include "core/encoding/hex.h"
#include "core/encoding/uint256.h"
#include "core/encoding/wire.h"
#include "core/node/node.h"
#include "core/rpc/schema.h"

namespace walletd {
namespace {

// An i64 as serde reads one: any JSON integer in range.
struct I64Field {
  static std::int64_t decode(const Json& v, const std::string& path) {
    if (!v.is_number_integer())
      throwInvalidParams(path + ": invalid type: " + describeJsonType(v) + ", expected i64");
    return v.get<std::int64_t>();
  }
  static std::string ts() { return "number"; }
};

// KDF's PagingOptionsEnum<i64>: {PageNumber: n ≥ 1} or {FromId: internal_id}.
struct ZPaging {
  std::optional<std::uint32_t> page_number;
  std::optional<std::int64_t> from_id;
  static const ObjectSchema<ZPaging>& schema() {
    static const auto s =
        ObjectSchema<ZPaging>()
            .optional("PageNumber", &ZPaging::page_number, nullptr, &inRange<1, 0xffffffffULL>)
            .optional<I64Field>("FromId", &ZPaging::from_id)
            .exactlyOneOf({"PageNumber", "FromId"});
    return s;
  }
};

struct ZHistoryParams {
  std::string coin;
  std::uint32_t limit = 10;
  std::optional<ZPaging> paging;
  std::optional<Json> target;
  static const ObjectSchema<ZHistoryParams>& schema() {
    using P = ZHistoryParams;
    static const auto s =
        ObjectSchema<P>()
            .required("coin", &P::coin)
            .fallback("limit", &P::limit, 10u, nullptr, &inRange<1, TxHistoryRequest::kMaxLimit>)
            .optional("paging_options", &P::paging, "default {PageNumber: 1}")
            .optional<AnyValue>("target", &P::target, "echoed; default {type: \"iguana\"}");
    return s;
  }
  static std::string tsType() { return "ZCoinTxHistoryParams"; }
};

// A row of the stored wallet: its transaction, and what it paid to and took from the wallet.
// Copied, not pointed at: a sync round may change the wallet while the history awaits Electrum.
struct WalletRow {
  std::int64_t internal_id = 0;
  WalletTx tx;
  std::uint64_t received = 0, spent = 0;
};

std::vector<WalletRow> walletRows(const WalletState& state) {
  std::vector<WalletRow> rows;
  for (std::size_t i = 0; i < state.txs.size(); ++i) {
    WalletRow row{static_cast<std::int64_t>(i) + 1, state.txs[i]};
    for (const WalletNote& n : state.notes) {
      if (n.txid == state.txs[i].txid) row.received += n.value;
      if (n.spent_txid && *n.spent_txid == state.txs[i].txid) row.spent += n.value;
    }
    rows.push_back(row);
  }
  // Newest block first; in a block, in the order the scan found them (KDF: id_tx ascending).
  std::stable_sort(rows.begin(), rows.end(), [](const WalletRow& a, const WalletRow& b) {
    return a.tx.height > b.tx.height;
  });
  return rows;
}

std::string amount(std::uint64_t zatoshi) {
  return UInt256(zatoshi).toDecimal(ZhtlcCoin::kDecimals);
}

std::string signedAmount(std::int64_t zatoshi) {
  const std::uint64_t magnitude =
      zatoshi < 0 ? 0 - static_cast<std::uint64_t>(zatoshi) : static_cast<std::uint64_t>(zatoshi);
  std::string text = amount(magnitude);
  if (zatoshi < 0) text.insert(text.begin(), '-');  // not "-" + text: GCC 12's -Wrestrict
  return text;
}

using FullTransactions = std::map<ByteArray<32>, SaplingTransaction>;

// The page's transactions and the previous transactions of their transparent inputs.
Task<FullTransactions> pageTransactions(ZhtlcTransparent& electrum,
                                        const std::vector<WalletRow>& page) {
  std::vector<ByteArray<32>> txids;
  txids.reserve(page.size());
  for (const WalletRow& row : page) txids.push_back(row.tx.txid);
  FullTransactions full = co_await electrum.transactions(txids);
  std::vector<ByteArray<32>> previous;
  for (const auto& [txid, tx] : full) {
    for (const TransparentInput& input : tx.inputs) {
      if (!full.count(input.prev_txid)) previous.push_back(input.prev_txid);
    }
  }
  FullTransactions more = co_await electrum.transactions(previous);
  full.merge(more);
  co_return full;
}

// DEX fee outputs are sealed with this outgoing viewing key (KDF's DEX_FEE_OVK).
constexpr ByteArray<32> kDexFeeOvk = [] {
  ByteArray<32> k{};
  for (auto& b : k) b = 7;
  return k;
}();

Json rowJson(const ZhtlcCoin& coin, const WalletRow& row, const FullTransactions& full,
             std::uint64_t current_block) {
  const SaplingTransaction& tx = full.at(row.tx.txid);
  const ZhtlcProtocol& protocol = coin.protocol();
  std::set<std::string> from, to;
  std::uint64_t transparent_in = 0, transparent_out = 0;
  for (const TransparentInput& input : tx.inputs) {
    const auto& outputs = full.at(input.prev_txid).outputs;
    if (input.prev_index >= outputs.size()) continue;
    transparent_in += outputs[input.prev_index].value;
    if (auto a = protocol.transparentAddress(outputs[input.prev_index].script)) from.insert(*a);
  }
  for (const TransparentOutput& output : tx.outputs) {
    transparent_out += output.value;
    if (auto a = protocol.transparentAddress(output.script)) to.insert(*a);
  }
  if (row.spent > 0) from.insert(coin.myAddress());
  if (row.received > 0) to.insert(coin.myAddress());
  for (const SaplingOutput& output : tx.shielded_outputs) {
    for (const ByteArray<32>* ovk : {&coin.ovk(), &kDexFeeOvk}) {
      if (auto recovered = sapling::tryRecoverWithOvk(*ovk, output.ciphertexts)) {
        sapling::PaymentAddress address{recovered->note.diversifier, recovered->note.g_d,
                                        recovered->note.pk_d};
        to.insert(encodeSaplingAddress(protocol.hrp_address, address));
      }
    }
  }
  const std::int64_t fee = tx.value_balance + static_cast<std::int64_t>(transparent_in) -
                           static_cast<std::int64_t>(transparent_out);
  const std::int64_t height = static_cast<std::int64_t>(row.tx.height);
  return Json{{"tx_hash", toReversedHex(row.tx.txid)},
              {"from", from},
              {"to", to},
              {"spent_by_me", amount(row.spent)},
              {"received_by_me", amount(row.received)},
              {"my_balance_change", signedAmount(static_cast<std::int64_t>(row.received) -
                                                 static_cast<std::int64_t>(row.spent))},
              {"block_height", height},
              {"confirmations",
               std::max<std::int64_t>(0, static_cast<std::int64_t>(current_block) - height + 1)},
              {"timestamp", row.tx.time},
              {"transaction_fee", signedAmount(fee)},
              {"coin", coin.ticker()},
              {"internal_id", row.internal_id}};
}

Task<Json> history(ZhtlcCoin& coin, ZHistoryParams p) {
  const std::vector<WalletRow> rows = walletRows(coin.walletState());
  // 64 bits: a page number times the limit overflows wasm's 32-bit size_t.
  std::uint64_t skip = 0;
  if (p.paging && p.paging->from_id) {
    const auto it = std::find_if(rows.begin(), rows.end(), [&](const WalletRow& r) {
      return r.internal_id == *p.paging->from_id;
    });
    if (it == rows.end()) {
      const std::string message =
          "from_id " + std::to_string(*p.paging->from_id) + " does not exist";
      throw rpcError(TxHistoryError::StorageError, message, Json(message));
    }
    skip = static_cast<std::uint64_t>(it - rows.begin()) + 1;
  } else if (p.paging && p.paging->page_number) {
    skip = static_cast<std::uint64_t>(*p.paging->page_number - 1) * p.limit;
  }
  const std::uint64_t tip = co_await coin.transparent().currentBlock();
  const std::uint64_t first = std::min<std::uint64_t>(skip, rows.size());
  const std::uint64_t last = std::min<std::uint64_t>(skip + p.limit, rows.size());
  const std::vector<WalletRow> page(rows.begin() + static_cast<std::ptrdiff_t>(first),
                                    rows.begin() + static_cast<std::ptrdiff_t>(last));
  const FullTransactions full = co_await pageTransactions(coin.transparent(), page);
  Json transactions = Json::array();
  for (const WalletRow& row : page) transactions.push_back(rowJson(coin, row, full, tip));
  Json paging =
      p.paging && p.paging->from_id
          ? Json{{"FromId", *p.paging->from_id}}
          : Json{{"PageNumber", p.paging && p.paging->page_number ? *p.paging->page_number : 1u}};
  co_return Json{{"coin", coin.ticker()},
                 {"target", p.target.value_or(Json{{"type", "iguana"}})},
                 {"current_block", tip},
                 {"transactions", std::move(transactions)},
                 {"sync_status", {{"state", "Finished"}}},
                 {"limit", p.limit},
                 {"skipped", first},
                 {"total", rows.size()},
                 {"total_pages", (rows.size() + p.limit - 1) / p.limit},
                 {"paging_options", std::move(paging)}};
}

Task<Json> zCoinTxHistory(RequestContext& ctx, ZHistoryParams p) {
  auto active = ctx.node.activeCoins().find(p.coin);
  if (!active) throw rpcError(TxHistoryError::CoinIsNotActive, p.coin, Json(p.coin));
  auto coin = std::dynamic_pointer_cast<ZhtlcCoin>(active);
  if (!coin) throw rpcError(TxHistoryError::NotSupportedFor, p.coin, Json(p.coin));
  co_return co_await overTransport(history(*coin, std::move(p)), TxHistoryError::RpcError);
}

}  // namespace

void registerZhtlcHistory(MethodTable& t) {
  t.declare("ZCoinTxHistoryParams", ZHistoryParams::schema().ts());
  t.add({"z_coin_tx_history",
         "{ coin: string; target: object; current_block: number; transactions: { tx_hash: "
         "string; from: string[]; to: string[]; spent_by_me: string; received_by_me: string; "
         "my_balance_change: string; block_height: number; confirmations: number; timestamp: "
         "number; transaction_fee: string; coin: string; internal_id: number }[]; sync_status: { "
         "state: string }; limit: number; skipped: number; total: number; total_pages: number; "
         "paging_options: { PageNumber: number } | { FromId: number } }",
         MethodAccess::Protected, typedHandler(&zCoinTxHistory), nullptr});
}

}  // namespace walletd
