// The connection is a blocking socket with a deadline checked around every poll; nghttp2 is fed
// what the socket (or TLS) reads and asked for what to write, until the one stream closes.
#include "host-native/http2_request.h"

#include <netdb.h>
#include <nghttp2/nghttp2.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>

namespace walletd {
namespace {

using Clock = std::chrono::steady_clock;

struct Url {
  bool tls = false;
  std::string host, port, path, authority;
};

Url parseUrl(const std::string& url) {
  Url out;
  std::string rest;
  if (url.rfind("https://", 0) == 0) {
    out.tls = true;
    rest = url.substr(8);
  } else if (url.rfind("http://", 0) == 0) {
    rest = url.substr(7);
  } else {
    throw TransportError("unsupported URL for HTTP/2: " + url);
  }
  const std::size_t slash = rest.find('/');
  out.authority = rest.substr(0, slash);
  out.path = slash == std::string::npos ? "/" : rest.substr(slash);
  const std::size_t colon = out.authority.rfind(':');
  const bool has_port =
      colon != std::string::npos && out.authority.find(']', colon) == std::string::npos;
  out.host = has_port ? out.authority.substr(0, colon) : out.authority;
  out.port = has_port ? out.authority.substr(colon + 1) : (out.tls ? "443" : "80");
  if (out.host.size() > 2 && out.host.front() == '[')
    out.host = out.host.substr(1, out.host.size() - 2);
  if (out.host.empty()) throw TransportError("URL has no host: " + url);
  return out;
}

// A connected socket, or TransportError.
int connectTo(const Url& url, Clock::time_point deadline) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(url.host.c_str(), url.port.c_str(), &hints, &found) != 0 || found == nullptr)
    throw TransportError("cannot resolve " + url.host);
  std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> list(found, &freeaddrinfo);
  for (addrinfo* a = found; a != nullptr; a = a->ai_next) {
    const int fd =
        ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0 || errno == EINPROGRESS) {
      pollfd p{fd, POLLOUT, 0};
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      int error = 0;
      socklen_t len = sizeof error;
      if (left.count() > 0 && ::poll(&p, 1, static_cast<int>(left.count())) == 1 &&
          ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len) == 0 && error == 0)
        return fd;
    }
    ::close(fd);
  }
  throw TransportError("cannot connect to " + url.authority);
}

// The connection: a socket, TLS on it for https, and the deadline.
class Connection {
 public:
  Connection(const Url& url, std::uint64_t connect_ms, Clock::time_point deadline)
      : deadline_(deadline) {
    fd_ = connectTo(url, std::min(deadline, Clock::now() + std::chrono::milliseconds(connect_ms)));
    if (url.tls) startTls(url);
  }
  ~Connection() {
    if (ssl_ != nullptr) SSL_free(ssl_);
    if (ctx_ != nullptr) SSL_CTX_free(ctx_);
    if (fd_ >= 0) ::close(fd_);
  }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Writes all of `data`; false on a closed connection.
  bool write(const std::uint8_t* data, std::size_t size) {
    while (size > 0) {
      const long n = ssl_ != nullptr ? SSL_write(ssl_, data, static_cast<int>(size))
                                     : ::send(fd_, data, size, MSG_NOSIGNAL);
      if (n > 0) {
        data += n;
        size -= static_cast<std::size_t>(n);
        continue;
      }
      if (!waitFor(wantsRead(n) ? POLLIN : POLLOUT)) return false;
    }
    return true;
  }
  // Reads some bytes (0: the peer closed); TransportError on timeout.
  std::size_t read(std::uint8_t* buffer, std::size_t size) {
    for (;;) {
      if (ssl_ != nullptr && SSL_pending(ssl_) == 0 && !waitFor(POLLIN)) return 0;
      if (ssl_ == nullptr && !waitFor(POLLIN)) return 0;
      const long n = ssl_ != nullptr ? SSL_read(ssl_, buffer, static_cast<int>(size))
                                     : ::recv(fd_, buffer, size, 0);
      if (n > 0) return static_cast<std::size_t>(n);
      if (n == 0 && ssl_ == nullptr) return 0;
      if (ssl_ != nullptr) {
        const int e = SSL_get_error(ssl_, static_cast<int>(n));
        if (e == SSL_ERROR_ZERO_RETURN || e == SSL_ERROR_SYSCALL || e == SSL_ERROR_SSL) return 0;
      } else if (errno != EAGAIN && errno != EINTR) {
        return 0;
      }
    }
  }

