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

// The attributes of an event as key → value (plain, or base64 as CometBFT 0.34 writes them).
std::map<std::string, std::string> attributesOf(const Json& event, const char* plain_key) {
  std::map<std::string, std::string> out;
  for (const Json& attribute : event.value("attributes", Json::array())) {
    const Json key_json = attribute.value("key", Json(""));
    const std::string raw_key = key_json.is_string() ? key_json.get<std::string>() : "";
    const bool plain = raw_key == plain_key || raw_key == "amount" || raw_key == "msg_index" ||
                       raw_key == "sender" || raw_key == "receiver";
    const std::string key = attributeText(key_json, plain);
    if (!out.count(key)) out[key] = attributeText(attribute.value("value", Json("")), plain);
  }
  return out;
}

// {"spent": [[spender, amounts]…], "received": [[receiver, amounts]…]} of a tx_result's events,
// and for an IBC transfer (ibc_transfer sent, fungible_token_packet received) "ibc": [sender,
// receiver].
Json coinMoves(const Json& events) {
  Json moves{{"spent", Json::array()}, {"received", Json::array()}};
  if (!events.is_array()) return moves;
  for (const Json& event : events) {
    const std::string type = event.value("type", "");
    if (type == "ibc_transfer" || type == "fungible_token_packet") {
      auto a = attributesOf(event, "sender");
      if (!moves.contains("ibc")) moves["ibc"] = Json::array({a["sender"], a["receiver"]});
      continue;
    }
    const bool spent = type == "coin_spent";
    if (!spent && type != "coin_received") continue;
    const char* who = spent ? "spender" : "receiver";
    auto a = attributesOf(event, who);
    if (!a[who].empty() && !a["amount"].empty())
      moves[spent ? "spent" : "received"].push_back(Json::array({a[who], a["amount"]}));
  }
  return moves;
}

