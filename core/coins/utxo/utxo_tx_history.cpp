// my_tx_history for UTXO coins: the stored history (history/utxo_history.h) as KDF's
// TransactionDetails relative to the target's addresses (the Iguana address; an HD account; one
// HD address), unconfirmed first then newest first, paged by PageNumber or FromId (internal_id =
// txid). Confirmations = current_block + 1 − block_height (0 in the mempool).
#include <algorithm>
#include <set>

#include "core/coins/utxo/history/utxo_history.h"
#include "core/coins/utxo/tx/utxo_script.h"
#include "core/coins/utxo/utxo_coin.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

[[noreturn]] void invalidTarget(const std::string& message) {
  throw rpcError(TxHistoryError::InvalidTarget, message, Json(message));
}

}  // namespace

std::vector<WatchedAddress> UtxoCoin::historyTarget(const Json& target) {
  const std::string type = target.value("type", "iguana");
  if (!keys_.hd) {
    if (type != "iguana")
      invalidTarget(ticker() + " is activated with the Iguana key: the target is {type: iguana}");
    return {mine_};
  }
  if (type == "iguana")
    invalidTarget(ticker() +
                  " is activated with an HD wallet: the target is an account_id or "
                  "address_id");
  const std::uint32_t account_id =
      decodeChildIndex(target["account_id"], "params.target.account_id");
  if (keys_.hd->findAccount(account_id) == nullptr)
    invalidTarget("Unknown account " + std::to_string(account_id));
  if (type == "account_id") return addressesAt(keys_.hd->knownAddresses(account_id));
  const Bip44Chain chain = bip44ChainFromJson(target["chain"], "params.target.chain");
  const std::uint32_t index = decodeChildIndex(target["address_id"], "params.target.address_id");
  return {addressAt({account_id, index, chain})};
}

// What the history knows of each output `tx` spends: the value, and, when the output was the
// wallet's (its making transaction is in the history), that transaction's locktime and height.
std::vector<std::optional<UtxoChain::SpentOutputFacts>> UtxoCoin::spentFacts(
    const UtxoTransaction& tx, const StoredUtxoTx& stored,
    const std::function<bool(const Bytes&)>& ours) const {
  std::vector<std::optional<UtxoChain::SpentOutputFacts>> out;
  const auto& known = history_->transactions();
  for (std::size_t i = 0; i < tx.inputs.size(); ++i) {
    const auto& prevout = i < stored.prevouts.size() ? stored.prevouts[i] : std::nullopt;
    auto made = known.find(tx.inputs[i].prevout.displayTxid());
    if (!prevout || !ours(prevout->script_pubkey) || made == known.end()) {
      out.emplace_back(std::nullopt);
      continue;
    }
    const UtxoTransaction maker = chain_->parse(made->second.raw);
    out.emplace_back(UtxoChain::SpentOutputFacts{
        prevout->value, maker.locktime,
        made->second.height > 0 ? std::optional<std::uint64_t>(made->second.height)
                                : std::nullopt});
  }
  return out;
}

Task<TxHistoryPage> UtxoCoin::txHistory(TxHistoryRequest request) {
  const std::vector<WatchedAddress> targets = historyTarget(request.target);
  TxHistoryPage page;
  page.current_block = co_await backend_->currentBlock();
  if (!history_) co_return page;  // sync_state NotEnabled: activated without tx_history
  page.sync_state = history_->state;
  if (history_->problem) page.sync_info = Json{{"error", *history_->problem}};
  std::set<std::string> scripts;
  for (const WatchedAddress& a : targets)
    scripts.insert(std::string(a.script.begin(), a.script.end()));
  auto ours = [&scripts](const Bytes& script) {
    return scripts.count(std::string(script.begin(), script.end())) > 0;
  };
  const unsigned decimals = settings_.decimals;
  // An output script as an address: witness programs in bech32, the others in the coin's legacy
  // form (base58, or CashAddr for BCH coins); a script with no address form is left out.
  auto addressOf = [this](const Bytes& script) -> std::optional<std::string> {
    const auto standard = standardOutput(script);
    if (!standard) return std::nullopt;
    const bool witness =
        standard->kind != UtxoAddress::Kind::P2PKH && standard->kind != UtxoAddress::Kind::P2SH;
    const UtxoFormat format = witness                         ? UtxoFormat::Segwit
                              : format_ == UtxoFormat::Segwit ? UtxoFormat::Standard
                                                              : format_;
    try {
      return codec_.format(*standard, format, codec_.rules().cash_network);
    } catch (const std::exception&) {
      return std::nullopt;  // e.g. a witness output on a coin without bech32_hrp
    }
  };

  std::vector<const StoredUtxoTx*> listed;
  for (const auto& [txid, tx] : history_->transactions()) listed.push_back(&tx);
  // Unconfirmed first, then the newest block first; the txid settles ties.
  std::sort(listed.begin(), listed.end(), [](const StoredUtxoTx* a, const StoredUtxoTx* b) {
    const std::uint64_t ha = a->height == 0 ? UINT64_MAX : a->height;
    const std::uint64_t hb = b->height == 0 ? UINT64_MAX : b->height;
    return ha != hb ? ha > hb : a->txid < b->txid;
  });
  std::vector<TransactionDetails> all;
  std::vector<std::uint64_t> heights;
  for (const StoredUtxoTx* stored : listed) {
    const UtxoTransaction tx = chain_->parse(stored->raw);
    std::uint64_t inputs = 0, outputs = 0, spent = 0, received = 0;
    bool inputs_known = true;
    TransactionDetails d;
    auto addTo = [](std::vector<std::string>& list, const std::string& address) {
      if (std::find(list.begin(), list.end(), address) == list.end()) list.push_back(address);
    };
    for (const auto& prevout : stored->prevouts) {
      if (!prevout) {
        inputs_known = false;
        continue;
      }
      inputs += prevout->value;
      if (ours(prevout->script_pubkey)) spent += prevout->value;
      if (auto address = addressOf(prevout->script_pubkey)) addTo(d.from, *address);
    }
    for (const TxOutput& out : tx.outputs) {
      outputs += out.value;
      if (ours(out.script_pubkey)) received += out.value;
      if (auto address = addressOf(out.script_pubkey)) addTo(d.to, *address);
    }
    if (spent == 0 && received == 0) continue;  // not the target's
    d.tx_hex = toHex(stored->raw);
    d.tx_hash = stored->txid;
    d.internal_id = stored->txid;
    d.setAmounts(UInt256(inputs), UInt256(spent), UInt256(received), decimals);
    std::uint64_t claimed = 0;  // KMD's interest, which the outputs hold beyond the inputs
    if (const auto interest = chain_->claimedByInputs(tx, spentFacts(tx, *stored, ours))) {
      claimed = *interest;
      // KDF's claimed_by_me: every input is the target's, and an output pays it.
      d.extras["kmd_rewards"] = Json{{"amount", UInt256(claimed).toDecimal(decimals)},
                                     {"claimed_by_me", spent == inputs && received > 0}};
    }
    const std::uint64_t fee =
        inputs_known && inputs + claimed >= outputs ? inputs + claimed - outputs : 0;
    d.fee_details.value = UtxoFeeDetails{ticker(), UInt256(fee).toDecimal(decimals)};
    d.block_height = stored->height;
    d.timestamp = stored->timestamp;
    d.coin = ticker();
    all.push_back(std::move(d));
    heights.push_back(stored->height);
  }

  fillHistoryPage(page, std::move(all), heights, request);
  co_return page;
}

}  // namespace walletd
