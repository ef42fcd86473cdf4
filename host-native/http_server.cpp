// HttpServer implementation.
#include "host-native/http_server.h"

#include <httplib.h>

#include <stdexcept>

#include "core/rpc/envelope.h"
#include "core/rpc/request_limits.h"
#include "host-native/core_bridge.h"

namespace walletd {

namespace {
constexpr const char* kJson = "application/json";

std::optional<std::uint64_t> parseU64(const std::string& text) {
  if (text.empty() || text.size() > 20 ||
      text.find_first_not_of("0123456789") != std::string::npos) {
    return std::nullopt;
  }
  try {
    return std::stoull(text);
  } catch (...) {
    return std::nullopt;
  }
}
}  // namespace

bool isLoopbackAddress(const std::string& a) {
  return a.rfind("127.", 0) == 0 || a == "::1" || a.rfind("::ffff:127.", 0) == 0;
}

HttpServer::HttpServer(Node& node, Executor& executor, SseSink& sink)
    : node_(node), executor_(executor), sink_(sink), server_(std::make_unique<httplib::Server>()) {
  server_->new_task_queue = [] { return new httplib::ThreadPool(kThreads); };
  // Bodies up to twice the RPC limit reach the core, which answers with a JSON error; beyond
  // that cpp-httplib refuses with a bare 413.
  server_->set_payload_max_length(2 * RequestLimits::kMaxBodyBytes);
  server_->set_keep_alive_max_count(100000);
  server_->set_tcp_nodelay(
      true);  // headers and body are separate writes: avoid Nagle + delayed ACK
  server_->set_read_timeout(30, 0);
  routes();
}

HttpServer::~HttpServer() {
  stop();
}

void HttpServer::routes() {
  const std::string cors = node_.config().rpccors;

  server_->Post(".*", [this, cors](const httplib::Request& req, httplib::Response& res) {
    Caller caller{req.remote_addr, isLoopbackAddress(req.remote_addr)};
    HttpAnswer answer;
    try {
      std::string body = req.body;
      answer = runOnCore<HttpAnswer>(executor_, [this, &body, &caller] {
        return node_.handleHttp("POST", std::move(body), caller);
      });
    } catch (const std::exception& e) {
      answer =
          HttpAnswer{500, legacyErrorBody(std::string("The RPC service aborted: ") + e.what())};
    }
    res.status = answer.status;
    res.set_header("Access-Control-Allow-Origin", cors);
    res.set_content(answer.body, kJson);
  });

  server_->Options(".*", [cors](const httplib::Request&, httplib::Response& res) {
    res.status = 200;
    res.set_header("Access-Control-Allow-Origin", cors);
    res.set_header("Access-Control-Allow-Methods", "POST, OPTIONS");
    res.set_header("Access-Control-Allow-Headers", "Content-Type");
    res.set_header("Access-Control-Max-Age", "3600");
  });

  auto only_post = [cors](const httplib::Request&, httplib::Response& res) {
    res.status = 500;
    res.set_header("Access-Control-Allow-Origin", cors);
    res.set_content(legacyErrorBody("Only POST requests are supported!"), kJson);
  };

  server_->Get("/event-stream", [this](const httplib::Request& req, httplib::Response& res) {
    const StreamSettings& settings = node_.config().streaming;
    auto refuse = [&](const std::string& text) {
      res.status = 500;
      res.set_header("Access-Control-Allow-Origin", settings.access_control_allow_origin);
      res.set_content(text, "text/plain");
    };
    if (!settings.enabled) return refuse("Event streaming is disabled");
    std::uint64_t client_id = 0;
    if (req.has_param("id")) {
      auto id = parseU64(req.get_param_value("id"));
      if (!id) return refuse("Invalid client id: expected an unsigned integer");
      client_id = *id;
    }
    std::optional<std::uint64_t> last_event_id;
    if (req.has_header("Last-Event-ID")) {
      last_event_id = parseU64(req.get_header_value("Last-Event-ID"));
      if (!last_event_id) return refuse("Invalid Last-Event-ID: expected an unsigned integer");
    }
    std::shared_ptr<SseConnection> connection = sink_.open(client_id);
    if (!connection) return refuse("ID already in use");
    try {
      runOnCoreSync(executor_, [&] { node_.streams().connect(client_id, last_event_id); });
    } catch (const std::exception& e) {
      sink_.close(client_id, connection);
      return refuse(e.what());
    }
    res.set_header("Cache-Control", "no-cache");
    res.set_header("Access-Control-Allow-Origin", settings.access_control_allow_origin);
    res.set_chunked_content_provider(
        "text/event-stream",
        [this, connection](std::size_t, httplib::DataSink& out) {
          std::unique_lock lock(connection->mutex);
          connection->ready.wait_for(lock, std::chrono::milliseconds(500), [&] {
            return connection->closed || !connection->frames.empty() || stopping_;
          });
          if (connection->closed || stopping_) {
            out.done();
            return true;
          }
          std::deque<std::string> frames;
          frames.swap(connection->frames);
          lock.unlock();
          for (const std::string& frame : frames) {
            if (!out.write(frame.data(), frame.size())) return false;
          }
          return out.is_writable();
        },
        [this, client_id, connection](bool) {
          sink_.close(client_id, connection);
          executor_.post([this, client_id] { node_.streams().disconnect(client_id); });
        });
  });
  server_->Get(".*", only_post);
  server_->Put(".*", only_post);
  server_->Delete(".*", only_post);
  server_->Patch(".*", only_post);
}

int HttpServer::bind(const std::string& ip, int port) {
  int bound = port == 0 ? server_->bind_to_any_port(ip.c_str())
                        : (server_->bind_to_port(ip.c_str(), port) ? port : -1);
  if (bound <= 0) throw std::runtime_error("cannot listen on " + ip + ":" + std::to_string(port));
  return bound;
}

void HttpServer::start() {
  thread_ = std::thread([this] { server_->listen_after_bind(); });
}

void HttpServer::stop() {
  if (stopping_.exchange(true)) return;
  sink_.closeAll();
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace walletd
