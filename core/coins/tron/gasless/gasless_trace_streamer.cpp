// Polling the followed transfers of one coin and publishing their state changes. The coin's relay
// is looked up at every tick, so a disabled coin is not polled and a re-activated one (with the
// transfers it reloaded) is picked up. The polls run as detached coroutines holding the shared
// State and their relay, so stopping the streamer while one is in flight only silences it.
#include "core/coins/tron/gasless/gasless_trace_streamer.h"

#include "core/async/spawn.h"
#include "core/coins/tron/gasless/gasless_status.h"
#include "core/rpc/rpc_error.h"

namespace walletd {

struct GaslessTraceStreamer::State {
  Executor& executor;
  RelayLookup find_relay;
  std::string coin;
  std::uint64_t interval_ms = 3000;  // the relay's poll interval, kept while the coin is away
  PublishFn publish;
  PublishFn publish_error;
  TimerId timer = 0;
  bool stopped = true;
};

namespace {

void reportError(const PublishFn& publish_error, const std::string& coin,
                 const std::string& trace_id, const std::string& error) {
  Json message = Json::object();
  message["coin"] = coin;
  message["trace_id"] = trace_id;
  message["error"] = error;
  publish_error(std::move(message));
}

}  // namespace

// Drops a transfer that is no longer followed from the store (a failed write only means it is
// polled again after a restart).
static Task<void> forget(std::shared_ptr<TronRelay> relay, std::string trace_id) {
  try {
    co_await relay->store().remove(trace_id);
  } catch (const std::exception&) {
  }
}

// Records the state just reported, so a restart does not report it again.
static Task<void> remember(std::shared_ptr<TronRelay> relay, StoredTrace record) {
  try {
    co_await relay->store().put(std::move(record));
  } catch (const std::exception&) {
  }
}

// One poll of one transfer; publishes a change or an error.
static Task<void> pollOnce(std::shared_ptr<GaslessTraceStreamer::State> s,
                           std::shared_ptr<TronRelay> relay, std::string trace_id) {
  std::string error;
  bool finished = false;
  bool changed = false;
  try {
    const RelayTrace trace = co_await relay->client().trace(trace_id);
    GaslessTraces::Followed* f = relay->traces().find(trace_id);
    if (f == nullptr || s->stopped) co_return;
    const GaslessStatus status = projectTrace(trace, f->coin, f->decimals);
    f->failures = 0;
    if (status.state != f->last_state) {
      f->last_state = status.state;
      s->publish(status.toJson());
      changed = true;
    }
    f->done = status.terminal();
    finished = true;
  } catch (const RpcError& e) {
    error = e.message();
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (finished) {
    // The store is written on the side: the poll cadence never waits for storage.
    const GaslessTraces::Followed* f = relay->traces().find(trace_id);
    if (f != nullptr && f->done) {
      spawn(forget(relay, trace_id), [](std::exception_ptr) {});
    } else if (f != nullptr && changed) {
      StoredTrace record{trace_id, f->coin, f->decimals, f->user, f->last_state};
      spawn(remember(relay, std::move(record)), [](std::exception_ptr) {});
    }
    co_return;
  }
  GaslessTraces::Followed* f = relay->traces().find(trace_id);
  if (f == nullptr || s->stopped) co_return;
  reportError(s->publish_error, s->coin, trace_id, error);
  if (++f->failures >= GaslessTraces::kMaxFailures) {
    f->done = true;
    reportError(s->publish_error, s->coin, trace_id,
                "tracking stopped after " + std::to_string(f->failures) +
                    " failed polls in a row; gasless::trace_status still answers");
    spawn(forget(relay, trace_id), [](std::exception_ptr) {});
  }
}

static void tick(const std::shared_ptr<GaslessTraceStreamer::State>& s) {
  if (s->stopped) return;
  if (std::shared_ptr<TronRelay> relay = s->find_relay()) {
    s->interval_ms = relay->config().status_poll_interval_ms;
    for (const std::string& id : relay->traces().active(s->coin)) {
      GaslessTraces::Followed* f = relay->traces().find(id);
      if (f->polling) continue;
      f->polling = true;
      spawn(pollOnce(s, relay, id), [relay, id](std::exception_ptr) {
        if (GaslessTraces::Followed* done = relay->traces().find(id)) done->polling = false;
      });
    }
  }
  std::weak_ptr<GaslessTraceStreamer::State> weak = s;
  s->timer = s->executor.startTimer(s->interval_ms, [weak] {
    if (auto strong = weak.lock()) tick(strong);
  });
}

GaslessTraceStreamer::GaslessTraceStreamer(Executor& executor, RelayLookup find_relay,
                                           std::string coin, PublishFn publish_error)
    : state_(std::make_shared<State>(State{
          executor, std::move(find_relay), std::move(coin), 3000, {}, std::move(publish_error)})) {}

GaslessTraceStreamer::~GaslessTraceStreamer() {
  stop();
}

void GaslessTraceStreamer::start(PublishFn publish) {
  state_->publish = std::move(publish);
  state_->stopped = false;
  tick(state_);
}

void GaslessTraceStreamer::stop() {
  state_->stopped = true;
  if (state_->timer) state_->executor.cancelTimer(state_->timer);
  state_->timer = 0;
}

}  // namespace walletd
