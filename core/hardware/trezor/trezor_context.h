// The node's hardware wallet (KDF's HwCtx): the connected Trezor once task::init_trezor has
// identified it, and whether an init runs. KDF keeps it beside the wallet's own keys, so a node
// may activate some coins with its seed and others with the device.
#pragma once

#include <memory>
#include <string>

#include "core/async/async_mutex.h"
#include "core/hardware/trezor/transport.h"
#include "core/rpc/json.h"

namespace walletd::trezor {

// From the device's Features: what init answers beside device_pubkey.
struct DeviceInfo {
  std::string model;
  std::string device_name;  // the label the user gave the device
  std::string device_id;
};

class TrezorConnection {
 public:
  TrezorConnection(Executor& executor, std::shared_ptr<Transport> transport, DeviceInfo info,
                   std::string device_pubkey)
      : transport_(std::move(transport)),
        info_(std::move(info)),
        device_pubkey_(std::move(device_pubkey)),
        lock_(executor) {}
  Transport& transport() { return *transport_; }
  const DeviceInfo& info() const { return info_; }
  // Hex of hash160 of the device's internal public key (m/44'/141'/2147483647/0/0), no 0x.
  const std::string& devicePubkey() const { return device_pubkey_; }
  // A device holds one conversation at a time.
  AsyncMutex& conversationLock() { return lock_; }
  // init's Ok details: {"type": "Trezor", model, device_name, device_id, device_pubkey}.
  Json describe() const;

 private:
  std::shared_ptr<Transport> transport_;
  DeviceInfo info_;
  std::string device_pubkey_;
  AsyncMutex lock_;
};

struct HwContext {
  std::shared_ptr<TrezorConnection> trezor;
  bool initializing = false;
};

}  // namespace walletd::trezor
