// UsbDeviceLinks: the daemon's link to a Trezor over USB (trezor.transport "usb", KDF's native
// transport), through libusb (the WALLETD_LIBUSB build option): the devices with the firmware's
// USB ids (0x1209:0x53c1; the old HID-only Trezor One 0x534c:0x0001 and the bootloader are not
// used), interface 0 claimed, one 64-byte report per interrupt transfer on its endpoints. Each
// link's reader thread waits on the IN endpoint and queues reports for the core; a transfer that
// fails (the device unplugged) ends the link.
#pragma once

#include "core/platform/device_links.h"
#include "core/platform/executor.h"

struct libusb_context;

namespace walletd {

class UsbDeviceLinks : public DeviceLinks {
 public:
  explicit UsbDeviceLinks(Executor& core);
  ~UsbDeviceLinks() override;
  UsbDeviceLinks(const UsbDeviceLinks&) = delete;
  UsbDeviceLinks& operator=(const UsbDeviceLinks&) = delete;

  bool supports(const std::string& kind) const override { return kind == "usb"; }
  // The connected Trezors, opened and claimed (none: an empty list; a machine without USB
  // access has none); DeviceLinkError when libusb itself fails.
  Task<std::vector<std::unique_ptr<ReportLink>>> open(DeviceLinkTarget target) override;

 private:
  Executor& core_;
  libusb_context* usb_ = nullptr;
};

// The daemon's links by kind: the emulator's UDP and, when built with it, USB.
class HostDeviceLinks : public DeviceLinks {
 public:
  HostDeviceLinks(DeviceLinks& udp, DeviceLinks* usb) : udp_(udp), usb_(usb) {}
  bool supports(const std::string& kind) const override {
    return udp_.supports(kind) || (usb_ && usb_->supports(kind));
  }
  Task<std::vector<std::unique_ptr<ReportLink>>> open(DeviceLinkTarget target) override {
    if (usb_ && usb_->supports(target.kind)) return usb_->open(std::move(target));
    return udp_.open(std::move(target));
  }

 private:
  DeviceLinks& udp_;
  DeviceLinks* usb_;
};

}  // namespace walletd