 private:
  bool wantsRead(long n) const {
    return ssl_ != nullptr && SSL_get_error(ssl_, static_cast<int>(n)) == SSL_ERROR_WANT_READ;
  }
  // Waits until the socket is ready for `events`; TransportError at the deadline.
  bool waitFor(short events) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now());
    if (left.count() <= 0) throw TransportError("no answer within the timeout");
    pollfd p{fd_, events, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(left.count()));
    if (ready == 0) throw TransportError("no answer within the timeout");
    return ready > 0;
  }

  void startTls(const Url& url) {
    ctx_ = SSL_CTX_new(TLS_client_method());
    if (ctx_ == nullptr) throw TransportError("TLS is unavailable");
    SSL_CTX_set_min_proto_version(ctx_, TLS1_2_VERSION);
    const char* ca_file = std::getenv("SSL_CERT_FILE");
    if (ca_file != nullptr && *ca_file != '\0') {
      SSL_CTX_load_verify_locations(ctx_, ca_file, nullptr);
    } else {
      SSL_CTX_set_default_verify_paths(ctx_);
    }
    SSL_CTX_set_verify(ctx_, SSL_VERIFY_PEER, nullptr);
    static const unsigned char kAlpn[] = {2, 'h', '2'};
    SSL_CTX_set_alpn_protos(ctx_, kAlpn, sizeof kAlpn);
    ssl_ = SSL_new(ctx_);
    SSL_set_fd(ssl_, fd_);
    // A literal IP is checked against the certificate's IP names, a host name against its DNS
    // names (and sent as SNI).
    X509_VERIFY_PARAM* param = SSL_get0_param(ssl_);
    if (X509_VERIFY_PARAM_set1_ip_asc(param, url.host.c_str()) != 1) {
      SSL_set_tlsext_host_name(ssl_, url.host.c_str());
      SSL_set1_host(ssl_, url.host.c_str());
    }
    for (;;) {
      const int r = SSL_connect(ssl_);
      if (r == 1) break;
      const int e = SSL_get_error(ssl_, r);
      if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE) {
        const long verify = SSL_get_verify_result(ssl_);
        throw TransportError("TLS handshake with " + url.authority + " failed" +
                             (verify != X509_V_OK
                                  ? std::string(": ") + X509_verify_cert_error_string(verify)
                                  : std::string()));
      }
      waitFor(e == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT);
    }
    const unsigned char* alpn = nullptr;
    unsigned int alpn_size = 0;
    SSL_get0_alpn_selected(ssl_, &alpn, &alpn_size);
    if (alpn_size != 2 || std::memcmp(alpn, "h2", 2) != 0)
      throw TransportError(url.authority + " does not speak HTTP/2 (ALPN)");
  }

  int fd_ = -1;
  SSL_CTX* ctx_ = nullptr;
  SSL* ssl_ = nullptr;
  Clock::time_point deadline_;
};

// The one stream's state, shared with nghttp2's callbacks.
struct Exchange {
  Connection* connection = nullptr;
  const std::string* body = nullptr;
  std::size_t sent = 0;
  HttpResponse response;
  bool closed = false;
  std::uint32_t close_error = 0;
  bool write_failed = false;
};

ssize_t onSend(nghttp2_session*, const std::uint8_t* data, std::size_t size, int, void* user) {
  auto* x = static_cast<Exchange*>(user);
  if (!x->connection->write(data, size)) {
    x->write_failed = true;
    return NGHTTP2_ERR_CALLBACK_FAILURE;
  }
  return static_cast<ssize_t>(size);
}

int onHeader(nghttp2_session*, const nghttp2_frame*, const std::uint8_t* name,
             std::size_t name_size, const std::uint8_t* value, std::size_t value_size, std::uint8_t,
             void* user) {
  auto* x = static_cast<Exchange*>(user);
  const std::string key(reinterpret_cast<const char*>(name), name_size);
  const std::string text(reinterpret_cast<const char*>(value), value_size);
  if (key == ":status") {
    x->response.status = std::atoi(text.c_str());
  } else {
    x->response.headers.emplace_back(key, text);
  }
  return 0;
}

int onData(nghttp2_session*, std::uint8_t, std::int32_t, const std::uint8_t* data, std::size_t size,
           void* user) {
  static_cast<Exchange*>(user)->response.body.append(reinterpret_cast<const char*>(data), size);
  return 0;
}

