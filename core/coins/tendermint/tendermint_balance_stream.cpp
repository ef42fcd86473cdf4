// Balance events of Tendermint coins over the node's websocket (tendermint_balance_stream.h).
#include "core/coins/tendermint/tendermint_balance_stream.h"

#include <set>

#include "core/async/rounds.h"
#include "core/coins/tendermint/tendermint_coins.h"

namespace walletd {
namespace {

using State = TendermintBalanceEvents::State;
constexpr std::uint64_t kConnectTimeoutMs = 10000;

// Reads the listened denoms' balances; with `publish`, tells the listeners of each one that
// changed. A node that does not answer is left for the next event or round.
Task<void> refresh(std::shared_ptr<State> s, bool publish) {
  auto platform = s->platform.lock();
  if (!platform) co_return;
  std::set<std::string> denoms;
  for (const auto& [id, listener] : s->listeners) denoms.insert(listener.coin.denom);
  for (const std::string& denom : denoms) {
    std::optional<UInt256> units;
    try {
      units = co_await platform->client().balance(platform->myAddress(), denom);
    } catch (const std::exception&) {
    }
    if (!units) continue;
    const bool changed = !s->last.count(denom) || s->last[denom] != *units;
    s->last[denom] = *units;
    if (!publish || !changed) continue;
    const auto listeners = s->listeners;  // a listener may leave while being told
    for (const auto& [id, listener] : listeners) {
      if (listener.coin.denom != denom) continue;
      listener.publish(
          Json{{"ticker", listener.coin.ticker},
               {"address", platform->myAddress()},
               {"balance", spendableBalance(*units, listener.coin.decimals).toJson()}});
    }
  }
}

std::string subscription(std::uint64_t id, const std::string& query) {
  return Json{
      {"jsonrpc", "2.0"}, {"id", id}, {"method", "subscribe"}, {"params", {{"query", query}}}}
      .dump();
}

// Whether a websocket message refuses a subscription (a node at its subscription limit).
bool isRefusal(const std::string& line) {
  const Json message = Json::parse(line, nullptr, false);
  return message.is_object() && message.contains("error") && !message["error"].is_null();
}

// Whether a websocket message is an event of a subscription (not the subscribe answers `{}`).
bool isEvent(const std::string& line) {
  const Json message = Json::parse(line, nullptr, false);
  if (!message.is_object() || !message.contains("result") || !message["result"].is_object())
    return false;
  const Json& result = message["result"];
  return result.contains("data") || (result.contains("events") && !result["events"].empty());
}

// Follows the node's websocket until it drops or the stop closes it; false when it could not
// be opened (the caller polls instead).
Task<bool> followSocket(std::shared_ptr<State> s) {
  auto platform = s->platform.lock();
  if (!platform || platform->client().nodes().empty()) co_return false;
  const std::string url = cometWebsocketUrl(platform->client().nodes().front().url);
  const std::string address = platform->myAddress();
  platform.reset();  // the follower must not keep a disabled coin alive
  const std::string scheme = url.substr(0, url.find(':'));
  if (s->connector == nullptr || !s->connector->supports(scheme)) co_return false;
  std::unique_ptr<LineStream> opened;
  StreamTarget target;
  target.url = url;
  try {
    opened = co_await s->connector->connect(target, kConnectTimeoutMs);
  } catch (const std::exception&) {
  }
  if (!opened || s->stop.isCancelled()) co_return false;
  LineStream* stream = opened.get();
  s->stream = std::move(opened);
  bool open = true;
  try {
    co_await stream->writeLine(subscription(1, "coin_received.receiver = '" + address + "'"));
    co_await stream->writeLine(subscription(2, "coin_spent.spender = '" + address + "'"));
  } catch (const std::exception&) {
    open = false;
  }
  co_await refresh(s, true);  // what changed while no socket was open
  while (open && !s->stop.isCancelled()) {
    std::string line;
    try {
      line = co_await stream->readLine();
    } catch (const std::exception&) {
      open = false;
    }
    if (open && isRefusal(line)) {
      s->stream->close();
      s->stream.reset();
      co_return false;  // polled instead
    }
    if (open && isEvent(line)) co_await refresh(s, true);
  }
  s->stream.reset();
  co_return true;
}

// One round of following: the balances read (the first round only measures them), then the
// websocket followed until it drops — or, without one, the balances read again. spawnRounds
// waits kRoundMs between rounds and ends them at the stop.
Task<bool> followRound(std::shared_ptr<State> s, std::shared_ptr<bool> first) {
  if (*first) co_await refresh(s, false);
  *first = false;
  const bool followed = co_await followSocket(s);
  if (!followed) co_await refresh(s, true);
  co_return !s->stop.isCancelled();
}

}  // namespace

std::string cometWebsocketUrl(const std::string& rpc_url) {
  std::string url = rpc_url;
  if (url.rfind("https://", 0) == 0) url = "wss://" + url.substr(8);
  if (url.rfind("http://", 0) == 0) url = "ws://" + url.substr(7);
  while (!url.empty() && url.back() == '/') url.pop_back();
  return url + "/websocket";
}

std::uint64_t TendermintBalanceEvents::add(std::weak_ptr<TendermintPlatform> platform,
                                           CosmosBalanceCoin coin, PublishFn publish) {
  const std::uint64_t id = next_id_++;
  if (stopped_) return id;
  const bool first = state_ == nullptr;
  if (first) {
    state_ = std::make_shared<State>();
    state_->platform = std::move(platform);
    state_->executor = &executor_;
    state_->connector = connector_;
  }
  state_->listeners[id] = Listener{std::move(coin), std::move(publish)};
  if (first) {
    std::shared_ptr<State> state = state_;
    auto measuring = std::make_shared<bool>(true);
    spawnRounds(executor_, kRoundMs, state->stop.token(),
                [state, measuring] { return followRound(state, measuring); });
  }
  return id;
}

void TendermintBalanceEvents::remove(std::uint64_t id) {
  if (!state_) return;
  state_->listeners.erase(id);
  if (state_->listeners.empty()) stopFollowing();
}

void TendermintBalanceEvents::stopFollowing() {
  if (!state_) return;
  state_->stop.cancel();
  if (state_->stream) state_->stream->close();  // its reader ends; the follower drops it
  state_.reset();
}

void TendermintBalanceStreamer::start(PublishFn publish) {
  auto platform = platform_.lock();
  if (platform && platform->balanceEvents())
    id_ = platform->balanceEvents()->add(platform_, coin_, std::move(publish));
}

void TendermintBalanceStreamer::stop() {
  auto platform = platform_.lock();
  if (platform && platform->balanceEvents()) platform->balanceEvents()->remove(id_);
}

}  // namespace walletd
