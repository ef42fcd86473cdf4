// HttpServer implementation: an epoll loop over non-blocking sockets. Each connection is a
// small state machine: Reading (parse what arrived) -> AtCore (one request handed to the core;
// later bytes wait, so pipelined requests are answered in order) -> Reading again, or
// Streaming (an SSE response that stays open). Deadlines are checked by a sweep every tick.
#include "host-native/http_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

#include "core/async/spawn.h"
#include "core/rpc/envelope.h"
#include "core/rpc/request_limits.h"
#include "host-native/http/ascii.h"

namespace walletd {

namespace {

constexpr std::uint64_t kListenTag = 0;
constexpr std::uint64_t kWakeTag = 1;
constexpr std::size_t kReadChunk = 64 * 1024;
constexpr int kTickMs = 100;
constexpr int kStopFlushMs = 1000;  // how long stopping waits for answers to go out
constexpr std::size_t kMaxDrainBytes = 8 * 1024 * 1024;
constexpr std::chrono::milliseconds kDrainTime{2000};

const char* statusText(int status) {
  switch (status) {
    case 100:
      return "Continue";
    case 200:
      return "OK";
    case 400:
      return "Bad Request";
    case 401:
      return "Unauthorized";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 408:
      return "Request Timeout";
    case 413:
      return "Payload Too Large";
    case 414:
      return "URI Too Long";
    case 417:
      return "Expectation Failed";
    case 429:
      return "Too Many Requests";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 501:
      return "Not Implemented";
    case 503:
      return "Service Unavailable";
    case 505:
      return "HTTP Version Not Supported";
    default:
      return "Status";
  }
}

std::optional<std::uint64_t> parseU64(const std::string& text) {
  if (!allDigits(text) || text.size() > 19) {
    return std::nullopt;
  }
  return std::stoull(text);
}

void setNonBlocking(int fd) {
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
}

// The process may hold as many sockets as its hard limit allows.
void raiseFileLimit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

std::string peerAddress(const sockaddr_storage& addr) {
  char text[INET6_ADDRSTRLEN] = {0};
  if (addr.ss_family == AF_INET) {
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in&>(addr).sin_addr, text, sizeof text);
  } else if (addr.ss_family == AF_INET6) {
    inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6&>(addr).sin6_addr, text, sizeof text);
  }
  return text;
}

}  // namespace

bool isLoopbackAddress(const std::string& a) {
  return a.rfind("127.", 0) == 0 || a == "::1" || a.rfind("::ffff:127.", 0) == 0;
}

struct HttpServer::Connection {
  enum class State { Reading, AtCore, Streaming, Closing };

  int fd = -1;
  std::uint64_t id = 0;
  Caller caller;
  State state = State::Reading;
  std::string in;
  std::size_t retry_at = 0;  // parse again once `in` holds this many bytes
  std::size_t scanned = 0;   // bytes of `in` already seen without a complete line
  bool sent_continue = false;
  std::string out;
  std::size_t out_sent = 0;
  bool close_after_write = false;
  bool keep_alive = true;
  std::uint32_t interest = 0;           // the epoll events registered
  Clock::time_point request_started{};  // first byte of the request being read
  Clock::time_point last_activity{};
  Clock::time_point last_write_progress{};
  std::optional<std::uint64_t> stream_client;
  std::string pending_frames;  // SSE frames that came before the stream's headers
  bool dead = false;           // closed; freed at the end of the loop round
  bool draining = false;       // answered and half-closed; reading what is left, then closing
  std::size_t drained = 0;

  bool hasUnsent() const { return out_sent < out.size(); }
};

HttpServer::HttpServer(Node& node, Executor& executor, SseSink& sink, HttpFrontLimits limits)
    : node_(node), executor_(executor), sink_(sink), limits_(limits) {
  limits_.parse.max_body = 2 * RequestLimits::kMaxBodyBytes;
  gate_.rpcip = node.config().rpcip;
  gate_.allowed_hosts = node.config().rpc_allowed_hosts;
  sink_.setWriter([this](std::uint64_t connection, std::string frame) {
    post([this, connection, frame = std::move(frame)]() mutable {
      onStreamFrame(connection, std::move(frame));
    });
  });
}