int onClose(nghttp2_session*, std::int32_t, std::uint32_t error, void* user) {
  auto* x = static_cast<Exchange*>(user);
  x->closed = true;
  x->close_error = error;
  return 0;
}

ssize_t readBody(nghttp2_session*, std::int32_t, std::uint8_t* buffer, std::size_t size,
                 std::uint32_t* flags, nghttp2_data_source*, void* user) {
  auto* x = static_cast<Exchange*>(user);
  const std::size_t n = std::min(size, x->body->size() - x->sent);
  std::memcpy(buffer, x->body->data() + x->sent, n);
  x->sent += n;
  if (x->sent == x->body->size()) *flags |= NGHTTP2_DATA_FLAG_EOF;
  return static_cast<ssize_t>(n);
}

nghttp2_nv header(const std::string& name, const std::string& value) {
  return {reinterpret_cast<std::uint8_t*>(const_cast<char*>(name.data())),
          reinterpret_cast<std::uint8_t*>(const_cast<char*>(value.data())), name.size(),
          value.size(), NGHTTP2_NV_FLAG_NONE};
}

using Session = std::unique_ptr<nghttp2_session, decltype(&nghttp2_session_del)>;

Session newSession(Exchange& x) {
  nghttp2_session_callbacks* callbacks = nullptr;
  nghttp2_session_callbacks_new(&callbacks);
  nghttp2_session_callbacks_set_send_callback(callbacks, &onSend);
  nghttp2_session_callbacks_set_on_header_callback(callbacks, &onHeader);
  nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks, &onData);
  nghttp2_session_callbacks_set_on_stream_close_callback(callbacks, &onClose);
  nghttp2_session* session = nullptr;
  nghttp2_session_client_new(&session, callbacks, &x);
  nghttp2_session_callbacks_del(callbacks);
  return Session(session, &nghttp2_session_del);
}

}  // namespace

HttpResponse performHttp2(const HttpRequest& request, std::uint64_t connect_timeout_ms) {
  const Url url = parseUrl(request.url);
  const auto deadline = Clock::now() + std::chrono::milliseconds(request.timeout_ms);
  Connection connection(url, connect_timeout_ms, deadline);
  Exchange x;
  x.connection = &connection;
  x.body = &request.body;
  Session session = newSession(x);
  nghttp2_settings_entry settings[] = {{NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE, 1 << 24}};
  nghttp2_submit_settings(session.get(), NGHTTP2_FLAG_NONE, settings, 1);
  nghttp2_session_set_local_window_size(session.get(), NGHTTP2_FLAG_NONE, 0, 1 << 26);
  const std::string scheme = url.tls ? "https" : "http";
  std::vector<std::pair<std::string, std::string>> fields = {{":method", request.method},
                                                             {":scheme", scheme},
                                                             {":authority", url.authority},
                                                             {":path", url.path}};
  for (const auto& [name, value] : request.headers) {
    std::string lower = name;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    fields.emplace_back(lower, value);
  }
  std::vector<nghttp2_nv> nva;
  for (const auto& [name, value] : fields) nva.push_back(header(name, value));
  nghttp2_data_provider provider{};
  provider.read_callback = &readBody;
  if (nghttp2_submit_request(session.get(), nullptr, nva.data(), nva.size(),
                             request.method == "GET" ? nullptr : &provider, nullptr) < 0)
    throw TransportError("HTTP/2 request refused by nghttp2");
  std::uint8_t buffer[16384];
  while (!x.closed) {
    if (nghttp2_session_send(session.get()) != 0 || x.write_failed)
      throw TransportError("the HTTP/2 connection to " + url.authority + " closed while sending");
    if (x.closed) break;
    const std::size_t n = connection.read(buffer, sizeof buffer);
    if (n == 0) throw TransportError("the HTTP/2 connection to " + url.authority + " closed");
    if (nghttp2_session_mem_recv(session.get(), buffer, n) < 0)
      throw TransportError("a damaged HTTP/2 answer from " + url.authority);
  }
  if (x.close_error != NGHTTP2_NO_ERROR && x.response.status == 0) {
    throw TransportError(std::string("the HTTP/2 stream was reset: ") +
                         nghttp2_http2_strerror(x.close_error));
  }
  return std::move(x.response);
}

}  // namespace walletd
