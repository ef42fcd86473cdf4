// RFC 6455's handshake texts and frames (see websocket_frames.h).
#include "host-native/websocket_frames.h"

#include <mbedtls/sha1.h>

#include <algorithm>
#include <cctype>

#include "core/encoding/base64.h"

namespace walletd::websocket {
namespace {

constexpr std::string_view kGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";  // RFC 6455 §1.3

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
}

// Whether a comma-separated header value holds `token` (case-insensitive).
bool hasToken(std::string_view value, std::string_view token) {
  while (!value.empty()) {
    const std::size_t comma = value.find(',');
    if (lower(trim(value.substr(0, comma))) == token) return true;
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
  return false;
}

// The handshake's header fields that matter to the client, lower-case names.
struct UpgradeHeaders {
  std::string upgrade, connection, accept, extensions, protocol;
};

UpgradeHeaders parseHeaders(std::string_view lines) {
  UpgradeHeaders found;
  while (!lines.empty()) {
    const std::size_t end = lines.find('\n');
    const std::string_view line = lines.substr(0, end);
    lines.remove_prefix(end == std::string_view::npos ? lines.size() : end + 1);
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    const std::string name = lower(trim(line.substr(0, colon)));
    const std::string_view value = trim(line.substr(colon + 1));
    std::string* field = name == "upgrade"                    ? &found.upgrade
                         : name == "connection"               ? &found.connection
                         : name == "sec-websocket-accept"     ? &found.accept
                         : name == "sec-websocket-extensions" ? &found.extensions
                         : name == "sec-websocket-protocol"   ? &found.protocol
                                                              : nullptr;
    if (field != nullptr) field->append(field->empty() ? "" : ",").append(value);
  }
  return found;
}

std::string sizeText(std::size_t bytes) {
  if (bytes >= (1U << 20) && bytes % (1U << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

}  // namespace

std::string acceptKey(std::string_view key) {
  const std::string text = std::string(key) + std::string(kGuid);
  std::array<std::uint8_t, 20> digest{};
  mbedtls_sha1_ret(reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest.data());
  return base64Encode(ByteView(digest.data(), digest.size()));
}

std::string upgradeRequest(std::string_view host, std::string_view target, std::string_view key) {
  std::string out = "GET ";
  out.append(target).append(" HTTP/1.1\r\nHost: ").append(host);
  out.append("\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ").append(key);
  out.append("\r\nSec-WebSocket-Version: 13\r\nUser-Agent: walletd\r\n\r\n");
  return out;
}

void checkUpgradeResponse(std::string_view head, std::string_view key) {
  const std::string_view status = trim(head.substr(0, head.find('\n')));
  const std::size_t space = status.find(' ');
  if (status.rfind("HTTP/1.", 0) != 0 || space == std::string_view::npos)
    throw TransportError("the server's answer to the WebSocket handshake is not HTTP");
  if (status.substr(space + 1, 3) != "101" ||
      (status.size() > space + 4 && status[space + 4] != ' '))
    throw TransportError("the server answered \"" + std::string(status.substr(0, 120)) +
                         "\" instead of switching to WebSocket");
  const UpgradeHeaders headers = parseHeaders(head.substr(status.size()));
  if (lower(headers.upgrade) != "websocket" || !hasToken(headers.connection, "upgrade"))
    throw TransportError("the server's 101 answer lacks Upgrade: websocket");
  if (headers.accept != acceptKey(key))
    throw TransportError("the server's Sec-WebSocket-Accept does not match the key");
  if (!headers.extensions.empty() || !headers.protocol.empty())
    throw TransportError("the server chose a WebSocket extension or subprotocol nobody asked for");
}

std::string encodeFrame(Opcode opcode, std::string_view payload, const std::optional<Mask>& mask,
                        bool fin) {
  std::string out;
  out.reserve(payload.size() + 14);
  out.push_back(static_cast<char>((fin ? 0x80 : 0) | static_cast<std::uint8_t>(opcode)));
  const char mask_bit = mask ? static_cast<char>(0x80) : 0;
  const std::uint64_t size = payload.size();
  if (size < 126) {
    out.push_back(static_cast<char>(mask_bit | static_cast<char>(size)));
  } else {
    const int bytes = size <= 0xFFFF ? 2 : 8;
    out.push_back(static_cast<char>(mask_bit | (bytes == 2 ? 126 : 127)));
    for (int i = bytes - 1; i >= 0; --i) out.push_back(static_cast<char>(size >> (8 * i)));
  }
  if (!mask) return out.append(payload);
  out.append(reinterpret_cast<const char*>(mask->data()), mask->size());
  const std::size_t start = out.size();
  out.append(payload);
  for (std::size_t i = 0; i < payload.size(); ++i) out[start + i] ^= (*mask)[i % 4];
  return out;
}

std::optional<Frame> decodeFrame(std::string_view bytes, std::size_t max_payload,
                                 std::size_t& used) {
  if (bytes.size() < 2) return std::nullopt;
  const auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(bytes[i]); };
  Frame frame;
  frame.fin = (byte(0) & 0x80) != 0;
  frame.opcode = static_cast<Opcode>(byte(0) & 0x0F);
  frame.masked = (byte(1) & 0x80) != 0;
  if ((byte(0) & 0x70) != 0) throw FrameError(1002, "the server set a frame's reserved bits");
  const std::uint8_t op = byte(0) & 0x0F;
  if (op > 0xA || (op > 0x2 && op < 0x8))
    throw FrameError(1002, "the server sent a frame of unknown opcode " + std::to_string(op));
  const bool control = op >= 0x8;
  std::uint64_t size = byte(1) & 0x7F;
  std::size_t at = 2;
  if (control && (!frame.fin || size > 125))
    throw FrameError(1002, "the server sent a fragmented or long control frame");
  if (size >= 126) {
    const std::size_t bytes_of_size = size == 126 ? 2 : 8;
    if (bytes.size() < at + bytes_of_size) return std::nullopt;
    size = 0;
    for (std::size_t i = 0; i < bytes_of_size; ++i) size = (size << 8) | byte(at + i);
    at += bytes_of_size;
    if (size >> 63) throw FrameError(1002, "the server sent a frame length with its top bit set");
  }
  if (size > max_payload)
    throw FrameError(1009, "the server sent a WebSocket frame over " + sizeText(max_payload));
  Mask mask{};
  if (frame.masked) {
    if (bytes.size() < at + 4) return std::nullopt;
    for (std::size_t i = 0; i < 4; ++i) mask[i] = byte(at + i);
    at += 4;
  }
  if (bytes.size() - at < size) return std::nullopt;
  frame.payload.assign(bytes.substr(at, static_cast<std::size_t>(size)));
  if (frame.masked)
    for (std::size_t i = 0; i < frame.payload.size(); ++i) frame.payload[i] ^= mask[i % 4];
  used = at + static_cast<std::size_t>(size);
  return frame;
}

std::string closeBody(std::uint16_t code, std::string_view reason) {
  if (code == 0) return {};
  std::string out{static_cast<char>(code >> 8), static_cast<char>(code & 0xFF)};
  return out.append(reason);
}

std::string describeClose(std::string_view body) {
  if (body.size() < 2) return "no code";
  const unsigned code =
      (static_cast<std::uint8_t>(body[0]) << 8) | static_cast<std::uint8_t>(body[1]);
  std::string out = std::to_string(code);
  if (body.size() > 2) out.append(" ").append(body.substr(2, 120));
  return out;
}

std::optional<Event> MessageReader::next() {
  for (;;) {
    // Control frames (at most 125 bytes) may come between the fragments of a long message.
    const std::size_t room = std::max<std::size_t>(125, max_message_ - message_.size());
    std::size_t used = 0;
    std::optional<Frame> frame;
    try {
      frame = decodeFrame(buffer_, room, used);
    } catch (const FrameError& e) {
      if (e.close_code != 1009) throw;
      tooBig();
    }
    if (!frame) return std::nullopt;
    buffer_.erase(0, used);
    if (std::optional<Event> event = accept(std::move(*frame))) return event;
  }
}

void MessageReader::tooBig() const {
  throw FrameError(1009, "the server sent a WebSocket message over " + sizeText(max_message_));
}

// One decoded frame: an event, or nullopt when it is a fragment of a message still open.
std::optional<Event> MessageReader::accept(Frame frame) {
  if (frame.masked) throw FrameError(1002, "the server masked a frame (servers must not)");
  switch (frame.opcode) {
    case Opcode::kPing:
      return Event{Event::Kind::kPing, std::move(frame.payload)};
    case Opcode::kPong:
      return Event{Event::Kind::kPong, std::move(frame.payload)};
    case Opcode::kClose:
      if (frame.payload.size() == 1) throw FrameError(1002, "the server sent a 1-byte close body");
      return Event{Event::Kind::kClose, std::move(frame.payload)};
    case Opcode::kContinuation:
      if (!open_) throw FrameError(1002, "the server continued a message it had not begun");
      break;
    default:  // text or binary
      if (open_) throw FrameError(1002, "the server began a message inside a fragmented one");
      open_ = true;
      message_.clear();
  }
  if (frame.payload.size() > max_message_ - message_.size()) tooBig();
  message_.append(frame.payload);
  if (!frame.fin) return std::nullopt;
  open_ = false;
  return Event{Event::Kind::kMessage, std::exchange(message_, std::string())};
}

}  // namespace walletd::websocket
