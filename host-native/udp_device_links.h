// UdpDeviceLinks: the daemon's link to Trezor's emulator (trezor.transport "udp"): one 64-byte
// report per datagram to and from host:port, "PINGPING" answered "PONGPONG" (how trezorlib and
// KDF find an emulator). Each link has a reader thread that queues the emulator's reports for the
// core; while the core waits for one and the emulator is silent for kPingAfterMs, the thread pings
// it, and a ping unanswered for kPingAfterMs ends the link (the emulator stopped): UDP has no
// connection to break.
#pragma once

#include "core/platform/device_links.h"
#include "core/platform/executor.h"

namespace walletd {

class UdpDeviceLinks : public DeviceLinks {
 public:
  static constexpr int kPingAfterMs = 2000;
  static constexpr int kDiscoveryMs = 1000;  // how long open() waits for PONGPONG

  explicit UdpDeviceLinks(Executor& core) : core_(core) {}
  bool supports(const std::string& kind) const override { return kind == "udp"; }
  // The emulator at target.address if it answers a ping, else no link; DeviceLinkError when the
  // address cannot be resolved.
  Task<std::vector<std::unique_ptr<ReportLink>>> open(DeviceLinkTarget target) override;

 private:
  Executor& core_;
};

}  // namespace walletd
