// Newline-delimited TCP and TLS streams for the core.
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
#include "core/platform/http_client.h"

namespace walletd {
namespace {

struct HostPort {
  std::string host;
  std::string port;
  bool tls = false;
};

HostPort parseUrl(const std::string& url) {
  std::string rest = url;
  bool tls = false;
  if (rest.rfind("tcp://", 0) == 0) {
    rest = rest.substr(6);
  } else if (rest.rfind("ssl://", 0) == 0) {
    rest = rest.substr(6);
    tls = true;
  } else if (rest.find("://") != std::string::npos) {
    throw TransportError("the daemon opens tcp:// and ssl:// streams, not " + url);
  }
  const auto colon = rest.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == rest.size())
    throw TransportError("expected host:port, got " + url);
  std::string host = rest.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);  // [IPv6]
  return {host, rest.substr(colon + 1), tls};
}

// A connected socket, or TransportError. Blocking; bounded by `timeout_ms`.
int connectTcp(const HostPort& to, std::uint64_t timeout_ms) {
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

// The bytes under a line stream: a TCP socket, or TLS over one. read() is called by the reader
// thread only, writeAll() by the core thread; close() from either.
class Channel {
 public:
  explicit Channel(int fd) : fd_(fd) {}
  virtual ~Channel() { ::close(fd_); }
  // Some bytes; 0 at the end of the stream; -1 when it broke (`problem` says how).
  virtual ssize_t read(char* buffer, std::size_t size, std::string& problem) = 0;
  virtual void writeAll(const std::string& data) = 0;  // TransportError when it broke
  void close() {
    closing_ = true;
    ::shutdown(fd_, SHUT_RDWR);
  }

 protected:
  int fd_;
  std::atomic<bool> closing_{false};
};

class TcpChannel : public Channel {
 public:
  using Channel::Channel;
  ssize_t read(char* buffer, std::size_t size, std::string& problem) override {
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
      pollfd p{fd_, static_cast<short>(error == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT), 0};
      ::poll(&p, 1, 200);  // bounded: close() is noticed within 200 ms
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

 private:
  std::mutex mutex_;
  SSL_CTX* ctx_;
  SSL* ssl_;
};

// TLS handshake on a connected blocking socket within `timeout_ms`: the server's certificate
// chain checked against the system's trust store (or SSL_CERT_FILE) and its name or IP address
// against the host, unless `verify` is false. Takes ownership of `fd`.
std::unique_ptr<Channel> startTls(int fd, const HostPort& to, bool verify,
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

// What the reader thread and the core share.
struct StreamState {
  explicit StreamState(Executor& c) : core(c) {}
  Executor& core;
  std::mutex mutex;
  std::deque<std::string> lines;
  bool ended = false;
  std::string problem;
  coro::handle<> waiter = nullptr;

  void wake() {  // under mutex
    if (auto w = std::exchange(waiter, nullptr)) core.post([w]() mutable { w.resume(); });
  }
};

class ChannelLineStream : public LineStream {
 public:
  ChannelLineStream(Executor& core, std::unique_ptr<Channel> channel)
      : channel_(std::move(channel)), state_(std::make_shared<StreamState>(core)) {
    reader_ =
        std::thread([channel = channel_.get(), state = state_] { readLoop(*channel, *state); });
  }
  ~ChannelLineStream() override {
    close();
    reader_.join();
  }

  Task<void> writeLine(std::string line) override {
    line.push_back('\n');
    channel_->writeAll(line);
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

  void close() override { channel_->close(); }

 private:
  static void readLoop(Channel& channel, StreamState& s) {
    std::string buffer;
    char chunk[16384];
    for (;;) {
      std::string problem;
      const ssize_t n = channel.read(chunk, sizeof chunk, problem);
      if (n <= 0) {
        std::lock_guard<std::mutex> lock(s.mutex);
        s.ended = true;
        if (n < 0) s.problem = problem;
        s.wake();
        return;
      }
      buffer.append(chunk, static_cast<std::size_t>(n));
      std::lock_guard<std::mutex> lock(s.mutex);
      std::size_t start = 0, newline;
      while ((newline = buffer.find('\n', start)) != std::string::npos) {
        s.lines.push_back(buffer.substr(start, newline - start));
        start = newline + 1;
      }
      buffer.erase(0, start);
      if (buffer.size() > NativeStreamConnector::kMaxLineBytes) {
        s.ended = true;
        s.problem = "the server sent a line longer than 8 MiB";
        s.wake();
        channel.close();
        return;
      }
      // Only a whole line wakes the reader: a line split across reads (an Electrum answer over
      // 16 KiB, or one the network delivers in pieces) must not end its readLine early.
      if (start > 0) s.wake();
    }
  }

  std::unique_ptr<Channel> channel_;
  std::shared_ptr<StreamState> state_;
  std::thread reader_;
};

// Suspends until the connecting thread is done; answers the socket or rethrows its failure.
struct ConnectAwaiter {
  Executor& core;
  std::mutex& mutex;
  std::vector<NativeStreamConnector::Connecting>& threads;
  HostPort to;
  bool verify;
  std::uint64_t timeout_ms;
  std::unique_ptr<Channel> channel;
  std::exception_ptr error;

  bool await_ready() const noexcept { return false; }
  void await_suspend(coro::handle<> waiter) {
    std::lock_guard<std::mutex> lock(mutex);
    auto done = std::make_shared<std::atomic<bool>>(false);
    std::thread thread([this, waiter, done]() mutable {
      try {
        const auto started = std::chrono::steady_clock::now();
        const int fd = connectTcp(to, timeout_ms);
        if (to.tls) {
          const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
              std::chrono::steady_clock::now() - started);
          const auto left = static_cast<std::uint64_t>(
              std::max<std::int64_t>(1, static_cast<std::int64_t>(timeout_ms) - spent.count()));
          channel = startTls(fd, to, verify, left);
        } else {
          channel = std::make_unique<TcpChannel>(fd);
        }
      } catch (...) {
        error = std::current_exception();
      }
      done->store(true);
      core.post([waiter]() mutable { waiter.resume(); });
    });
    threads.push_back({std::move(thread), done});
  }
  std::unique_ptr<Channel> await_resume() {
    if (error) std::rethrow_exception(error);
    return std::move(channel);
  }
};

}  // namespace

NativeStreamConnector::~NativeStreamConnector() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto& c : connecting_) c.thread.join();  // each is bounded by its connect deadline
}

bool NativeStreamConnector::supports(const std::string& scheme) const {
  return scheme == "tcp" || scheme == "ssl";
}

Task<std::unique_ptr<LineStream>> NativeStreamConnector::connect(StreamTarget target,
                                                                 std::uint64_t timeout_ms) {
  const HostPort to = parseUrl(target.url);
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
  ConnectAwaiter connecting{core_,      mutex_,  connecting_, to, target.verify_certificate,
                            timeout_ms, nullptr, nullptr};
  std::unique_ptr<Channel> channel = co_await connecting;
  co_return std::unique_ptr<LineStream>(new ChannelLineStream(core_, std::move(channel)));
}

}  // namespace walletd
