// Line streams for the core: newline-delimited over TCP and TLS, WebSocket messages over either.
#include "host-native/native_stream_connector.h"

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <deque>
#include <optional>

#include "core/async/coroutine_compat.h"
#include "core/encoding/base64.h"
#include "core/platform/http_client.h"
#include "host-native/line_framing.h"
#include "host-native/os_platform.h"

namespace walletd {
namespace {

using Clock = std::chrono::steady_clock;

// Where a stream goes. ws:// and wss:// also say what to GET, with which Host header.
struct Endpoint {
  std::string host;  // a name or an address ([IPv6] without its brackets)
  std::string port;
  bool tls = false;
  bool websocket = false;
  std::string target;       // the path and query, "/" at least (WebSocket)
  std::string host_header;  // host[:port], the port only when it is not the scheme's default
};

// host:port or [IPv6]:port into `to` (the port may be left out when there is a default).
void splitAuthority(std::string_view authority, const char* default_port, const std::string& url,
                    Endpoint& to) {
  std::size_t colon = authority.rfind(':');
  bool bad = authority.empty();
  if (!bad && authority.front() == '[') {  // [IPv6], then :port or nothing
    const std::size_t close = authority.find(']');
    colon = close == std::string_view::npos || close + 1 == authority.size()
                ? std::string_view::npos
                : close + 1;
    bad = close == std::string_view::npos ||
          (colon != std::string_view::npos && authority[colon] != ':');
  }
  if (colon == std::string_view::npos && default_port == nullptr) bad = true;
  if (colon != std::string_view::npos && (colon == 0 || colon + 1 == authority.size())) bad = true;
  if (bad) throw TransportError("expected host:port, got " + url);
  const std::string_view host = authority.substr(0, colon);
  to.host = host.size() > 2 && host.front() == '[' ? host.substr(1, host.size() - 2) : host;
  to.port = colon == std::string_view::npos ? default_port : authority.substr(colon + 1);
  to.host_header = host;
  if (default_port == nullptr || to.port != default_port)
    to.host_header.append(":").append(to.port);
}

// tcp://host:port (or host:port), ssl://host:port, ws://host[:port][/path][?query], wss://...
Endpoint parseUrl(const std::string& url) {
  struct Scheme {
    std::string_view prefix;
    bool tls, websocket;
    const char* default_port;
  };
  static constexpr Scheme kSchemes[] = {{"tcp://", false, false, nullptr},
                                        {"ssl://", true, false, nullptr},
                                        {"ws://", false, true, "80"},
                                        {"wss://", true, true, "443"}};
  Scheme scheme = kSchemes[0];
  std::string_view rest = url;
  const auto known = std::find_if(std::begin(kSchemes), std::end(kSchemes),
                                  [&](const Scheme& s) { return rest.rfind(s.prefix, 0) == 0; });
  if (known != std::end(kSchemes)) {
    scheme = *known;
    rest.remove_prefix(scheme.prefix.size());
  } else if (rest.find("://") != std::string_view::npos) {
    throw TransportError("the daemon opens tcp://, ssl://, ws:// and wss:// streams, not " + url);
  }
  Endpoint to;
  to.tls = scheme.tls;
  to.websocket = scheme.websocket;
  const std::size_t path = scheme.websocket ? rest.find_first_of("/?#") : std::string_view::npos;
  const std::string_view target =
      path == std::string_view::npos ? "" : rest.substr(path, rest.find('#', path) - path);
  to.target = std::string(target.rfind('/', 0) == 0 ? "" : "/").append(target);
  if (path == 0 || rest.empty()) throw TransportError("expected host:port, got " + url);
  splitAuthority(rest.substr(0, path), scheme.default_port, url, to);
  return to;
}

// A connected socket, or TransportError. Blocking; bounded by `timeout_ms`.
int connectTcp(const Endpoint& to, std::uint64_t timeout_ms) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(to.host.c_str(), to.port.c_str(), &hints, &found) != 0 || found == nullptr)
    throw TransportError("cannot resolve " + to.host);
  std::string problem = "no address";
  int fd = -1;
  for (addrinfo* a = found; a != nullptr && fd < 0; a = a->ai_next) {
    int s = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
    if (s < 0) continue;
    if (::connect(s, a->ai_addr, a->ai_addrlen) != 0 && errno != EINPROGRESS) {
      problem = std::strerror(errno);
      ::close(s);
      continue;
    }
    pollfd p{s, POLLOUT, 0};
    int error = 0;
    socklen_t len = sizeof(error);
    if (::poll(&p, 1, static_cast<int>(timeout_ms)) != 1 ||
        getsockopt(s, SOL_SOCKET, SO_ERROR, &error, &len) != 0 || error != 0) {
      problem = error ? std::strerror(error) : "timed out";
      ::close(s);
      continue;
    }
    ::fcntl(s, F_SETFL, ::fcntl(s, F_GETFL) & ~O_NONBLOCK);
    fd = s;
  }
  freeaddrinfo(found);
  if (fd < 0) throw TransportError("cannot connect to " + to.host + ":" + to.port + ": " + problem);
  return fd;
}

