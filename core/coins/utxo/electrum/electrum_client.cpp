// Electrum JSON-RPC over the host's line streams, with failover.
#include "core/coins/utxo/electrum/electrum_client.h"

#include <optional>

#include "core/async/spawn.h"
#include "core/platform/http_client.h"

namespace walletd {
namespace {

// The server failed (no answer, a broken connection, garbage): the call may go elsewhere.
struct ServerFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct PendingCall {
  std::optional<Json> result;
  std::exception_ptr error;
  coro::handle<> waiter = nullptr;
  bool done = false;
  TimerId timer = 0;
};

struct PendingAwaiter {
  std::shared_ptr<PendingCall> call;
  bool await_ready() const noexcept { return call->done; }
  void await_suspend(coro::handle<> waiter) noexcept { call->waiter = waiter; }
  Json await_resume() {
    if (call->error) std::rethrow_exception(call->error);
    return std::move(*call->result);
  }
};

void finish(Executor& executor, PendingCall& call, std::optional<Json> result,
            std::exception_ptr error) {
  if (call.done) return;
  call.done = true;
  call.result = std::move(result);
  call.error = error;
  executor.cancelTimer(call.timer);
  if (auto waiter = std::exchange(call.waiter, nullptr))
    executor.post([waiter]() mutable { waiter.resume(); });
}

}  // namespace

struct ElectrumClient::Connection {
  std::unique_ptr<LineStream> stream;
  std::string url;
  std::map<std::uint64_t, std::shared_ptr<PendingCall>> pending;
  bool closed = false;
  std::string problem;
};

namespace {

using Connection = ElectrumClient::Connection;

// Closes the connection and fails what waits on it (the calls go to another server).
void failConnection(Executor& executor, Connection& c, const std::string& problem) {
  if (c.closed) return;
  c.closed = true;
  c.problem = problem;
  c.stream->close();
  auto pending = std::move(c.pending);
  c.pending.clear();
  for (auto& [id, call] : pending)
    finish(executor, *call, std::nullopt,
           std::make_exception_ptr(ServerFailure(c.url + ": " + problem)));
}

// One line from the server: an answer to a request in flight, a notification, or garbage.
void dispatch(Executor& executor, Connection& c, const std::string& line,
              const std::weak_ptr<ElectrumClient::Notify>& notify) {
  const Json msg = Json::parse(line, nullptr, false);
  if (msg.is_discarded() || !msg.is_object())
    return failConnection(executor, c, "answered with something that is not JSON-RPC");
  if (msg.contains("id") && msg["id"].is_number_unsigned()) {
    auto it = c.pending.find(msg["id"].get<std::uint64_t>());
    if (it == c.pending.end()) return;  // a late answer to a request that timed out
    std::shared_ptr<PendingCall> call = it->second;
    c.pending.erase(it);
    if (msg.contains("error") && !msg["error"].is_null()) {
      const Json& e = msg["error"];
      const std::string message = e.is_object() && e.contains("message") && e["message"].is_string()
                                      ? e["message"].get<std::string>()
                                      : e.dump();
      const std::int64_t code = e.is_object() && e.contains("code") && e["code"].is_number_integer()
                                    ? e["code"].get<std::int64_t>()
                                    : 0;
      return finish(executor, *call, std::nullopt,
                    std::make_exception_ptr(ElectrumError("a request", code, message)));
    }
    if (!msg.contains("result"))
      return failConnection(executor, c, "answered without a result or an error");
    return finish(executor, *call, msg["result"], nullptr);
  }
  if (msg.contains("method") && msg["method"].is_string()) {
    if (auto callback = notify.lock())
      (*callback)(msg["method"].get<std::string>(), msg.value("params", Json()));
  }
}

// Reads one line; false when the stream ended (the connection is then failed).
Task<bool> readOne(Executor& executor, std::shared_ptr<Connection> c,
                   std::weak_ptr<ElectrumClient::Notify> notify) {
  std::string line;
  std::string problem;
  try {
    line = co_await c->stream->readLine();
  } catch (const TransportError& e) {
    problem = e.what();
  }
  if (!problem.empty()) {
    failConnection(executor, *c, problem);
    co_return false;
  }
  dispatch(executor, *c, line, notify);
  co_return !c->closed;
}

Task<void> readLoop(Executor& executor, std::shared_ptr<Connection> c,
                    std::weak_ptr<ElectrumClient::Notify> notify) {
  // Not `while (co_await ...)`: GCC 12 miscompiles a co_await in a loop condition (SIGILL).
  bool more = true;
  while (more) more = co_await readOne(executor, c, notify);
}

// Sends one request on `c` and waits for its answer; ServerFailure when the connection fails or
// the server does not answer within `timeout_ms` (the connection is then closed).
Task<Json> send(Executor& executor, std::shared_ptr<Connection> c, std::uint64_t id,
                std::string method, Json params, std::uint64_t timeout_ms) {
  if (c->closed) throw ServerFailure(c->url + ": " + c->problem);
  auto call = std::make_shared<PendingCall>();
  c->pending[id] = call;
  call->timer = executor.startTimer(timeout_ms, [&executor, c, method, timeout_ms] {
    failConnection(executor, *c,
                   "no answer to " + method + " within " + std::to_string(timeout_ms) + " ms");
  });
  const std::string line =
      Json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}}
          .dump();
  std::string problem;
  try {
    co_await c->stream->writeLine(line);
  } catch (const TransportError& e) {
    problem = e.what();
  }
  if (!problem.empty()) failConnection(executor, *c, problem);
  Json result;
  PendingAwaiter answer{call};
  try {
    result = co_await answer;
  } catch (const ElectrumError& e) {
    throw ElectrumError(method, e.code, e.what());
  }
  co_return result;
}

}  // namespace

