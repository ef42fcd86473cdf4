// The relay connection (relay_client.h).
#include "core/walletconnect/relay_client.h"

#include <cctype>

#include "core/async/sleep.h"
#include "core/async/spawn.h"
#include "core/encoding/hex.h"
#include "core/platform/http_client.h"
#include "core/platform/log.h"
#include "core/walletconnect/relay_auth.h"

namespace walletd::wc {
namespace {

constexpr std::uint64_t kLoginTtlS = 86400;

ByteArray<32> randomArray(Random& random) {
  const std::vector<std::uint8_t> bytes = random.bytes(32);
  ByteArray<32> out;
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

Ed25519Key loginKey(const SecretArray<32>& seed) {
  ByteArray<32> bytes;
  std::copy(seed.data(), seed.data() + 32, bytes.begin());
  Ed25519Key key = Ed25519Key::fromSeed(bytes);
  wipe(bytes);
  return key;
}

// RFC 3986's unreserved characters stay; everything else is %XX.
std::string percentEncode(const std::string& text) {
  static const char* digits = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out.push_back(static_cast<char>(c));
    } else {
      out += '%';
      out += digits[c >> 4];
      out += digits[c & 15];
    }
  }
  return out;
}

Task<void> ignoreErrors(Task<void> task) {
  try {
    co_await task;
  } catch (const std::exception&) {
  }
}

}  // namespace

RelayClient::RelayClient(RelaySettings settings, RelayPeers peers,
                         const SecretArray<32>& login_seed, OnMessage on_message)
    : settings_(std::move(settings)),
      peers_(peers),
      on_message_(std::move(on_message)),
      login_key_(loginKey(login_seed)),
      client_sub_(toHex(randomArray(peers.random))),
      write_lock_(peers.executor) {}

void RelayClient::start() {
  if (started_) return;
  started_ = true;
  spawn(runLoop(), [](std::exception_ptr) {});
}

void RelayClient::stop() {
  stop_.cancel();
  if (stream_) stream_->close();
  auto waiters = std::move(connect_waiters_);
  connect_waiters_.clear();
  for (auto& waiter : waiters)
    waiter.fail(std::make_exception_ptr(TransportError("WalletConnect was stopped")));
}

std::string RelayClient::loginUrl() {
  const std::uint64_t now = peers_.clock.unixMillis() / 1000;
  const std::string jwt =
      relayJwt(login_key_, RelayClaims{client_sub_, settings_.url, now, now + kLoginTtlS});
  const char separator = settings_.url.find('?') == std::string::npos ? '?' : '&';
  return settings_.url + separator + "auth=" + jwt +
         "&projectId=" + percentEncode(settings_.project_id) +
         "&ua=" + percentEncode("wc-2/cpp-walletd/walletd");
}

std::uint64_t RelayClient::nextId() {
  // KDF's shape: milliseconds in the high bits and a counter in the low 8.
  return (peers_.clock.unixMillis() << 8) | (id_counter_++ & 0xFF);
}

// Connects, then reads until the socket drops; after a drop or a failed attempt it waits the
// back-off (reset by every successful connection) and tries again, until stop().
Task<void> RelayClient::runLoop() {
  auto self = shared_from_this();
  std::uint64_t backoff = kFirstBackoffMs;
  while (!stop_.isCancelled()) {
    const bool was_connected = co_await connectOnce();
    if (was_connected) backoff = kFirstBackoffMs;
    bool cancelled = false;
    try {
      co_await sleepFor(peers_.executor, backoff, stop_.token());
    } catch (const OperationCancelled&) {
      cancelled = true;
    }
    if (cancelled) break;
    if (!was_connected) backoff = std::min(backoff * 2, kMaxBackoffMs);
  }
}

