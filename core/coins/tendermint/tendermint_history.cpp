// A Tendermint platform's history: the sync loop over tx_search and the rows my_tx_history
// answers (tendermint_history.h).
#include "core/coins/tendermint/tendermint_history.h"

#include <algorithm>
#include <cstdio>

#include "core/async/rounds.h"
#include "core/coins/tendermint/cosmos_tx.h"
#include "core/coins/tendermint/tendermint_coins.h"
#include "core/crypto/hashes.h"
#include "core/encoding/base64.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/encoding/protobuf.h"

namespace walletd {
namespace {

constexpr const char* kNamespace = "tx_history";
// The two tx_search queries KDF asks, before the address.
constexpr const char* kQueries[] = {"coin_spent.spender = '", "coin_received.receiver = '"};

// A height or count CometBFT writes as a string (a number accepted).
std::uint64_t countOf(const Json& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (!value.is_string()) return 0;
  const std::string text = value.get<std::string>();
  if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != std::string::npos)
    return 0;
  return std::stoull(text);
}

// An event attribute's text: plain (CometBFT 0.37+) or base64 (0.34), told apart by `plain`.
std::string attributeText(const Json& value, bool plain) {
  std::string text = value.is_string() ? value.get<std::string>() : "";
  if (plain) return text;
  try {
    const Bytes decoded = base64Decode(text);
    return {decoded.begin(), decoded.end()};
  } catch (const EncodingError&) {
    return text;
  }
}

// {"spent": [[spender, amounts]…], "received": [[receiver, amounts]…]} of a tx_result's events.
Json coinMoves(const Json& events) {
  Json moves{{"spent", Json::array()}, {"received", Json::array()}};
  if (!events.is_array()) return moves;
  for (const Json& event : events) {
    const std::string type = event.value("type", "");
    const bool spent = type == "coin_spent";
    if (!spent && type != "coin_received") continue;
    const char* who = spent ? "spender" : "receiver";
    std::string address, amount;
    for (const Json& attribute : event.value("attributes", Json::array())) {
      const Json key_json = attribute.value("key", Json(""));
      const std::string raw_key = key_json.is_string() ? key_json.get<std::string>() : "";
      const bool plain = raw_key == who || raw_key == "amount" || raw_key == "msg_index";
      const std::string key = attributeText(key_json, plain);
      const std::string value = attributeText(attribute.value("value", Json("")), plain);
      if (key == who) address = value;
      if (key == "amount") amount = value;
    }
    if (!address.empty() && !amount.empty())
      moves[spent ? "spent" : "received"].push_back(Json::array({address, amount}));
  }
  return moves;
}

// The `denom` part of "123uatom,5ibc/ABC…" in base units.
UInt256 amountOf(const std::string& coins, const std::string& denom) {
  UInt256 total;
  std::size_t start = 0;
  while (start <= coins.size()) {
    const std::size_t end = std::min(coins.find(',', start), coins.size());
    const std::string coin = coins.substr(start, end - start);
    const std::size_t digits = coin.find_first_not_of("0123456789");
    if (digits != std::string::npos && digits > 0 && coin.substr(digits) == denom) {
      const auto value = UInt256::fromDecimal(coin.substr(0, digits), 0);
      if (value) total = total.add(*value).value_or(total);
    }
    start = end + 1;
  }
  return total;
}

Json storedJson(const StoredCosmosTx& tx) {
  return {{"hash", tx.hash},
          {"height", tx.height},
          {"timestamp", tx.timestamp},
          {"tx", base64Encode(tx.tx)},
          {"moves", tx.moves}};
}

std::optional<StoredCosmosTx> storedFrom(const std::string& text) {
  try {
    const Json j = Json::parse(text);
    return StoredCosmosTx{j.at("hash").get<std::string>(), j.at("height").get<std::uint64_t>(),
                          j.at("timestamp").get<std::uint64_t>(),
                          base64Decode(j.at("tx").get<std::string>()), j.at("moves")};
  } catch (const std::exception&) {
    return std::nullopt;  // synced again
  }
}

}  // namespace

std::optional<std::uint64_t> rfc3339Seconds(const std::string& text) {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, used = 0;
  if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &s, &used) !=
          6 ||
      text.empty() || text.back() != 'Z' || y < 1970 || mo < 1 || mo > 12 || d < 1 || d > 31)
    return std::nullopt;
  // Days from the civil date (Howard Hinnant's algorithm).
  const int yy = mo <= 2 ? y - 1 : y;
  const int era = yy / 400;
  const int yoe = yy - era * 400;
  const int doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  const std::int64_t days = static_cast<std::int64_t>(era) * 146097 + doe - 719468;
  return static_cast<std::uint64_t>(days * 86400 + h * 3600 + mi * 60 + s);
}

Task<void> TendermintHistory::load() {
  const StorageEntries entries = co_await storage_.scanPrefix(kNamespace, prefix_);
  for (const auto& [key, value] : entries) {
    if (auto tx = storedFrom(value)) txs_[tx->hash] = std::move(*tx);
  }
}