// Milliseconds until `deadline`, at least 0; -1 (no limit) without one.
int msUntil(const std::optional<Clock::time_point>& deadline) {
  if (!deadline) return -1;
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(*deadline - Clock::now());
  return static_cast<int>(std::clamp<std::int64_t>(left.count(), 0, 1 << 30));
}

// The bytes under a line stream: a TCP socket, or TLS over one. read() is called by one thread
// at a time (the connecting thread for a WebSocket handshake, then the reader thread), writes are
// serialised by the stream; close() may come from any thread.
class Channel {
 public:
  explicit Channel(int fd) : fd_(fd) {}
  virtual ~Channel() { ::close(fd_); }
  // Some bytes; 0 at the end of the stream; -1 when it broke or the deadline passed (`problem`
  // says which).
  virtual ssize_t read(char* buffer, std::size_t size, std::string& problem) = 0;
  virtual void writeAll(const std::string& data) = 0;  // TransportError when it broke
  // Sends what fits now, without waiting and without errors (a goodbye before hanging up).
  virtual void sendNow(const std::string& data) noexcept = 0;
  void close() {
    closing_ = true;
    ::shutdown(fd_, SHUT_RDWR);
  }
  void closeWriting() { ::shutdown(fd_, SHUT_WR); }  // the server reads the end of the stream
  // Bounds the next reads (the WebSocket handshake's answer); nullopt: none.
  void setReadDeadline(std::optional<Clock::time_point> deadline) { deadline_ = deadline; }

 protected:
  int fd_;
  std::atomic<bool> closing_{false};
  std::optional<Clock::time_point> deadline_;
};