Task<bool> RelayClient::connectOnce() {
  const std::string scheme = settings_.url.substr(0, settings_.url.find(':'));
  if (!peers_.connector.supports(scheme)) {
    logMessage(LogLevel::Warning,
               "walletconnect: this host cannot open " + scheme + ":// relay URLs");
    co_return false;
  }
  StreamTarget target;
  target.url = loginUrl();
  std::unique_ptr<LineStream> opened;
  std::string problem;
  try {
    opened = co_await peers_.connector.connect(target, kConnectTimeoutMs);
  } catch (const std::exception& e) {
    problem = e.what();
  }
  if (!opened || stop_.isCancelled()) {
    if (!problem.empty())
      logMessage(LogLevel::Info, "walletconnect: relay " + settings_.url + " unreachable");
    co_return false;
  }
  LineStream* stream = opened.get();
  stream_ = std::move(opened);
  ++connections_;
  auto waiters = std::move(connect_waiters_);
  connect_waiters_.clear();
  for (auto& waiter : waiters) waiter.settle(true);
  spawn(ignoreErrors(resubscribe()), [](std::exception_ptr) {});
  co_await readUntilDrop(stream);
  co_return true;
}

Task<void> RelayClient::readUntilDrop(LineStream* stream) {
  bool open = true;
  std::string why;
  while (open) {
    std::string line;
    try {
      line = co_await stream->readLine();
    } catch (const std::exception& e) {
      open = false;
      why = e.what();
    }
    if (!open) break;
    try {
      handleLine(line);
    } catch (const std::exception& e) {  // a frame of unexpected types: skipped, not fatal
      logMessage(LogLevel::Warning,
                 std::string("walletconnect: a relay frame walletd cannot read: ") + e.what());
    }
  }
  dropped(why);
}

void RelayClient::dropped(const std::string& why) {
  if (stream_) stream_->close();
  stream_.reset();
  auto pending = std::move(pending_);
  pending_.clear();
  for (auto& [id, answer] : pending)
    answer.fail(std::make_exception_ptr(TransportError("the relay connection dropped: " + why)));
  for (auto& [topic, id] : subscriptions_) id.clear();
}

// Subscribes again to every topic held, in one request, after a (re)connection.
Task<void> RelayClient::resubscribe() {
  std::vector<std::string> topics;
  for (const auto& [topic, id] : subscriptions_) topics.push_back(topic);
  if (!topics.empty()) co_await subscribe(std::move(topics));
}

void RelayClient::handleLine(const std::string& line) {
  const Json msg = Json::parse(line, nullptr, false);
  if (!msg.is_object() || !msg.contains("id")) return;
  if (msg.contains("method") && msg["method"] == "irn_subscription") {
    const Json reply{{"id", msg["id"]}, {"jsonrpc", "2.0"}, {"result", true}};
    auto self = shared_from_this();
    spawn(ignoreErrors([](std::shared_ptr<RelayClient> client, std::string text) -> Task<void> {
            if (!client->stream_) co_return;
            auto guard = co_await client->write_lock_.scoped();
            if (client->stream_) co_await client->stream_->writeLine(std::move(text));
          }(self, reply.dump())),
          [](std::exception_ptr) {});
    const Json params = msg.contains("params") ? msg["params"] : Json();
    const Json data = params.is_object() ? params.value("data", Json()) : Json();
    if (!data.is_object() || !data.value("topic", Json()).is_string() ||
        !data.value("message", Json()).is_string())
      return;
    RelayMessage m;
    m.topic = data["topic"].get<std::string>();
    m.message = data["message"].get<std::string>();
    if (data.value("publishedAt", Json()).is_number_unsigned())
      m.published_at = data["publishedAt"].get<std::uint64_t>();
    if (data.value("tag", Json()).is_number_integer()) m.tag = data["tag"].get<int>();
    on_message_(std::move(m));
    return;
  }
  if (!msg["id"].is_number_unsigned()) return;
  auto it = pending_.find(msg["id"].get<std::uint64_t>());
  if (it == pending_.end()) return;
  OneShot<Json> answer = it->second;
  pending_.erase(it);
  if (msg.contains("error") && !msg["error"].is_null()) {
    const Json& e = msg["error"];
    const Json message = e.is_object() ? e.value("message", Json()) : Json();
    const std::string text =
        message.is_string() ? message.get<std::string>() : e.dump().substr(0, 200);
    answer.fail(std::make_exception_ptr(TransportError("the relay refused: " + text)));
  } else {
    answer.settle(msg.value("result", Json()));
  }
}

