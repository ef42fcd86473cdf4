// Electrum JSON-RPC over the host's line streams, with failover.
#include "core/coins/electrum_client.h"

#include <optional>

#include "core/async/oneshot.h"
#include "core/async/spawn.h"
#include "core/encoding/hex.h"
#include "core/platform/http_client.h"

namespace walletd {
namespace {

// The server failed (no answer, a broken connection, garbage): the call may go elsewhere.
struct ServerFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace

struct ElectrumClient::Connection {
  std::unique_ptr<LineStream> stream;
  std::string url;
  std::map<std::uint64_t, OneShot<Json>> pending;  // requests in flight, by id
  bool closed = false;
  std::string problem;
};

namespace {

using Connection = ElectrumClient::Connection;

// Closes the connection and fails what waits on it (the calls go to another server).
void failConnection(Connection& c, const std::string& problem) {
  if (c.closed) return;
  c.closed = true;
  c.problem = problem;
  c.stream->close();
  auto pending = std::move(c.pending);
  c.pending.clear();
  for (auto& [id, call] : pending)
    call.fail(std::make_exception_ptr(ServerFailure(c.url + ": " + problem)));
}

// The words of an error member: its `message`; legacy Stratum servers send the error as a string
// (the daemon error's Python repr), taken as it is.
std::string errorText(const Json& e) {
  if (e.is_object() && e.contains("message") && e["message"].is_string())
    return e["message"].get<std::string>();
  return e.is_string() ? e.get<std::string>() : e.dump();
}

// One answer object: to a request in flight, or a notification; false when it is garbage.
bool dispatchOne(Connection& c, const Json& msg,
                 const std::weak_ptr<ElectrumClient::Notify>& notify) {
  if (!msg.is_object()) return false;
  if (msg.contains("id") && msg["id"].is_number_unsigned()) {
    auto it = c.pending.find(msg["id"].get<std::uint64_t>());
    if (it == c.pending.end()) return true;  // a late answer to a request that timed out
    OneShot<Json> call = it->second;
    c.pending.erase(it);
    if (msg.contains("error") && !msg["error"].is_null()) {
      const Json& e = msg["error"];
      const std::string message = errorText(e);
      const std::int64_t code = e.is_object() && e.contains("code") && e["code"].is_number_integer()
                                    ? e["code"].get<std::int64_t>()
                                    : 0;
      call.fail(std::make_exception_ptr(ElectrumError("a request", code, message)));
      return true;
    }
    if (!msg.contains("result")) return false;
    call.settle(msg["result"]);
    return true;
  }
  if (msg.contains("method") && msg["method"].is_string()) {
    if (auto callback = notify.lock())
      (*callback)(msg["method"].get<std::string>(), msg.value("params", Json()));
  }
  return true;
}

// One line from the server: an answer, a batch of answers, a notification, or garbage (which
// closes the connection).
void dispatch(Connection& c, const std::string& line,
              const std::weak_ptr<ElectrumClient::Notify>& notify) {
  const Json msg = Json::parse(line, nullptr, false);
  bool ok = !msg.is_discarded() && (msg.is_object() || (msg.is_array() && !msg.empty()));
  if (ok && msg.is_array()) {
    for (const Json& one : msg) ok = ok && dispatchOne(c, one, notify);
  } else if (ok) {
    ok = dispatchOne(c, msg, notify);
  }
  if (!ok) failConnection(c, "answered with something that is not JSON-RPC");
}

// Reads one line; false when the stream ended (the connection is then failed).
Task<bool> readOne(std::shared_ptr<Connection> c, std::weak_ptr<ElectrumClient::Notify> notify) {
  std::string line;
  std::string problem;
  try {
    line = co_await c->stream->readLine();
  } catch (const TransportError& e) {
    problem = e.what();
  }
  if (!problem.empty()) {
    failConnection(*c, problem);
    co_return false;
  }
  dispatch(*c, line, notify);
  co_return !c->closed;
}

Task<void> readLoop(std::shared_ptr<Connection> c, std::weak_ptr<ElectrumClient::Notify> notify) {
  // Not `while (co_await ...)`: GCC 12 miscompiles a co_await in a loop condition (SIGILL).
  bool more = true;
  while (more) more = co_await readOne(c, notify);
}

// Sends requests on `c` in one line (one object, or a JSON-RPC batch when there are several) and
// waits for every answer; ServerFailure when the connection fails or the server does not answer
// within `timeout_ms` (the connection is then closed). An error object fails its own request.
Task<std::vector<Json>> send(Executor& executor, std::shared_ptr<Connection> c,
                             std::uint64_t first_id, std::string method,
                             std::vector<Json> params_list, std::uint64_t timeout_ms) {
  if (c->closed) throw ServerFailure(c->url + ": " + c->problem);
  std::vector<OneShot<Json>> calls;
  Json requests = Json::array();
  for (std::size_t i = 0; i < params_list.size(); ++i) {
    OneShot<Json> call(executor);
    c->pending.emplace(first_id + i, call);
    calls.push_back(call);
    requests.push_back(Json{{"jsonrpc", "2.0"},
                            {"id", first_id + i},
                            {"method", method},
                            {"params", std::move(params_list[i])}});
  }
  const TimerId timer = executor.startTimer(timeout_ms, [c, method, timeout_ms] {
    failConnection(*c, "no answer to " + method + " within " + std::to_string(timeout_ms) + " ms");
  });
  const std::string line = requests.size() == 1 ? requests[0].dump() : requests.dump();
  std::string problem;
  try {
    co_await c->stream->writeLine(line);
  } catch (const TransportError& e) {
    problem = e.what();
  }
  if (!problem.empty()) failConnection(*c, problem);
  std::vector<Json> results;
  std::string failure;
  for (const OneShot<Json>& call : calls) {
    OneShot<Json> answer = call;
    bool refused = false;
    std::string refusal;
    std::int64_t code = 0;
    try {
      Json result = co_await answer;
      results.push_back(std::move(result));
    } catch (const ElectrumError& e) {
      refused = true;
      refusal = e.what();
      code = e.code;
    } catch (const ServerFailure& e) {
      failure = e.what();
    }
    if (refused || !failure.empty()) {
      executor.cancelTimer(timer);
      if (refused) throw ElectrumError(method, code, refusal);
      throw ServerFailure(failure);
    }
  }
  executor.cancelTimer(timer);
  co_return results;
}

}  // namespace

ElectrumClient::ElectrumClient(StreamConnector& connector, Executor& executor,
                               std::vector<StreamTarget> servers, std::uint64_t request_timeout_ms,
                               Notify on_notify)
    : connector_(connector),
      executor_(executor),
      servers_(std::move(servers)),
      request_timeout_ms_(request_timeout_ms),
      on_notify_(std::make_shared<Notify>(std::move(on_notify))),
      connecting_(executor) {}

ElectrumClient::~ElectrumClient() {
  close();
}

void ElectrumClient::close() {
  on_notify_.reset();
  if (live_) failConnection(*live_, "closed by walletd");
  live_.reset();
}

Task<std::shared_ptr<Connection>> ElectrumClient::open(std::size_t index) {
  std::unique_ptr<LineStream> stream =
      co_await connector_.connect(servers_[index], kConnectTimeoutMs);
  auto c = std::make_shared<Connection>();
  c->stream = std::move(stream);
  c->url = servers_[index].url;
  spawn(readLoop(c, on_notify_), [](std::exception_ptr) {});
  std::vector<Json> hello{Json::array({"walletd", "1.4"})};
  const std::string method = "server.version";
  const std::uint64_t id = next_id_++;
  ++batches_sent_;
  const std::vector<Json> answer =
      co_await send(executor_, c, id, method, std::move(hello), request_timeout_ms_);
  const Json& version = answer.front();
  if (!version.is_array() || version.size() != 2 || version[1] != "1.4") {
    failConnection(*c, "does not speak Electrum protocol 1.4");
    throw ServerFailure(c->url + ": does not speak Electrum protocol 1.4");
  }
  co_return c;
}

Task<std::shared_ptr<Connection>> ElectrumClient::connection() {
  auto guard = co_await connecting_.scoped();
  if (live_ && !live_->closed) co_return live_;
  std::string failures;
  for (std::size_t attempt = 0; attempt < servers_.size(); ++attempt) {
    const std::size_t index = (preferred_ + attempt) % servers_.size();
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
    failures += (failures.empty() ? "" : "; ") + servers_[index].url + ": " + problem;
  }
  throw ElectrumUnavailable("no Electrum server answered: " + failures);
}

Task<Json> ElectrumClient::call(std::string method, Json params) {
  std::vector<Json> one;
  one.push_back(std::move(params));
  std::vector<Json> results = co_await batch(std::move(method), std::move(one));
  co_return std::move(results.front());
}

Task<std::vector<Json>> ElectrumClient::batch(std::string method, std::vector<Json> params_list,
                                              Validator check) {
  if (servers_.empty()) throw ElectrumUnavailable("no Electrum servers are configured");
  std::vector<Json> results;
  if (params_list.empty()) co_return results;
  std::string failures;
  for (std::size_t attempt = 0; attempt < servers_.size(); ++attempt) {
    const bool fresh = !live_ || live_->closed;
    std::shared_ptr<Connection> c = co_await connection();
    if (fresh && resubscribe_) co_await resubscribe_();
    std::string problem;
    try {
      for (std::size_t at = 0; at < params_list.size(); at += kMaxBatch) {
        const std::size_t end = std::min(params_list.size(), at + kMaxBatch);
        std::vector<Json> chunk(params_list.begin() + at, params_list.begin() + end);
        const std::uint64_t first_id = next_id_;
        next_id_ += chunk.size();
        ++batches_sent_;
        std::vector<Json> answers =
            co_await send(executor_, c, first_id, method, std::move(chunk), request_timeout_ms_);
        for (std::size_t i = 0; check && i < answers.size(); ++i) {
          const std::string lie = check(at + i, answers[i]);
          if (lie.empty()) continue;
          failConnection(*c, "answered " + method + " falsely: " + lie);
          throw ServerFailure(c->url + ": answered " + method + " falsely: " + lie);
        }
        for (Json& a : answers) results.push_back(std::move(a));
      }
    } catch (const ServerFailure& e) {
      problem = e.what();
    }
    if (problem.empty()) co_return results;
    results.clear();
    failures += (failures.empty() ? "" : "; ") + problem;
    preferred_ = (preferred_ + 1) % servers_.size();  // the next attempt starts past it
  }
  throw ElectrumUnavailable("no Electrum server answered " + method + ": " + failures);
}

Task<std::uint64_t> ElectrumClient::tipHeight() {
  const std::string method = "blockchain.headers.subscribe";
  const Json none = Json::array();
  const Json tip = co_await call(method, none);
  if (!tip.is_object() || !tip.contains("height") || !tip["height"].is_number_unsigned())
    throwUnexpectedAnswer(method);
  co_return tip["height"].get<std::uint64_t>();
}

Task<std::string> ElectrumClient::broadcast(std::string tx_hex) {
  const std::string method = "blockchain.transaction.broadcast";
  const Json params = Json::array({std::move(tx_hex)});
  const Json txid = co_await call(method, params);
  if (!txid.is_string()) throwUnexpectedAnswer(method);
  const std::string text = txid.get<std::string>();
  if (text.size() != 64 || !isHex(text)) throw ElectrumError(method, 0, text.substr(0, 300));
  co_return text;
}

}  // namespace walletd