Task<void> TendermintHistory::sync(TendermintPlatform& platform, std::string address) {
  std::vector<StorageWrite> writes;
  std::map<std::uint64_t, std::uint64_t> block_times;
  for (const char* prefix : kQueries) {
    const std::string query = prefix + address + "'";
    for (std::uint32_t page = 1; page <= kMaxPagesPerRound; ++page) {
      const Json result = co_await platform.client().txSearch(query, page, kPerPage);
      const Json& txs = result["txs"];
      for (const Json& found : txs) {
        const std::string hash = found.value("hash", "");
        const Json outcome = found.value("tx_result", Json::object());
        if (hash.empty() || txs_.count(hash) || outcome.value("code", 0) != 0) continue;
        StoredCosmosTx tx;
        tx.hash = hash;
        tx.height = countOf(found.value("height", Json()));
        if (!block_times.count(tx.height))
          block_times[tx.height] = co_await platform.client().blockTime(tx.height);
        tx.timestamp = block_times[tx.height];
        const Json tx_text = found.value("tx", Json(""));
        tx.tx = base64Decode(tx_text.is_string() ? tx_text.get<std::string>() : "");
        tx.moves = coinMoves(outcome.value("events", Json::array()));
        writes.push_back({prefix_ + hash, storedJson(tx).dump()});
        txs_[hash] = std::move(tx);
      }
      const std::uint64_t total = countOf(result.value("total_count", Json()));
      if (txs.empty() || static_cast<std::uint64_t>(page) * kPerPage >= total) break;
    }
  }
  if (!writes.empty()) co_await storage_.applyBatch(kNamespace, std::move(writes));
}

namespace {

// What a history row reads from the transaction itself: its first message, memo and fee.
struct CosmosTxView {
  std::string type_url;
  Bytes msg;
  std::string memo;
  UInt256 fee;
  std::uint64_t gas_limit = 0;
};

std::string text(ByteView b) {
  return {reinterpret_cast<const char*>(b.data()), b.size()};
}

// The fields numbered `n` of a message, in order.
std::vector<ProtoField> fieldsOf(ByteView message, std::uint32_t n) {
  std::vector<ProtoField> out;
  ProtoReader reader(message);
  while (auto f = reader.next())
    if (f->number == n) out.push_back(*f);
  return out;
}

std::string stringField(ByteView message, std::uint32_t n) {
  const auto fields = fieldsOf(message, n);
  return fields.empty() ? "" : text(fields.back().bytes);
}

CosmosTxView viewOf(const Bytes& tx, const std::string& fee_denom) {
  CosmosTxView view;
  try {
    const auto body = fieldsOf(tx, 1), auth = fieldsOf(tx, 2);
    if (!body.empty()) {
      const auto messages = fieldsOf(body.back().bytes, 1);
      if (!messages.empty()) {
        view.type_url = stringField(messages.front().bytes, 1);
        const auto value = fieldsOf(messages.front().bytes, 2);
        if (!value.empty()) view.msg.assign(value.back().bytes.begin(), value.back().bytes.end());
      }
      view.memo = stringField(body.back().bytes, 2);
    }
    const auto fee = auth.empty() ? std::vector<ProtoField>{} : fieldsOf(auth.back().bytes, 2);
    if (!fee.empty()) {
      for (const ProtoField& coin : fieldsOf(fee.back().bytes, 1)) {
        if (stringField(coin.bytes, 1) == fee_denom)
          view.fee = UInt256::fromDecimal(stringField(coin.bytes, 2), 0).value_or(UInt256());
      }
      const auto gas = fieldsOf(fee.back().bytes, 2);
      if (!gas.empty()) view.gas_limit = gas.back().varint;
    }
  } catch (const ProtoError&) {
    // a transaction walletd cannot read still shows its coin movements
  }
  return view;
}

// from/to of the row: the message's parties where the message says them, else the addresses
// the events name.
void parties(TransactionDetails& d, const CosmosTxView& view, const StoredCosmosTx& tx,
             const std::string& denom) {
  const std::string& t = view.type_url;
  std::pair<std::uint32_t, std::uint32_t> fields{0, 0};
  if (t == "/cosmos.bank.v1beta1.MsgSend") fields = {1, 2};
  if (t == "/ibc.applications.transfer.v1.MsgTransfer") fields = {4, 5};
  if (t == "/cosmos.staking.v1beta1.MsgDelegate" || t == "/cosmos.staking.v1beta1.MsgUndelegate")
    fields = {1, 2};
  if (t == "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward") fields = {2, 1};
  if (fields.first != 0) {
    try {
      d.from = {stringField(view.msg, fields.first)};
      d.to = {stringField(view.msg, fields.second)};
      return;
    } catch (const ProtoError&) {
    }
  }
  for (const char* side : {"spent", "received"}) {
    for (const Json& move : tx.moves.value(side, Json::array())) {
      if (amountOf(move[1].get<std::string>(), denom).isZero()) continue;
      auto& list = std::string(side) == "spent" ? d.from : d.to;
      const std::string address = move[0].get<std::string>();
      if (std::find(list.begin(), list.end(), address) == list.end()) list.push_back(address);
    }
  }
}

std::string typeOf(const CosmosTxView& view, bool platform_row_of_token_send) {
  const std::string& t = view.type_url;
  if (t == "/ibc.applications.transfer.v1.MsgTransfer") return "TendermintIBCTransfer";
  if (t == "/cosmos.staking.v1beta1.MsgDelegate") return "StakingDelegation";
  if (t == "/cosmos.staking.v1beta1.MsgUndelegate") return "RemoveDelegation";
  if (t == "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward")
    return "ClaimDelegationRewards";
  return platform_row_of_token_send ? "FeeForTokenTx" : "StandardTransfer";
}

// The row of `tx` for `coin` and `address`, if the coin's denom moved for the address.
std::optional<TransactionDetails> rowOf(const StoredCosmosTx& tx, const CosmosHistoryCoin& coin,
                                        const TendermintChain& chain, const std::string& address) {
  UInt256 spent, received;
  for (const Json& move : tx.moves.value("spent", Json::array()))
    if (move[0] == address) spent = *spent.add(amountOf(move[1].get<std::string>(), coin.denom));
  for (const Json& move : tx.moves.value("received", Json::array()))
    if (move[0] == address)
      received = *received.add(amountOf(move[1].get<std::string>(), coin.denom));
  if (spent.isZero() && received.isZero()) return std::nullopt;
  const CosmosTxView view = viewOf(tx.tx, chain.denom);
  TransactionDetails d;
  d.tx_hex = toHex(tx.tx);
  d.tx_hash = tx.hash;
  parties(d, view, tx, coin.denom);
  d.setAmounts(spent > received ? spent : received, spent, received, coin.decimals);
  d.block_height = tx.height;
  d.timestamp = tx.timestamp;
  d.fee_details.value =
      TendermintFeeDetails{chain.ticker, view.fee.toDecimal(chain.decimals), view.gas_limit};
  d.coin = coin.ticker;
  Bytes id(tx.hash.begin(), tx.hash.end());
  if (!coin.token_id.empty()) {
    const Bytes token = fromHex(coin.token_id);
    id.insert(id.end(), token.begin(), token.end());
  }
  d.internal_id = toHex(sha256Bytes(id));  // the withdraw's internal_id of the same transaction
  const bool token_send_fee = coin.token_id.empty() && received.isZero() && spent == view.fee &&
                              view.type_url == "/cosmos.bank.v1beta1.MsgSend";
  d.transaction_type = typeOf(view, token_send_fee);
  d.memo = view.memo;
  return d;
}

}  // namespace

