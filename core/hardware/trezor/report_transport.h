// A Transport over a host's report link (core/platform/device_links.h: the emulator's UDP,
// WebUSB): each message framed into protocol v1's 64-byte reports, the answer collected from the
// device's reports. LinkOpener opens the one device a link target has.
#pragma once

#include "core/hardware/trezor/transport.h"
#include "core/platform/device_links.h"

namespace walletd::trezor {

class ReportTransport : public Transport {
 public:
  explicit ReportTransport(std::unique_ptr<ReportLink> link) : link_(std::move(link)) {}
  ~ReportTransport() override;
  // Throws DeviceUnavailable when the link fails, WireError on a malformed report.
  Task<Message> call(Message request) override;
  Task<void> release() override;

 private:
  std::unique_ptr<ReportLink> link_;
};

class LinkOpener : public TransportOpener {
 public:
  LinkOpener(DeviceLinks& links, DeviceLinkTarget target)
      : links_(links), target_(std::move(target)) {}
  Task<std::unique_ptr<Transport>> openOnly() override;

 private:
  DeviceLinks& links_;
  DeviceLinkTarget target_;
};

}  // namespace walletd::trezor
