// Protocol v1 framing and Bridge's hex form.
#include "core/hardware/trezor/wire_v1.h"

#include <algorithm>

#include "core/encoding/hex.h"

namespace walletd::trezor {
namespace {

// "##", type and length: the 8 bytes before a payload.
std::array<std::uint8_t, 8> header(std::uint16_t type, std::size_t length) {
  return {0x23,
          0x23,
          static_cast<std::uint8_t>(type >> 8),
          static_cast<std::uint8_t>(type),
          static_cast<std::uint8_t>(length >> 24),
          static_cast<std::uint8_t>(length >> 16),
          static_cast<std::uint8_t>(length >> 8),
          static_cast<std::uint8_t>(length)};
}

std::uint32_t readU32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         p[3];
}

}  // namespace

std::vector<Report> frameReports(const Message& message) {
  SecretBytes whole(Bytes(8 + message.payload.size()));
  const auto head = header(message.type, message.payload.size());
  std::copy(head.begin(), head.end(), whole.data());
  std::copy(message.payload.view().begin(), message.payload.view().end(), whole.data() + 8);
  std::vector<Report> reports;
  for (std::size_t at = 0; at < whole.size(); at += kReportSize - 1) {
    Report report{};
    report[0] = '?';
    const std::size_t n = std::min(kReportSize - 1, whole.size() - at);
    std::copy_n(whole.data() + at, n, report.begin() + 1);
    reports.push_back(report);
  }
  return reports;
}

std::optional<Message> ReportReader::push(const Report& report) {
  if (report[0] != '?') throw WireError("a report from the device does not start with '?'");
  auto body = ByteView(report).subspan(1);
  if (!started_) {
    if (report[1] != '#' || report[2] != '#') throw WireError("a message does not start with ?##");
    type_ = static_cast<std::uint16_t>((report[3] << 8) | report[4]);
    length_ = readU32(report.data() + 5);
    if (length_ > kMaxPayload) throw WireError("the device announced an oversized message");
    started_ = true;
    body = body.subspan(8);
  }
  const std::size_t take = std::min<std::size_t>(body.size(), length_ - payload_.size());
  payload_.insert(payload_.end(), body.begin(), body.begin() + static_cast<std::ptrdiff_t>(take));
  if (payload_.size() < length_) return std::nullopt;
  Message message{type_, SecretBytes(std::move(payload_))};
  payload_ = {};
  started_ = false;
  return message;
}

std::string toBridgeHex(const Message& message) {
  const auto head = header(message.type, message.payload.size());
  return toHex(ByteView(head).subspan(2)) + toHex(message.payload.view());
}

Message fromBridgeHex(std::string_view hex) {
  SecretBytes bytes(fromHex(hex));
  if (bytes.size() < 6) throw WireError("Bridge answered a message shorter than its header");
  const std::uint32_t length = readU32(bytes.data() + 2);
  if (length != bytes.size() - 6) throw WireError("Bridge answered a message of the wrong length");
  Message message;
  message.type = static_cast<std::uint16_t>((bytes.data()[0] << 8) | bytes.data()[1]);
  message.payload = SecretBytes(bytes.view().subspan(6));
  return message;
}

}  // namespace walletd::trezor
