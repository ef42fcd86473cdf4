// DeviceLinks: links to hardware wallets that a host opens itself, beside Trezor Bridge (which
// the core reaches over HttpClient): the Trezor emulator's UDP datagrams (the daemon) and a USB
// device's interrupt endpoints (WebUSB in the browser). Each link carries the device's fixed-size
// reports (64 bytes for a Trezor) one at a time; the core frames its messages into them. A host
// without any leaves Platform's null.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/async/task.h"

namespace walletd {

// A report's bytes (the platform layer sits below core/crypto, whose Bytes is this type).
using ReportBytes = std::vector<std::uint8_t>;

// The device went away (unplugged, the emulator stopped), or the link could not be used.
struct DeviceLinkError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ReportLink {
 public:
  virtual ~ReportLink() = default;
  // Sends one report; throws DeviceLinkError.
  virtual Task<void> write(ReportBytes report) = 0;
  // The device's next report, waiting as long as the device takes (a user pressing its button);
  // throws DeviceLinkError once the device is gone.
  virtual Task<ReportBytes> read() = 0;
  // Gives the device back (a USB interface released); never throws.
  virtual void close() = 0;
};

// What to open: `kind` "udp" (`address` host:port of the emulator) or "webusb" (the devices the
// user allowed this page, by the vendor's USB ids).
struct DeviceLinkTarget {
  std::string kind;
  std::string address;
};

class DeviceLinks {
 public:
  virtual ~DeviceLinks() = default;
  virtual bool supports(const std::string& kind) const = 0;
  // A link to each device of `target` that is there now (none: an empty list); throws
  // DeviceLinkError when looking failed.
  virtual Task<std::vector<std::unique_ptr<ReportLink>>> open(DeviceLinkTarget target) = 0;
};

}  // namespace walletd