HttpServer::~HttpServer() {
  stop();
  sink_.setWriter(nullptr);
  for (auto& [id, c] : connections_) {
    if (!c->dead) ::close(c->fd);
  }
  if (listen_fd_ >= 0) ::close(listen_fd_);
  if (epoll_fd_ >= 0) ::close(epoll_fd_);
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

int HttpServer::bind(const std::string& ip, int port) {
  raiseFileLimit();
  const bool v6 = ip.find(':') != std::string::npos;
  listen_fd_ = socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (listen_fd_ < 0) throw std::runtime_error("cannot create a socket");
  int one = 1;
  setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_storage addr{};
  socklen_t length = 0;
  bool parsed = false;
  if (v6) {
    auto& a6 = reinterpret_cast<sockaddr_in6&>(addr);
    a6.sin6_family = AF_INET6;
    a6.sin6_port = htons(static_cast<std::uint16_t>(port));
    parsed = inet_pton(AF_INET6, ip.c_str(), &a6.sin6_addr) == 1;
    length = sizeof a6;
  } else {
    auto& a4 = reinterpret_cast<sockaddr_in&>(addr);
    a4.sin_family = AF_INET;
    a4.sin_port = htons(static_cast<std::uint16_t>(port));
    parsed = inet_pton(AF_INET, ip.c_str(), &a4.sin_addr) == 1;
    length = sizeof a4;
  }
  const std::string where = ip + ":" + std::to_string(port);
  if (!parsed) throw std::runtime_error("cannot listen on " + where + ": not an IP address");
  if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), length) != 0 ||
      listen(listen_fd_, SOMAXCONN) != 0) {
    throw std::runtime_error("cannot listen on " + where + ": " + std::strerror(errno));
  }
  setNonBlocking(listen_fd_);
  socklen_t bound_length = sizeof addr;
  getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &bound_length);
  return ntohs(v6 ? reinterpret_cast<sockaddr_in6&>(addr).sin6_port
                  : reinterpret_cast<sockaddr_in&>(addr).sin_port);
}

void HttpServer::start() {
  epoll_fd_ = epoll_create1(EPOLL_CLOEXEC);
  wake_fd_ = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  epoll_event listen_event{EPOLLIN, {.u64 = kListenTag}};
  epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, listen_fd_, &listen_event);
  epoll_event wake_event{EPOLLIN, {.u64 = kWakeTag}};
  epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, wake_fd_, &wake_event);
  thread_ = std::thread([this] { run(); });
}

void HttpServer::stop() {
  if (stopping_.exchange(true)) return;
  if (wake_fd_ >= 0) {
    std::uint64_t one = 1;
    (void)!write(wake_fd_, &one, sizeof one);
  }
  if (thread_.joinable()) thread_.join();
}

void HttpServer::post(std::function<void()> work) {
  {
    std::lock_guard lock(posted_mutex_);
    posted_.push_back(std::move(work));
  }
  std::uint64_t one = 1;
  (void)!write(wake_fd_, &one, sizeof one);
}

void HttpServer::runPosted() {
  std::uint64_t count = 0;
  (void)!read(wake_fd_, &count, sizeof count);
  std::deque<std::function<void()>> work;
  {
    std::lock_guard lock(posted_mutex_);
    work.swap(posted_);
  }
  for (auto& item : work) item();
}

