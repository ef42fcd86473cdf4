#include "core/coins/zhtlc/spend/zhtlc_memo.h"

#include <cstdio>

#include "core/coins/withdraw_request.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

// Rust's Debug form of a string (KDF formats the memo with {:?}): quoted, with \", \\, \n, \r,
// \t, \0 and other control characters as \u{..}.
std::string rustDebug(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\0':
        out += "\\0";
        break;
      default:
        if (byte < 0x20 || byte == 0x7f) {
          char escaped[12];
          std::snprintf(escaped, sizeof escaped, "\\u{%x}", byte);
          out += escaped;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

Bytes memoBytes(const std::string& text) {
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    try {
      return fromHex(std::string_view(text).substr(2));
    } catch (const EncodingError&) {
      // not hex: the text itself, as KDF
    }
  }
  return Bytes(text.begin(), text.end());
}

}  // namespace

ByteArray<sapling::kMemoSize> zhtlcMemo(const std::optional<std::string>& memo) {
  ByteArray<sapling::kMemoSize> out{};
  if (!memo) {
    out[0] = 0xf6;
    return out;
  }
  const Bytes bytes = memoBytes(*memo);
  if (bytes.size() > out.size()) {
    const std::string message = "Memo '" + rustDebug(*memo) + "' is too long";
    throw rpcError(WithdrawError::InvalidMemo, message, Json(message));
  }
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

}  // namespace walletd
