// JsDeviceLinks: the browser host's links to hardware wallets (trezor.transport "webusb"): the
// Trezor devices this page was allowed over WebUSB (js/src/webusb.js: navigator.usb, or the one
// createWalletd() was given), opened by the JS host, one 64-byte report per transfer.
#pragma once

#include "core/platform/device_links.h"

namespace walletd::wasm {

class JsDeviceLinks : public DeviceLinks {
 public:
  // Whether the JS host offers USB (the page has navigator.usb, or createWalletd got `usb`).
  static bool available();
  bool supports(const std::string& kind) const override { return kind == "webusb"; }
  Task<std::vector<std::unique_ptr<ReportLink>>> open(DeviceLinkTarget target) override;
};

}  // namespace walletd::wasm
