// WebUSB reports through the JS host: usbOpen answers the ids of the devices it opened,
// usbWrite / usbRead carry one report as hex, usbClose releases a device.
#include "host-wasm/js_device_links.h"

#include <emscripten.h>

#include "core/encoding/hex.h"
#include "host-wasm/js_bridge.h"

namespace walletd::wasm {
namespace {

// clang-format off
EM_JS(int, walletd_has_usb, (), {
  return Module.walletdHost && typeof Module.walletdHost.usbOpen === 'function' ? 1 : 0;
});
EM_JS(void, walletd_usb_close, (std::uint32_t id), {
  Module.walletdHost.usbClose({id}).catch(() => {});
});
// clang-format on

// One host call; its rejection is the link's failure.
Task<Json> usbCall(std::string name, Json args) {
  JsOp op(std::move(name), std::move(args));
  Json out;
  std::string problem;
  try {
    out = co_await op;
  } catch (const std::exception& e) {
    problem = e.what();
  }
  if (!problem.empty()) throw DeviceLinkError(problem);
  co_return out;
}

class JsUsbLink : public ReportLink {
 public:
  explicit JsUsbLink(std::uint32_t id) : id_(id) {}
  ~JsUsbLink() override { close(); }

  Task<void> write(ReportBytes report) override {
    Json args{{"id", id_}, {"hex", toHex(report)}};
    std::fill(report.begin(), report.end(), 0);
    std::string name = "usbWrite";  // named: no temporaries in a co_await's arguments
    co_await usbCall(std::move(name), std::move(args));
  }

  Task<ReportBytes> read() override {
    Json args{{"id", id_}};
    std::string name = "usbRead";
    const Json got = co_await usbCall(std::move(name), std::move(args));
    if (!got.is_string()) throw DeviceLinkError("the host answered usbRead without a report");
    co_return fromHex(got.get<std::string>());
  }

  void close() override {
    if (closed_) return;
    closed_ = true;
    walletd_usb_close(id_);
  }

 private:
  std::uint32_t id_;
  bool closed_ = false;
};

}  // namespace

bool JsDeviceLinks::available() {
  return walletd_has_usb() != 0;
}

Task<std::vector<std::unique_ptr<ReportLink>>> JsDeviceLinks::open(DeviceLinkTarget) {
  Json args = Json::object();
  std::string name = "usbOpen";
  const Json ids = co_await usbCall(std::move(name), std::move(args));
  std::vector<std::unique_ptr<ReportLink>> out;
  if (!ids.is_array()) throw DeviceLinkError("the host answered usbOpen without a list");
  for (const Json& id : ids) {
    if (!id.is_number_unsigned()) throw DeviceLinkError("the host answered usbOpen with a bad id");
    out.push_back(std::make_unique<JsUsbLink>(id.get<std::uint32_t>()));
  }
  co_return out;
}

}  // namespace walletd::wasm