class TcpChannel : public Channel {
 public:
  using Channel::Channel;
  ssize_t read(char* buffer, std::size_t size, std::string& problem) override {
    pollfd p{fd_, POLLIN, 0};
    if (deadline_ && ::poll(&p, 1, msUntil(deadline_)) <= 0) {
      problem = "timed out";
      return -1;
    }
    const ssize_t n = ::recv(fd_, buffer, size, 0);
    if (n < 0) problem = std::string("the connection broke: ") + std::strerror(errno);
    return n;
  }
  void writeAll(const std::string& data) override {
    std::size_t sent = 0;
    while (sent < data.size()) {
      const ssize_t n = ::send(fd_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
      if (n <= 0)
        throw TransportError(std::string("the connection broke: ") + std::strerror(errno));
      sent += static_cast<std::size_t>(n);
    }
  }
  void sendNow(const std::string& data) noexcept override {
    [[maybe_unused]] const ssize_t n =
        ::send(fd_, data.data(), data.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  }
};

// The last OpenSSL error as text (the error queue is per thread).
std::string sslProblem(const char* what) {
  const unsigned long code = ERR_get_error();
  char text[256] = "";
  if (code != 0) ERR_error_string_n(code, text, sizeof text);
  ERR_clear_error();
  return std::string(what) + (code != 0 ? std::string(": ") + text : std::string());
}

// TLS with OpenSSL over a socket. One SSL object is shared by the reader thread and the core
// thread, so every SSL_* call holds `mutex_`; the socket is non-blocking and each side waits
// with poll() outside the lock.
class TlsChannel : public Channel {
 public:
  TlsChannel(int fd, SSL_CTX* ctx, SSL* ssl) : Channel(fd), ctx_(ctx), ssl_(ssl) {
    ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) | O_NONBLOCK);
  }
  ~TlsChannel() override {
    SSL_free(ssl_);
    SSL_CTX_free(ctx_);
  }
  ssize_t read(char* buffer, std::size_t size, std::string& problem) override {
    for (;;) {
      int result, error;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        result = SSL_read(ssl_, buffer, static_cast<int>(std::min<std::size_t>(size, 1 << 30)));
        error = result > 0 ? SSL_ERROR_NONE : SSL_get_error(ssl_, result);
        if (error == SSL_ERROR_SSL || error == SSL_ERROR_SYSCALL)
          problem = sslProblem("the TLS connection broke");
      }
      if (result > 0) return result;
      if (error == SSL_ERROR_ZERO_RETURN) return 0;
      if (error != SSL_ERROR_WANT_READ && error != SSL_ERROR_WANT_WRITE) {
        if (closing_ || problem.empty()) return 0;
        return -1;
      }
      if (closing_) return 0;
      if (deadline_ && msUntil(deadline_) == 0) {
        problem = "timed out";
        return -1;
      }
      pollfd p{fd_, static_cast<short>(error == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT), 0};
      const int wait = msUntil(deadline_);
      ::poll(&p, 1, wait < 0 ? 200 : std::min(wait, 200));  // close() is noticed within 200 ms
    }
  }
  void writeAll(const std::string& data) override {
    std::size_t sent = 0;
    int waits = 0;
    while (sent < data.size()) {
      int result, error;
      std::string problem;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        result = SSL_write(ssl_, data.data() + sent, static_cast<int>(data.size() - sent));
        error = result > 0 ? SSL_ERROR_NONE : SSL_get_error(ssl_, result);
        if (result <= 0 && error != SSL_ERROR_WANT_READ && error != SSL_ERROR_WANT_WRITE)
          problem = sslProblem("the TLS connection broke");
      }
      if (result > 0) {
        sent += static_cast<std::size_t>(result);
        continue;
      }
      if (!problem.empty()) throw TransportError(problem);
      if (closing_ || ++waits > 100) throw TransportError("the TLS connection stalled");
      pollfd p{fd_, POLLOUT | POLLIN, 0};
      ::poll(&p, 1, 100);
    }
  }
  void sendNow(const std::string& data) noexcept override {
    std::lock_guard<std::mutex> lock(mutex_);
    SSL_write(ssl_, data.data(), static_cast<int>(data.size()));  // the socket does not block
    ERR_clear_error();
  }

 private:
  std::mutex mutex_;
  SSL_CTX* ctx_;
  SSL* ssl_;
};

