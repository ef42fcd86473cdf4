// KDF's hardware-wallet errors as walletd answers them: InitHwError (task::init_trezor), the
// fieldless HwRpcError carried as its error_data, and trezor_connection_status's errors.
#pragma once

#include <exception>
#include <string>

#include "core/async/cancellation.h"
#include "core/hardware/trezor/transport.h"
#include "core/rpc/rpc_error.h"

namespace walletd::trezor {

// clang-format off
#define WALLETD_INIT_HW_ERRORS(X)                                                       \
  X(HwContextInitializingAlready, 400) X(HwError, 410) X(UnexpectedUserAction, 400)     \
  X(Timeout, 408) X(Internal, 500)
#define WALLETD_TREZOR_STATUS_ERRORS(X) X(TrezorNotInitialized, 400) X(FoundUnexpectedDevice, 500)
// clang-format on
WALLETD_ERROR_FAMILY(InitHwError, WALLETD_INIT_HW_ERRORS)
WALLETD_ERROR_FAMILY(TrezorStatusError, WALLETD_TREZOR_STATUS_ERRORS)

// HwRpcError's variants (error_data of HwError) and their messages.
inline RpcError noTrezorDeviceAvailable() {
  return rpcError(InitHwError::HwError, "No Trezor device available",
                  Json("NoTrezorDeviceAvailable"));
}
inline RpcError foundMultipleDevices() {
  return rpcError(InitHwError::HwError, "Found multiple devices. Please unplug unused devices",
                  Json("FoundMultipleDevices"));
}
inline RpcError foundUnexpectedDevice() {
  return rpcError(InitHwError::HwError,
                  "Found unexpected device. Please re-initialize Hardware wallet",
                  Json("FoundUnexpectedDevice"));
}

// A device conversation's failure as a method's error (KDF's from_hw_error): the method's own
// errors and a cancellation pass on, a missing device is HwError NoTrezorDeviceAvailable, and
// anything else (a Failure from the device, a malformed answer) is `other(text)`.
template <typename MakeOther>
[[noreturn]] void rethrowHwError(std::exception_ptr error, MakeOther other) {
  try {
    std::rethrow_exception(error);
  } catch (const RpcError&) {
    throw;
  } catch (const OperationCancelled&) {
    throw;
  } catch (const DeviceUnavailable&) {
    throw noTrezorDeviceAvailable();
  } catch (const std::exception& e) {
    throw other(std::string(e.what()));
  }
}

}  // namespace walletd::trezor
