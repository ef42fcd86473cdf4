// Bridge's HTTP API as a Transport. A button press can take minutes, so /call waits up to
// kCallTimeoutMs (KDF's USB read timeout); the bookkeeping calls answer within seconds.
#include "core/hardware/trezor/bridge_transport.h"

#include "core/rpc/json.h"

namespace walletd::trezor {
namespace {

constexpr std::uint64_t kCallTimeoutMs = 600'000;
constexpr std::uint64_t kControlTimeoutMs = 10'000;
constexpr const char* kOrigin = "https://python.trezor.io";
constexpr const char* kRefusedOrigin =
    "Trezor Bridge refused this origin (it serves https://*.trezor.io pages and local pages on "
    "http://localhost:5xxx or :8xxx; in a browser use trezor.transport \"webusb\")";

// POSTs to Bridge; a refusal or no answer at all is DeviceUnavailable naming what failed.
Task<std::string> post(HttpClient& http, std::string url, std::string body,
                       std::uint64_t timeout_ms) {
  HttpRequest request;
  request.method = "POST";
  request.url = std::move(url);
  request.body = std::move(body);
  request.timeout_ms = timeout_ms;
  // trezord answers 403 to any request without a Trezor origin (https://*.trezor.io, or a local
  // development page http://localhost:5xxx / 8xxx): the daemon names trezorlib's, as trezorlib and
  // Trezor's own Node host do. (A browser sends its page's origin whatever is asked here.)
  request.headers = {{"Content-Type", "text/plain"}, {"Origin", kOrigin}};
  HttpResponse response;
  try {
    response = co_await http.request(std::move(request));
  } catch (const TransportError& e) {
    throw DeviceUnavailable(std::string("Trezor Bridge is not reachable: ") + e.what());
  }
  if (response.status == 403) throw BridgeRefused(kRefusedOrigin);
  if (response.status != 200) {
    throw DeviceUnavailable("Trezor Bridge answered HTTP " + std::to_string(response.status) +
                            ": " + response.body.substr(0, 200));
  }
  co_return std::move(response.body);
}

class BridgeTransport : public Transport {
 public:
  BridgeTransport(HttpClient& http, std::string base_url, std::string session)
      : http_(http), base_url_(std::move(base_url)), session_(std::move(session)) {}

  Task<Message> call(Message request) override {
    std::string body = toBridgeHex(request);
    std::string url = base_url_ + "/call/" + session_;
    std::string answer = co_await post(http_, std::move(url), std::move(body), kCallTimeoutMs);
    Message reply = fromBridgeHex(answer);
    wipe(answer);
    co_return reply;
  }

  Task<void> release() override {
    std::string url = base_url_ + "/release/" + session_;
    std::string empty;
    try {
      co_await post(http_, std::move(url), std::move(empty), kControlTimeoutMs);
    } catch (const DeviceUnavailable&) {
      // gone already: nothing to release
    }
  }

 private:
  HttpClient& http_;
  std::string base_url_;
  std::string session_;
};

}  // namespace

BridgeOpener::BridgeOpener(HttpClient& http, std::string base_url)
    : http_(http), base_url_(std::move(base_url)) {}

Task<std::unique_ptr<Transport>> BridgeOpener::openOnly() {
  std::string enumerate = base_url_ + "/enumerate";
  std::string no_body;
  std::string listed =
      co_await post(http_, std::move(enumerate), std::move(no_body), kControlTimeoutMs);
  const Json devices = Json::parse(listed, nullptr, false);
  if (!devices.is_array())
    throw DeviceUnavailable("Trezor Bridge answered /enumerate with no list");
  if (devices.empty()) throw DeviceUnavailable("No Trezor device available");
  if (devices.size() > 1) {
    throw MultipleDevices("Found multiple devices (" + std::to_string(devices.size()) +
                          "). Please unplug unused devices");
  }
  const Json& device = devices[0];
  if (!device.is_object() || !device.contains("path") || !device["path"].is_string())
    throw DeviceUnavailable("Trezor Bridge listed a device without a path");
  // Taking over the session Bridge lists (ours from an earlier init, or another program's), as
  // @trezor/transport does: trezord refuses an acquire whose previous session is not the
  // current one.
  const Json& held = device.contains("session") ? device["session"] : Json();
  const std::string previous = held.is_string() ? held.get<std::string>() : "null";
  std::string url = base_url_ + "/acquire/" + device["path"].get<std::string>() + "/" + previous;
  std::string acquire_body;
  std::string acquired =
      co_await post(http_, std::move(url), std::move(acquire_body), kControlTimeoutMs);
  const Json session = Json::parse(acquired, nullptr, false);
  if (!session.is_object() || !session.contains("session") || !session["session"].is_string())
    throw DeviceUnavailable("Trezor Bridge did not open a session");
  co_return std::make_unique<BridgeTransport>(http_, base_url_,
                                              session["session"].get<std::string>());
}

}  // namespace walletd::trezor