// Whether `moves` move anything for `address`.
bool movesFor(const Json& moves, const std::string& address) {
  for (const char* side : {"spent", "received"})
    for (const Json& move : moves.value(side, Json::array()))
      if (move.is_array() && !move.empty() && move[0] == address) return true;
  return false;
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

namespace {

// A tx_search entry as a transaction to keep: successful, unknown so far, its bytes hashing to
// its hash (a node cannot invent entries), and moving coins for `address`.
std::optional<StoredCosmosTx> newTransaction(const Json& found, const std::string& address,
                                             const std::map<std::string, StoredCosmosTx>& known) {
  const Json hash_json = found.value("hash", Json(""));
  const std::string hash = hash_json.is_string() ? hash_json.get<std::string>() : "";
  const Json outcome = found.value("tx_result", Json::object());
  if (hash.empty() || known.count(hash) || !outcome.is_object() || outcome.value("code", 0) != 0)
    return std::nullopt;
  StoredCosmosTx tx;
  tx.hash = hash;
  tx.height = countOf(found.value("height", Json()));
  try {
    const Json text = found.value("tx", Json(""));
    tx.tx = base64Decode(text.is_string() ? text.get<std::string>() : "");
  } catch (const EncodingError&) {
    return std::nullopt;
  }
  if (tx.tx.empty() || cosmosTxHash(tx.tx) != hash) return std::nullopt;
  tx.moves = coinMoves(outcome.value("events", Json::array()));
  if (!movesFor(tx.moves, address)) return std::nullopt;
  return tx;
}

// The block's time, or 0 when the node no longer has the block (a pruned node).
Task<std::uint64_t> blockTimeOrZero(TendermintPlatform& platform, std::uint64_t height) {
  std::uint64_t seconds = 0;
  try {
    seconds = co_await platform.client().blockTime(height);
  } catch (const std::exception&) {
  }
  co_return seconds;
}

}  // namespace

Task<void> TendermintHistory::sync(TendermintPlatform& platform, std::string address) {
  std::map<std::uint64_t, std::uint64_t> block_times;
  for (const char* prefix : kQueries) {
    const std::string query = prefix + address + "'";
    std::uint64_t& read = read_[query];  // matches read by the rounds before: resume there
    std::uint32_t page = static_cast<std::uint32_t>(read / kPerPage) + 1;
    for (std::uint32_t asked = 0; asked < kMaxPagesPerRound; ++asked, ++page) {
      const Json result = co_await platform.client().txSearch(query, page, kPerPage);
      const Json& txs = result["txs"];
      std::vector<StorageWrite> writes;
      for (const Json& found : txs) {
        std::optional<StoredCosmosTx> tx = newTransaction(found, address, txs_);
        if (!tx) continue;
        if (!block_times.count(tx->height))
          block_times[tx->height] = co_await blockTimeOrZero(platform, tx->height);
        tx->timestamp = block_times[tx->height];
        writes.push_back({prefix_ + tx->hash, storedJson(*tx).dump()});
        const std::string hash = tx->hash;
        txs_[hash] = std::move(*tx);
      }
      if (!writes.empty()) co_await storage_.applyBatch(kNamespace, std::move(writes));
      read = static_cast<std::uint64_t>(page - 1) * kPerPage + txs.size();
      const std::uint64_t total = countOf(result.value("total_count", Json()));
      if (txs.empty() || static_cast<std::uint64_t>(page) * kPerPage >= total) break;
    }
  }
}

namespace {

// What a history row reads from the transaction itself: its messages, memo and fee.
struct CosmosTxView {
  std::vector<std::pair<std::string, Bytes>> messages;  // type URL, value
  std::string memo;
  UInt256 fee;
  std::uint64_t gas_limit = 0;
};

std::string stringField(ByteView message, std::uint32_t n) {
  return protoText(protoBytes(message, n));
}

CosmosTxView viewOf(const Bytes& tx, const std::string& fee_denom) {
  CosmosTxView view;
  try {
    if (const auto body = protoBytes(tx, 1)) {
      for (const ByteView message : protoRepeated(*body, 1)) {
        const auto value = protoBytes(message, 2);
        view.messages.emplace_back(stringField(message, 1),
                                   value ? Bytes(value->begin(), value->end()) : Bytes{});
      }
      view.memo = stringField(*body, 2);
    }
    const auto auth = protoBytes(tx, 2);
    if (const auto fee = auth ? protoBytes(*auth, 2) : std::nullopt) {
      for (const ByteView coin : protoRepeated(*fee, 1)) {
        if (stringField(coin, 1) == fee_denom)
          view.fee = UInt256::fromDecimal(stringField(coin, 2), 0).value_or(UInt256());
      }
      view.gas_limit = protoVarint(*fee, 2);
    }
  } catch (const ProtoError&) {
    // a transaction walletd cannot read still shows its coin movements
  }
  return view;
}

// The parties (fields for from and to) of a message walletd knows; {0, 0} for another.
std::pair<std::uint32_t, std::uint32_t> partyFields(const std::string& t) {
  if (t == "/cosmos.bank.v1beta1.MsgSend") return {1, 2};
  if (t == "/ibc.applications.transfer.v1.MsgTransfer") return {4, 5};
  if (t == "/cosmos.staking.v1beta1.MsgDelegate" || t == "/cosmos.staking.v1beta1.MsgUndelegate")
    return {1, 2};
  if (t == "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward") return {2, 1};
  return {0, 0};
}

// from/to of the row and the message it is about: the first known message naming `address`
// (else the first known one); an IBC packet's sender and receiver; else the addresses the
// events name. Answers the type URL of the message used ("" when none).
std::string parties(TransactionDetails& d, const CosmosTxView& view, const StoredCosmosTx& tx,
                    const std::string& denom, const std::string& address) {
  std::optional<std::size_t> chosen;
  for (std::size_t i = 0; i < view.messages.size(); ++i) {
    const auto fields = partyFields(view.messages[i].first);
    if (fields.first == 0) continue;
    try {
      const Bytes& msg = view.messages[i].second;
      const bool mine =
          stringField(msg, fields.first) == address || stringField(msg, fields.second) == address;
      if (!chosen || mine) chosen = i;
      if (mine) break;
    } catch (const ProtoError&) {
    }
  }
  if (chosen) {
    const auto fields = partyFields(view.messages[*chosen].first);
    d.from = {stringField(view.messages[*chosen].second, fields.first)};
    d.to = {stringField(view.messages[*chosen].second, fields.second)};
    return view.messages[*chosen].first;
  }
  if (tx.moves.contains("ibc")) {
    d.from = {tx.moves["ibc"][0].get<std::string>()};
    d.to = {tx.moves["ibc"][1].get<std::string>()};
    return "";
  }
  for (const char* side : {"spent", "received"}) {
    for (const Json& move : tx.moves.value(side, Json::array())) {
      if (amountOf(move[1].get<std::string>(), denom).isZero()) continue;
      auto& list = std::string(side) == "spent" ? d.from : d.to;
      const std::string party = move[0].get<std::string>();
      if (std::find(list.begin(), list.end(), party) == list.end()) list.push_back(party);
    }
  }
  return "";
}

std::string typeOf(const std::string& t, bool ibc, bool platform_row_of_token_send) {
  if (ibc || t == "/ibc.applications.transfer.v1.MsgTransfer") return "TendermintIBCTransfer";
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
    if (move[0] == address)
      spent = spent.add(amountOf(move[1].get<std::string>(), coin.denom)).value_or(spent);
  for (const Json& move : tx.moves.value("received", Json::array()))
    if (move[0] == address)
      received = received.add(amountOf(move[1].get<std::string>(), coin.denom)).value_or(received);
  if (spent.isZero() && received.isZero()) return std::nullopt;
  const CosmosTxView view = viewOf(tx.tx, chain.denom);
  TransactionDetails d;
  d.tx_hex = toHex(tx.tx);
  d.tx_hash = tx.hash;
  const std::string message_type = parties(d, view, tx, coin.denom, address);
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
                              message_type == "/cosmos.bank.v1beta1.MsgSend";
  d.transaction_type = typeOf(message_type, tx.moves.contains("ibc"), token_send_fee);
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
