// Newline-delimited TCP streams for the core.
#include "host-native/native_stream_connector.h"

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
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
};

HostPort parseTcpUrl(const std::string& url) {
  std::string rest = url;
  if (rest.rfind("tcp://", 0) == 0) {
    rest = rest.substr(6);
  } else if (rest.find("://") != std::string::npos) {
    throw TransportError("only tcp:// streams are available in this build: " + url);
  }
  const auto colon = rest.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == rest.size())
    throw TransportError("expected host:port, got " + url);
  return {rest.substr(0, colon), rest.substr(colon + 1)};
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

class TcpLineStream : public LineStream {
 public:
  TcpLineStream(Executor& core, int fd) : fd_(fd), state_(std::make_shared<StreamState>(core)) {
    reader_ = std::thread([fd, state = state_] { readLoop(fd, *state); });
  }
  ~TcpLineStream() override {
    close();
    reader_.join();
    ::close(fd_);
  }

  Task<void> writeLine(std::string line) override {
    line.push_back('\n');
    std::size_t sent = 0;
    while (sent < line.size()) {
      const ssize_t n = ::send(fd_, line.data() + sent, line.size() - sent, MSG_NOSIGNAL);
      if (n <= 0)
        throw TransportError(std::string("the connection broke: ") + std::strerror(errno));
      sent += static_cast<std::size_t>(n);
    }
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

  void close() override { ::shutdown(fd_, SHUT_RDWR); }

 private:
  static void readLoop(int fd, StreamState& s) {
    std::string buffer;
    char chunk[16384];
    for (;;) {
      const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
      if (n <= 0) {
        std::lock_guard<std::mutex> lock(s.mutex);
        s.ended = true;
        if (n < 0) s.problem = std::string("the connection broke: ") + std::strerror(errno);
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
        ::shutdown(fd, SHUT_RDWR);
        return;
      }
      s.wake();
    }
  }

  int fd_;
  std::shared_ptr<StreamState> state_;
  std::thread reader_;
};

// Suspends until the connecting thread is done; answers the socket or rethrows its failure.
struct ConnectAwaiter {
  Executor& core;
  std::mutex& mutex;
  std::vector<NativeStreamConnector::Connecting>& threads;
  HostPort to;
  std::uint64_t timeout_ms;
  int fd = -1;
  std::exception_ptr error;

  bool await_ready() const noexcept { return false; }
  void await_suspend(coro::handle<> waiter) {
    std::lock_guard<std::mutex> lock(mutex);
    auto done = std::make_shared<std::atomic<bool>>(false);
    std::thread thread([this, waiter, done]() mutable {
      try {
        fd = connectTcp(to, timeout_ms);
      } catch (...) {
        error = std::current_exception();
      }
      done->store(true);
      core.post([waiter]() mutable { waiter.resume(); });
    });
    threads.push_back({std::move(thread), done});
  }
  int await_resume() {
    if (error) std::rethrow_exception(error);
    return fd;
  }
};

}  // namespace

NativeStreamConnector::~NativeStreamConnector() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto& c : connecting_) c.thread.join();  // each is bounded by its connect deadline
}

Task<std::unique_ptr<LineStream>> NativeStreamConnector::connect(std::string url,
                                                                 std::uint64_t timeout_ms) {
  const HostPort to = parseTcpUrl(url);
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
  ConnectAwaiter connecting{core_, mutex_, connecting_, to, timeout_ms, -1, nullptr};
  const int fd = co_await connecting;
  co_return std::unique_ptr<LineStream>(new TcpLineStream(core_, fd));
}

}  // namespace walletd
