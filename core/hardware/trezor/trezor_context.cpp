// TrezorConnection's description.
#include "core/hardware/trezor/trezor_context.h"

namespace walletd::trezor {
namespace {
Json orNull(const std::string& text) {
  return text.empty() ? Json(nullptr) : Json(text);
}
}  // namespace

Json TrezorConnection::describe() const {
  return Json{{"type", "Trezor"},
              {"model", orNull(info_.model)},
              {"device_name", orNull(info_.device_name)},
              {"device_id", orNull(info_.device_id)},
              {"device_pubkey", device_pubkey_}};
}

}  // namespace walletd::trezor