// TLS handshake on a connected blocking socket within `timeout_ms`: the server's certificate
// chain checked against the system's trust store (or SSL_CERT_FILE) and its name or IP address
// against the host, unless `verify` is false. Takes ownership of `fd`.
std::unique_ptr<Channel> startTls(int fd, const Endpoint& to, bool verify,
                                  std::uint64_t timeout_ms) {
  timeval limit{static_cast<time_t>(timeout_ms / 1000),
                static_cast<suseconds_t>((timeout_ms % 1000) * 1000)};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
  SSL_CTX* ctx = SSL_CTX_new(TLS_client_method());
  SSL* ssl = ctx ? SSL_new(ctx) : nullptr;
  auto fail = [&](const std::string& problem) -> std::unique_ptr<Channel> {
    if (ssl) SSL_free(ssl);
    if (ctx) SSL_CTX_free(ctx);
    ::close(fd);
    throw TransportError("TLS with " + to.host + ":" + to.port + ": " + problem);
  };
  if (!ssl) return fail(sslProblem("cannot set up TLS"));
  SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
  SSL_set_mode(ssl, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
  in6_addr ip6;
  in_addr ip4;
  const bool is_ip = inet_pton(AF_INET, to.host.c_str(), &ip4) == 1 ||
                     inet_pton(AF_INET6, to.host.c_str(), &ip6) == 1;
  if (!is_ip) SSL_set_tlsext_host_name(ssl, to.host.c_str());
  if (verify) {
    SSL_CTX_set_default_verify_paths(ctx);  // honours SSL_CERT_FILE / SSL_CERT_DIR
    SSL_set_verify(ssl, SSL_VERIFY_PEER, nullptr);
    X509_VERIFY_PARAM* param = SSL_get0_param(ssl);
    X509_VERIFY_PARAM_set_hostflags(param, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
    const int named = is_ip ? X509_VERIFY_PARAM_set1_ip_asc(param, to.host.c_str())
                            : X509_VERIFY_PARAM_set1_host(param, to.host.c_str(), 0);
    if (named != 1) return fail("cannot check the server's name");
  } else {
    SSL_set_verify(ssl, SSL_VERIFY_NONE, nullptr);
  }
  SSL_set_fd(ssl, fd);
  if (SSL_connect(ssl) != 1) {
    const long verdict = SSL_get_verify_result(ssl);
    if (verify && verdict != X509_V_OK) {
      ERR_clear_error();
      return fail(std::string("the server's certificate is not trusted: ") +
                  X509_verify_cert_error_string(verdict));
    }
    return fail(sslProblem("the handshake failed"));
  }
  timeval none{0, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &none, sizeof none);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &none, sizeof none);
  return std::make_unique<TlsChannel>(fd, ctx, ssl);
}

// The operating system's CSPRNG, for WebSocket keys and masks (any thread).
Random& osRandom() {
  static OsRandom random;
  return random;
}

// The WebSocket opening handshake on a connected channel, its answer read before `deadline`.
// Answers the bytes the server sent after its 101 answer (frames already).
std::string openWebSocket(Channel& channel, const Endpoint& to, Clock::time_point deadline) {
  const std::string key = base64Encode(osRandom().bytes(16));
  const std::string where = "the WebSocket handshake with " + to.host_header + ": ";
  channel.writeAll(websocket::upgradeRequest(to.host_header, to.target, key));
  channel.setReadDeadline(deadline);
  std::string received;
  std::size_t head_end;
  while ((head_end = received.find("\r\n\r\n")) == std::string::npos) {
    if (received.size() > 16384) throw TransportError(where + "the answer's head is over 16 KiB");
    char chunk[4096];
    std::string problem;
    const ssize_t n = channel.read(chunk, sizeof chunk, problem);
    if (n <= 0)
      throw TransportError(where + (n == 0 ? "the server closed the connection" : problem));
    received.append(chunk, static_cast<std::size_t>(n));
  }
  channel.setReadDeadline(std::nullopt);
  try {
    websocket::checkUpgradeResponse(std::string_view(received).substr(0, head_end + 4), key);
  } catch (const TransportError& e) {
    throw TransportError(where + e.what());
  }
  return received.substr(head_end + 4);
}

// A connected stream: its bytes, how they carry lines, and what the server already sent.
struct Opened {
  std::unique_ptr<Channel> channel;
  std::unique_ptr<LineFraming> framing;
  std::string first_bytes;
};

// TCP, then TLS and the WebSocket handshake as the URL asks, all before `timeout_ms`. Blocking.
Opened openStream(const Endpoint& to, bool verify, std::uint64_t timeout_ms) {
  const Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  Opened opened;
  const int fd = connectTcp(to, timeout_ms);
  if (to.tls) {
    const auto left = static_cast<std::uint64_t>(std::max(1, msUntil(deadline)));
    opened.channel = startTls(fd, to, verify, left);
  } else {
    opened.channel = std::make_unique<TcpChannel>(fd);
  }
  if (to.websocket) {
    opened.first_bytes = openWebSocket(*opened.channel, to, deadline);
    opened.framing =
        std::make_unique<WebSocketFraming>(osRandom(), NativeStreamConnector::kMaxLineBytes);
  } else {
    opened.framing = std::make_unique<NewlineFraming>(NativeStreamConnector::kMaxLineBytes);
  }
  return opened;
}

// What the reader thread and the core share.
struct StreamState {
  explicit StreamState(Executor& c) : core(c) {}
  Executor& core;
  std::mutex mutex;
  std::deque<std::string> lines;
  bool ended = false;
  std::string problem;
  coro::handle<> waiter = nullptr;
  std::mutex write_mutex;  // the core's lines and the reader's replies go out one at a time

  void wake() {  // under mutex
    if (auto w = std::exchange(waiter, nullptr)) core.post([w]() mutable { w.resume(); });
  }
  // Queues `more` lines; `end` (why) ends the stream. Wakes a waiting readLine if there is news.
  void deliver(std::vector<std::string> more, const std::optional<std::string>& end) {
    std::lock_guard<std::mutex> lock(mutex);
    const bool news = !more.empty() || end.has_value();
    for (std::string& line : more) lines.push_back(std::move(line));
    if (end) {
      ended = true;
      problem = *end;
    }
    if (news) wake();
  }
};

// A line stream over a channel: a reader thread turns the server's bytes into lines (through
// the framing) and posts them to the core executor; writes go out from the core thread.
class ChannelLineStream : public LineStream {
 public:
  ChannelLineStream(Executor& core, Opened opened)
      : channel_(std::move(opened.channel)),
        framing_(std::move(opened.framing)),
        state_(std::make_shared<StreamState>(core)) {
    reader_ = std::thread([channel = channel_.get(), framing = framing_.get(), state = state_,
                           first = std::move(opened.first_bytes)]() mutable {
      readLoop(*channel, *framing, *state, std::move(first));
    });
  }
  ~ChannelLineStream() override {
    close();
    reader_.join();
  }

  Task<void> writeLine(std::string line) override {
    {
      std::lock_guard<std::mutex> lock(state_->mutex);
      if (state_->ended)
        throw TransportError(state_->problem.empty() ? "the server closed the connection"
                                                     : state_->problem);
    }
    const std::string bytes = framing_->frame(line);
    std::lock_guard<std::mutex> lock(state_->write_mutex);
    channel_->writeAll(bytes);
    co_return;
  }

  Task<std::string> readLine() override {
    struct Awaiter {
      StreamState& s;
      bool await_ready() {
        std::lock_guard<std::mutex> lock(s.mutex);
        return !s.lines.empty() || s.ended;
      }
      bool await_suspend(coro::handle<> h) {
        std::lock_guard<std::mutex> lock(s.mutex);
        if (!s.lines.empty() || s.ended) return false;
        s.waiter = h;
        return true;
      }
      std::string await_resume() {
        std::lock_guard<std::mutex> lock(s.mutex);
        if (!s.lines.empty()) {
          std::string line = std::move(s.lines.front());
          s.lines.pop_front();
          return line;
        }
        throw TransportError(s.problem.empty() ? "the server closed the connection" : s.problem);
      }
    };
    Awaiter next{*state_};
    co_return co_await next;
  }

  // Hangs up: a WebSocket says goodbye first (a close frame, unless the stream already ended or
  // the reader thread is writing: close() never waits for the network).
  void close() override {
    if (closed_.exchange(true)) return;
    bool ended;
    {
      std::lock_guard<std::mutex> lock(state_->mutex);
      ended = state_->ended;
    }
    std::unique_lock<std::mutex> writing(state_->write_mutex, std::try_to_lock);
    if (!ended && writing.owns_lock()) {
      const std::string goodbye = framing_->goodbye();
      if (!goodbye.empty()) channel_->sendNow(goodbye);
    }
    channel_->close();
  }

 private:
  // The reader thread: `bytes` first (what came with the handshake), then each read.
  static void readLoop(Channel& channel, LineFraming& framing, StreamState& s, std::string bytes) {
    char chunk[16384];
    for (;;) {
      if (bytes.empty()) {
        std::string problem;
        const ssize_t n = channel.read(chunk, sizeof chunk, problem);
        if (n <= 0) {
          s.deliver({}, n < 0 ? problem : std::string());
          return;
        }
        bytes.assign(chunk, static_cast<std::size_t>(n));
      }
      LineFraming::Taken taken = framing.take(bytes);
      bytes.clear();
      if (!taken.reply.empty()) {
        std::lock_guard<std::mutex> lock(s.write_mutex);
        try {
          channel.writeAll(taken.reply);
        } catch (const TransportError&) {  // the next read says how the connection broke
        }
      }
      // Only whole lines wake the reader: a line split across reads (an Electrum answer over
      // 16 KiB, or one the network delivers in pieces) must not end its readLine early.
      s.deliver(std::move(taken.lines), taken.end);
      if (taken.end) {
        if (!taken.reply.empty()) drain(channel);
        channel.close();
        return;
      }
    }
  }

  // After the client's close frame the server answers and closes the TCP connection first (RFC
  // 6455 §7.1.1): its last bytes are read and dropped until then (2 s at most, or close()), so
  // it is not reset while it still writes and it learns the close code.
  static void drain(Channel& channel) {
    channel.closeWriting();
    channel.setReadDeadline(Clock::now() + std::chrono::seconds(2));
    char chunk[16384];
    std::string problem;
    while (channel.read(chunk, sizeof chunk, problem) > 0) {
    }
  }

  std::unique_ptr<Channel> channel_;
  std::unique_ptr<LineFraming> framing_;
  std::shared_ptr<StreamState> state_;
  std::atomic<bool> closed_{false};
  std::thread reader_;
};

// Suspends until the connecting thread is done; answers the stream's parts or rethrows.
struct ConnectAwaiter {
  Executor& core;
  std::mutex& mutex;
  std::vector<NativeStreamConnector::Connecting>& threads;
  Endpoint to;
  bool verify;
  std::uint64_t timeout_ms;
  Opened opened;
  std::exception_ptr error;

  bool await_ready() const noexcept { return false; }
  void await_suspend(coro::handle<> waiter) {
    std::lock_guard<std::mutex> lock(mutex);
    auto done = std::make_shared<std::atomic<bool>>(false);
    std::thread thread([this, waiter, done]() mutable {
      try {
        opened = openStream(to, verify, timeout_ms);
      } catch (...) {
        error = std::current_exception();
      }
      done->store(true);
      core.post([waiter]() mutable { waiter.resume(); });
    });
    threads.push_back({std::move(thread), done});
  }
  Opened await_resume() {
    if (error) std::rethrow_exception(error);
    return std::move(opened);
  }
};

}  // namespace

void NativeStreamConnector::shutdown() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto& c : connecting_) {
    if (c.thread.joinable()) c.thread.join();
  }
  connecting_.clear();
}

bool NativeStreamConnector::supports(const std::string& scheme) const {
  return scheme == "tcp" || scheme == "ssl" || scheme == "ws" || scheme == "wss";
}

Task<std::unique_ptr<LineStream>> NativeStreamConnector::connect(StreamTarget target,
                                                                 std::uint64_t timeout_ms) {
  const Endpoint to = parseUrl(target.url);
  {
    // Finished connecting threads are joined here (at once: they are done), so none pile up.
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<Connecting> running;
    for (auto& c : connecting_) {
      if (c.done->load()) {
        c.thread.join();
      } else {
        running.push_back(std::move(c));
      }
    }
    connecting_ = std::move(running);
  }
  // Named, not a braced temporary inside co_await (GCC 12 miscompiles those).
  ConnectAwaiter connecting{core_,      mutex_, connecting_, to, target.verify_certificate,
                            timeout_ms, {},     nullptr};
  Opened opened = co_await connecting;
  co_return std::unique_ptr<LineStream>(new ChannelLineStream(core_, std::move(opened)));
}

}  // namespace walletd