Task<TxHistoryPage> tendermintHistoryPage(TendermintPlatform& platform, CosmosHistoryCoin coin,
                                          TxHistoryRequest request) {
  TxHistoryPage page;
  page.current_block = co_await platform.client().latestHeight();
  const TendermintHistory* history = platform.history();
  if (history == nullptr) co_return page;  // sync_state NotEnabled: activated without tx_history
  page.sync_state = history->state;
  if (history->problem) page.sync_info = Json{{"error", *history->problem}};
  std::vector<const StoredCosmosTx*> listed;
  for (const auto& [hash, tx] : history->transactions()) listed.push_back(&tx);
  std::sort(listed.begin(), listed.end(), [](const StoredCosmosTx* a, const StoredCosmosTx* b) {
    return a->height != b->height ? a->height > b->height : a->hash < b->hash;
  });
  std::vector<TransactionDetails> rows;
  std::vector<std::uint64_t> heights;
  for (const StoredCosmosTx* tx : listed) {
    auto row = rowOf(*tx, coin, platform.chain(), platform.myAddress());
    if (!row) continue;
    rows.push_back(std::move(*row));
    heights.push_back(tx->height);
  }
  fillHistoryPage(page, std::move(rows), heights, request);
  co_return page;
}

namespace {

struct HistoryLoop {
  std::shared_ptr<TendermintPlatform> platform;
  bool loaded = false;
};

// One round: the stored history loaded (first round), then a sync.
Task<bool> historyRound(std::shared_ptr<HistoryLoop> s) {
  TendermintHistory& history = *s->platform->history();
  std::string problem;
  try {
    if (!s->loaded) {
      co_await history.load();
      s->loaded = true;
      history.state = "InProgress";
    }
    co_await history.sync(*s->platform, s->platform->myAddress());
  } catch (const std::exception& e) {
    problem = e.what();
  }
  history.state = problem.empty() ? "Finished" : "Error";  // what is stored still answers
  if (problem.empty()) history.problem.reset();
  if (!problem.empty()) history.problem = problem;
  co_return true;
}

}  // namespace

void startTendermintHistoryLoop(std::shared_ptr<TendermintPlatform> platform, Executor& executor,
                                CancellationToken stop) {
  auto state = std::make_shared<HistoryLoop>(HistoryLoop{std::move(platform), false});
  spawnRounds(executor, TendermintHistory::kPollMs, std::move(stop),
              [state] { return historyRound(state); });
}

}  // namespace walletd