Task<void> RelayClient::waitConnected() {
  if (stream_) co_return;
  if (stop_.isCancelled()) throw TransportError("WalletConnect was stopped");
  OneShot<bool> waiter(peers_.executor);
  connect_waiters_.push_back(waiter);
  const std::string url = settings_.url;
  const TimerId timer = peers_.executor.startTimer(kConnectWaitMs, [waiter, url]() mutable {
    waiter.fail(std::make_exception_ptr(
        TransportError("the WalletConnect relay " + url + " could not be reached within 30 s")));
  });
  std::string failure;
  try {
    co_await waiter;
  } catch (const TransportError& e) {
    failure = e.what();
  }
  peers_.executor.cancelTimer(timer);
  if (!failure.empty()) throw TransportError(failure);
}

Task<Json> RelayClient::call(std::string method, Json params) {
  auto self = shared_from_this();
  co_await waitConnected();
  const std::uint64_t id = nextId();
  OneShot<Json> answer(peers_.executor);
  pending_.emplace(id, answer);
  const Json request{
      {"id", id}, {"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
  const TimerId timer = peers_.executor.startTimer(kRequestTimeoutMs, [answer, method]() mutable {
    answer.fail(std::make_exception_ptr(
        TransportError("the WalletConnect relay did not answer " + method + " within 6 s")));
  });
  std::string failure;
  try {
    auto guard = co_await write_lock_.scoped();
    if (!stream_) throw TransportError("the relay connection dropped");
    co_await stream_->writeLine(request.dump());
  } catch (const std::exception& e) {
    failure = e.what();
  }
  if (!failure.empty()) answer.fail(std::make_exception_ptr(TransportError(failure)));
  std::optional<Json> result;
  try {
    result = co_await answer;
  } catch (const TransportError& e) {
    failure = e.what();
  }
  peers_.executor.cancelTimer(timer);
  pending_.erase(id);
  if (!result) throw TransportError(failure);
  co_return std::move(*result);
}

Task<void> RelayClient::subscribe(std::vector<std::string> topics) {
  auto self = shared_from_this();
  for (const std::string& topic : topics) subscriptions_.emplace(topic, "");
  if (topics.empty()) co_return;
  const bool one = topics.size() == 1;
  Json params = one ? Json{{"topic", topics.front()}} : Json{{"topics", topics}};
  std::string method = one ? "irn_subscribe" : "irn_batchSubscribe";
  const Json ids = co_await call(std::move(method), std::move(params));
  for (std::size_t i = 0; i < topics.size(); ++i) {
    const Json id = one ? ids : (ids.is_array() && i < ids.size() ? ids[i] : Json());
    auto it = subscriptions_.find(topics[i]);
    if (it != subscriptions_.end() && id.is_string()) it->second = id.get<std::string>();
  }
}

Task<void> RelayClient::unsubscribe(std::string topic) {
  auto self = shared_from_this();
  auto it = subscriptions_.find(topic);
  if (it == subscriptions_.end()) co_return;
  const std::string id = it->second;
  subscriptions_.erase(it);
  if (id.empty() || !stream_) co_return;
  try {
    std::string method = "irn_unsubscribe";
    Json params{{"topic", topic}, {"id", id}};
    co_await call(std::move(method), std::move(params));
  } catch (const TransportError&) {
  }
}

Task<void> RelayClient::publish(std::string topic, std::string message, std::uint32_t ttl_s,
                                int tag, bool prompt) {
  auto self = shared_from_this();
  Json params{{"topic", topic}, {"message", message}, {"ttl", ttl_s}, {"tag", tag}};
  if (prompt) params["prompt"] = true;
  std::string method = "irn_publish";
  co_await call(std::move(method), std::move(params));
}

}  // namespace walletd::wc