void HttpServer::run() {
  epoll_event events[256];
  while (!stopping_) {
    int n = epoll_wait(epoll_fd_, events, 256, kTickMs);
    for (int i = 0; i < n; ++i) {
      const std::uint64_t tag = events[i].data.u64;
      if (tag == kListenTag) {
        acceptAll();
      } else if (tag == kWakeTag) {
        runPosted();
      } else {
        onEvent(tag, events[i].events);
      }
    }
    sweep(Clock::now());
    reap();
  }
  // Answers already given (the `stop` method's own among them) go out before the connections
  // close, within a short bound; streams and keep-alive connections end with the daemon.
  runPosted();
  const auto deadline = Clock::now() + std::chrono::milliseconds(kStopFlushMs);
  for (auto& [id, c] : connections_) {
    while (!c->dead && c->hasUnsent() && Clock::now() < deadline) {
      flush(*c);
      if (c->hasUnsent()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  std::vector<std::uint64_t> ids;
  for (auto& [id, c] : connections_) ids.push_back(id);
  for (std::uint64_t id : ids) close(id);
  reap();
}

void HttpServer::acceptAll() {
  for (;;) {
    sockaddr_storage addr{};
    socklen_t length = sizeof addr;
    int fd = accept4(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &length,
                     SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;  // EAGAIN, or out of descriptors until some close
    if (connections_.size() - dead_.size() >= limits_.max_connections && !evictIdle()) {
      ::close(fd);
      continue;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    auto c = std::make_unique<Connection>();
    c->fd = fd;
    c->id = next_id_++;
    c->caller.address = peerAddress(addr);
    c->caller.is_loopback = isLoopbackAddress(c->caller.address);
    c->last_activity = Clock::now();
    c->interest = EPOLLIN;
    epoll_event event{EPOLLIN, {.u64 = c->id}};
    epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, fd, &event);
    connections_.emplace(c->id, std::move(c));
  }
}

// Makes room for a new connection by closing the one idle longest between requests.
bool HttpServer::evictIdle() {
  Connection* oldest = nullptr;
  for (auto& [id, c] : connections_) {
    if (!c->dead && c->state == Connection::State::Reading && c->in.empty() && !c->hasUnsent() &&
        (!oldest || c->last_activity < oldest->last_activity)) {
      oldest = c.get();
    }
  }
  if (!oldest) return false;
  close(oldest->id);
  return true;
}

void HttpServer::onEvent(std::uint64_t id, std::uint32_t events) {
  Connection* c = find(id);
  if (!c) return;
  if (events & EPOLLOUT) flush(*c);
  if (!c->dead && (events & (EPOLLIN | EPOLLHUP | EPOLLERR))) readFrom(*c);
}

void HttpServer::readFrom(Connection& c) {
  char buffer[kReadChunk];
  ssize_t n = recv(c.fd, buffer, sizeof buffer, 0);
  if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
    close(c.id);  // the peer left; an answer still at the core is dropped when it comes
    return;
  }
  if (n < 0) return;
  if (c.draining) {  // the drain time counts from the answer, not from the last byte
    c.drained += static_cast<std::size_t>(n);
    if (c.drained > kMaxDrainBytes) close(c.id);
    return;
  }
  c.last_activity = Clock::now();
  if (c.state == Connection::State::Streaming || c.state == Connection::State::Closing) return;
  if (c.in.empty() && c.state == Connection::State::Reading) c.request_started = c.last_activity;
  c.in.append(buffer, static_cast<std::size_t>(n));
  processInput(c);
  updateInterest(c);
}

void HttpServer::processInput(Connection& c) {
  while (!c.dead && c.state == Connection::State::Reading && !c.in.empty()) {
    // Parse again only when it can get further: the needed bytes or a new line arrived (the
    // first bytes are always parsed, so a garbage request line is refused at once).
    if (c.retry_at > 0 && c.in.size() < c.retry_at) return;
    if (c.retry_at == 0 && c.scanned > 0 && c.in.find('\n', c.scanned) == std::string::npos &&
        c.in.size() <= limits_.parse.max_request_line + limits_.parse.max_header_bytes) {
      c.scanned = c.in.size();
      return;
    }
    IncomingRequest request;
    ParseResult result = parseHttpRequest(c.in, limits_.parse, request);
    if (result.kind == ParseResult::Kind::NeedMore) {
      c.retry_at = result.needed;
      c.scanned = c.in.size();
      if (result.expects_continue && !c.sent_continue) {
        c.sent_continue = true;
        c.out += "HTTP/1.1 100 Continue\r\n\r\n";
        flush(c);
      }
      return;
    }
    if (result.kind == ParseResult::Kind::Bad) {
      c.in.clear();
      refuse(c, result.status, std::string("Malformed HTTP request: ") + result.reason);
      return;
    }
    c.in.erase(0, result.consumed);
    c.retry_at = 0;
    c.scanned = 0;
    c.sent_continue = false;
    c.request_started = Clock::now();
    c.keep_alive = request.keep_alive;
    handle(c, std::move(request));
  }
}

void HttpServer::handle(Connection& c, IncomingRequest request) {
  const NodeConfig& config = node_.config();
  const std::string* host = request.header("host");
  // HTTP/1.0 may omit Host; then only a loopback peer is answered.
  if (host ? !hostAllowed(*host, gate_) : !c.caller.is_loopback) {
    return refuse(c, 403,
                  "Host not allowed: walletd answers loopback names, its rpcip and the names in "
                  "rpc_allowed_hosts");
  }
  const std::string* origin = request.header("origin");
  const bool stream = request.method == "GET" && request.path() == "/event-stream";
  const std::string& allowed_origin =
      stream ? config.streaming.access_control_allow_origin : config.rpccors;
  if (request.method != "OPTIONS" && !originAllowed(origin, allowed_origin)) {
    return refuse(c, 403,
                  stream ? "Origin not allowed by event_streaming_configuration"
                         : "Origin not allowed by rpccors");
  }
  if (request.method == "POST") return dispatch(c, std::move(request));
  if (request.method == "OPTIONS") {
    return respond(c, 200, "", "",
                   "Access-Control-Allow-Methods: POST, OPTIONS\r\n"
                   "Access-Control-Allow-Headers: Content-Type\r\n"
                   "Access-Control-Max-Age: 3600\r\n");
  }
  if (stream) return openStream(c, request);
  respond(c, 500, "application/json", legacyErrorBody("Only POST requests are supported!"));
}

void HttpServer::dispatch(Connection& c, IncomingRequest request) {
  c.state = Connection::State::AtCore;
  const std::uint64_t id = c.id;
  executor_.post([this, id, body = std::move(request.body), caller = c.caller]() mutable {
    spawn<HttpAnswer>(node_.handleHttp("POST", std::move(body), std::move(caller)),
                      [this, id](std::optional<HttpAnswer> answer, std::exception_ptr error) {
                        HttpAnswer out = answer ? std::move(*answer) : HttpAnswer{};
                        if (error) {
                          out = HttpAnswer{500, legacyErrorBody("The RPC service aborted")};
                        }
                        post([this, id, out = std::move(out)]() mutable {
                          onAnswer(id, out.status, std::move(out.body));
                        });
                      });
  });
}

void HttpServer::onAnswer(std::uint64_t id, int status, std::string body) {
  Connection* found = find(id);
  if (!found) return;  // the client left
  Connection& c = *found;
  respond(c, status, "application/json", body);
  if (c.dead) return;
  if (c.state == Connection::State::AtCore) c.state = Connection::State::Reading;
  c.request_started = Clock::now();
  processInput(c);  // a pipelined request that waited
  updateInterest(c);
}

// The CORS header of /event-stream answers (event_streaming_configuration's origin).
std::string HttpServer::streamCorsHeader() const {
  return "Access-Control-Allow-Origin: " + node_.config().streaming.access_control_allow_origin +
         "\r\n";
}

void HttpServer::openStream(Connection& c, const IncomingRequest& request) {
  const StreamSettings& settings = node_.config().streaming;
  const std::string cors = streamCorsHeader();
  auto refuseStream = [&](const std::string& text) {
    c.keep_alive = false;
    respond(c, 500, "text/plain", text, cors);
  };
  if (!settings.enabled) return refuseStream("Event streaming is disabled");
  std::uint64_t client_id = 0;
  std::string text;
  if (request.queryParam("id", text)) {
    auto id = parseU64(text);
    if (!id) return refuseStream("Invalid client id: expected an unsigned integer");
    client_id = *id;
  }
  std::optional<std::uint64_t> last_event_id;
  if (const std::string* last = request.header("last-event-id")) {
    last_event_id = parseU64(*last);
    if (!last_event_id) return refuseStream("Invalid Last-Event-ID: expected an unsigned integer");
  }
  // The token as a header, or as `resume_token=` in the URL (EventSource cannot set headers).
  std::string token;
  if (const std::string* presented = request.header("x-stream-resume-token")) {
    token = *presented;
  } else {
    request.queryParam("resume_token", token);
  }
  if (!sink_.open(client_id, c.id)) return refuseStream("ID already in use");
  c.state = Connection::State::AtCore;
  c.stream_client = client_id;
  const std::uint64_t id = c.id;
  executor_.post([this, id, client_id, last_event_id, token] {
    std::string error, granted;
    try {
      granted = node_.streams().connect(client_id, last_event_id, token);
    } catch (const std::exception& e) {
      error = e.what();
    }
    post([this, id, error, granted] { onStreamOpened(id, error, granted); });
  });
}

void HttpServer::onStreamOpened(std::uint64_t id, std::string error, std::string token) {
  Connection* found = find(id);
  if (!found) return;
  Connection& c = *found;
  const std::string cors = streamCorsHeader();
  if (!error.empty()) {
    sink_.close(*c.stream_client, c.id);
    c.stream_client.reset();
    c.keep_alive = false;
    c.state = Connection::State::Reading;
    return respond(c, 500, "text/plain", error, cors);
  }
  c.state = Connection::State::Streaming;
  c.in.clear();
  c.out += "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n" +
           cors + "X-Stream-Resume-Token: " + token +
           "\r\nAccess-Control-Expose-Headers: X-Stream-Resume-Token\r\n"
           "Transfer-Encoding: chunked\r\n\r\n";
  std::string pending;
  pending.swap(c.pending_frames);
  if (!pending.empty()) return onStreamFrame(id, std::move(pending));
  flush(c);
}

void HttpServer::onStreamFrame(std::uint64_t id, std::string frame) {
  Connection* found = find(id);
  if (!found) return;
  Connection& c = *found;
  if (c.state == Connection::State::AtCore) {  // headers not written yet
    c.pending_frames += frame;
    return;
  }
  if (c.state != Connection::State::Streaming) return;
  // A reader this far behind is gone or stuck: close it; it can resume with its token.
  if (c.out.size() - c.out_sent + frame.size() > limits_.max_stream_backlog) return close(id);
  char size[20];
  std::snprintf(size, sizeof size, "%zx\r\n", frame.size());
  c.out += size;
  c.out += frame;
  c.out += "\r\n";
  flush(c);
}

void HttpServer::respond(Connection& c, int status, const std::string& content_type,
                         const std::string& body, const std::string& extra_headers) {
  std::string head = "HTTP/1.1 " + std::to_string(status) + " " + statusText(status) + "\r\n";
  if (!content_type.empty()) head += "Content-Type: " + content_type + "\r\n";
  head += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  if (extra_headers.find("Access-Control-Allow-Origin") == std::string::npos) {
    head += "Access-Control-Allow-Origin: " + node_.config().rpccors + "\r\n";
  }
  head += extra_headers;
  head += c.keep_alive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
  c.out += head;
  c.out += body;
  if (!c.keep_alive) {
    c.close_after_write = true;
    c.state = Connection::State::Closing;
  }
  flush(c);
}

void HttpServer::refuse(Connection& c, int status, const std::string& reason) {
  c.keep_alive = false;
  respond(c, status, "application/json", legacyErrorBody(reason));
}

void HttpServer::flush(Connection& c) {
  if (c.dead) return;
  if (c.out_sent == 0) c.last_write_progress = Clock::now();  // a fresh batch starts now
  while (c.hasUnsent()) {
    ssize_t n = send(c.fd, c.out.data() + c.out_sent, c.out.size() - c.out_sent, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK) break;
      if (errno == EINTR) continue;
      return close(c.id);
    }
    c.out_sent += static_cast<std::size_t>(n);
    c.last_write_progress = Clock::now();
  }
  if (!c.hasUnsent()) {
    c.out.clear();
    c.out_sent = 0;
    if (c.close_after_write && !c.draining) {
      // Lingering close: stop sending, then read and drop what the client still sends (the
      // rest of a refused body) so that the kernel does not reset the connection before the
      // client has read the answer.
      shutdown(c.fd, SHUT_WR);
      c.draining = true;
      c.last_activity = Clock::now();
    }
  }
  updateInterest(c);
}

void HttpServer::updateInterest(Connection& c) {
  if (c.dead) return;
  std::uint32_t wanted = 0;
  // Stop reading from a client whose unread requests pile up while one is at the core.
  if (c.draining ||
      (c.state != Connection::State::Closing && c.in.size() < 2 * limits_.parse.max_body)) {
    wanted |= EPOLLIN;
  }
  if (c.hasUnsent()) wanted |= EPOLLOUT;
  if (wanted == c.interest) return;
  epoll_event event{wanted, {.u64 = c.id}};
  epoll_ctl(epoll_fd_, EPOLL_CTL_MOD, c.fd, &event);
  c.interest = wanted;
}

// Closes the socket now; the Connection object lives until the end of the loop round (reap()),
// so a handler further up the stack never touches freed memory: it checks `dead`.
void HttpServer::close(std::uint64_t id) {
  Connection* c = find(id);
  if (!c) return;
  c->dead = true;
  epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, c->fd, nullptr);
  ::close(c->fd);
  dead_.push_back(id);
  if (c->stream_client) {
    const std::uint64_t client = *c->stream_client;
    sink_.close(client, id);
    // Streaming, or still being connected by the core (the disconnect then runs after it).
    if (c->state == Connection::State::Streaming || c->state == Connection::State::AtCore) {
      executor_.post([this, client] { node_.streams().disconnect(client); });
    }
  }
}

void HttpServer::reap() {
  for (std::uint64_t id : dead_) connections_.erase(id);
  dead_.clear();
}

HttpServer::Connection* HttpServer::find(std::uint64_t id) {
  auto it = connections_.find(id);
  return it == connections_.end() || it->second->dead ? nullptr : it->second.get();
}

void HttpServer::sweep(Clock::time_point now) {
  std::vector<std::uint64_t> expired;
  for (auto& [id, c] : connections_) {
    if (c->dead) continue;
    const bool reading = c->state == Connection::State::Reading && !c->in.empty();
    const bool idle = c->state == Connection::State::Reading && c->in.empty() && !c->hasUnsent();
    if (c->draining) {
      if (now - c->last_activity > kDrainTime) expired.push_back(id);
    } else if (reading && now - c->request_started > limits_.request_deadline) {
      expired.push_back(id);
    } else if (idle && now - c->last_activity > limits_.idle_timeout) {
      expired.push_back(id);
    } else if (c->hasUnsent() && now - c->last_write_progress > limits_.write_deadline) {
      expired.push_back(id);
    }
  }
  for (std::uint64_t id : expired) {
    Connection& c = *connections_.at(id);
    if (c.state == Connection::State::Reading && !c.in.empty() && !c.hasUnsent()) {
      c.in.clear();
      refuse(c, 408, "The request did not arrive in time");  // closes once written
    } else {
      close(id);
    }
  }
}

}  // namespace walletd
