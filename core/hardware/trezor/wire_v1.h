// Trezor's protocol v1 (what trezorlib, KDF and the firmware's USB, WebUSB and emulator UDP
// transports speak): a message is "##", its type (u16 big-endian), its payload length (u32
// big-endian) and the proto2 payload, carried in 64-byte reports that each start with '?'; the
// last report is zero-padded. Trezor Bridge carries the same header and payload as hex, unsplit.
// Payloads may hold a PIN or a passphrase: they live in SecretBytes.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/secret.h"

namespace walletd::trezor {

struct WireError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Message {
  std::uint16_t type = 0;
  SecretBytes payload;
};

constexpr std::size_t kReportSize = 64;
using Report = std::array<std::uint8_t, kReportSize>;
constexpr std::uint32_t kMaxPayload = 1U << 20;  // far above any message walletd exchanges

// The reports of one message, in order.
std::vector<Report> frameReports(const Message& message);

// Collects a device's reports into messages; push() answers a message when its last report has
// arrived. Throws WireError on a report that is not '?', a first report without "?##", or a
// length above kMaxPayload.
class ReportReader {
 public:
  std::optional<Message> push(const Report& report);

 private:
  std::uint16_t type_ = 0;
  std::uint32_t length_ = 0;
  bool started_ = false;
  Bytes payload_;
};

// Bridge's /call and /read bodies: hex of type, length and payload.
std::string toBridgeHex(const Message& message);
Message fromBridgeHex(std::string_view hex);

}  // namespace walletd::trezor
