// How walletd reaches one Trezor: a request out, the device's next message back. Bridge (HTTP,
// both hosts) implements it in the core; a host may add links of its own (USB, the emulator's UDP).
#pragma once

#include <memory>
#include <stdexcept>

#include "core/async/task.h"
#include "core/hardware/trezor/wire_v1.h"

namespace walletd::trezor {

// No device to talk to: none connected, Bridge not running, or the device went away mid-call.
struct DeviceUnavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// The link refuses walletd itself (Trezor Bridge refusing the request's origin): waiting for a
// device would not help.
struct BridgeRefused : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// More than one device connected: walletd does not choose (KDF's CannotChooseDevice).
struct MultipleDevices : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Transport {
 public:
  virtual ~Transport() = default;
  // Throws DeviceUnavailable when the device is gone.
  virtual Task<Message> call(Message request) = 0;
  // Gives the device back to other programs (Bridge: releases the session); never throws.
  virtual Task<void> release() = 0;
};

// Opens the one connected device; throws DeviceUnavailable or MultipleDevices.
class TransportOpener {
 public:
  virtual ~TransportOpener() = default;
  virtual Task<std::unique_ptr<Transport>> openOnly() = 0;
};

}  // namespace walletd::trezor