ElectrumClient::ElectrumClient(StreamConnector& connector, Executor& executor,
                               std::vector<std::string> urls, std::uint64_t request_timeout_ms,
                               Notify on_notify)
    : connector_(connector),
      executor_(executor),
      urls_(std::move(urls)),
      request_timeout_ms_(request_timeout_ms),
      on_notify_(std::make_shared<Notify>(std::move(on_notify))),
      connecting_(executor) {}

ElectrumClient::~ElectrumClient() {
  close();
}

void ElectrumClient::close() {
  on_notify_.reset();
  if (live_) failConnection(executor_, *live_, "closed by walletd");
  live_.reset();
}

Task<std::shared_ptr<Connection>> ElectrumClient::open(std::size_t index) {
  std::unique_ptr<LineStream> stream = co_await connector_.connect(urls_[index], kConnectTimeoutMs);
  auto c = std::make_shared<Connection>();
  c->stream = std::move(stream);
  c->url = urls_[index];
  spawn(readLoop(executor_, c, on_notify_), [](std::exception_ptr) {});
  const Json hello = Json::array({"walletd", "1.4"});
  const Json version =
      co_await send(executor_, c, next_id_++, "server.version", hello, request_timeout_ms_);
  if (!version.is_array() || version.size() != 2 || version[1] != "1.4") {
    failConnection(executor_, *c, "does not speak Electrum protocol 1.4");
    throw ServerFailure(c->url + ": does not speak Electrum protocol 1.4");
  }
  co_return c;
}

Task<std::shared_ptr<Connection>> ElectrumClient::connection() {
  auto guard = co_await connecting_.scoped();
  if (live_ && !live_->closed) co_return live_;
  std::string failures;
  for (std::size_t attempt = 0; attempt < urls_.size(); ++attempt) {
    const std::size_t index = (preferred_ + attempt) % urls_.size();
    std::string problem;
    std::shared_ptr<Connection> opened;
    try {
      opened = co_await open(index);
    } catch (const TransportError& e) {
      problem = e.what();
    } catch (const ServerFailure& e) {
      problem = e.what();
    } catch (const ElectrumError& e) {
      problem = e.what();
    }
    if (opened) {
      preferred_ = index;
      live_ = opened;
      co_return opened;
    }
    failures += (failures.empty() ? "" : "; ") + urls_[index] + ": " + problem;
  }
  throw ElectrumUnavailable("no Electrum server answered: " + failures);
}

Task<Json> ElectrumClient::call(std::string method, Json params) {
  if (urls_.empty()) throw ElectrumUnavailable("no Electrum servers are configured");
  std::string failures;
  for (std::size_t attempt = 0; attempt < urls_.size(); ++attempt) {
    const bool fresh = !live_ || live_->closed;
    std::shared_ptr<Connection> c = co_await connection();
    if (fresh && resubscribe_) co_await resubscribe_();
    std::string problem;
    Json result;
    try {
      result = co_await send(executor_, c, next_id_++, method, params, request_timeout_ms_);
    } catch (const ServerFailure& e) {
      problem = e.what();
    }
    if (problem.empty()) co_return result;
    failures += (failures.empty() ? "" : "; ") + problem;
  }
  throw ElectrumUnavailable("no Electrum server answered " + method + ": " + failures);
}

}  // namespace walletd
