// The memo of a ZHTLC withdraw as KDF reads it (interpret_memo_string): "0x" (any case) and hex
// is those bytes, anything else (a failed hex decode too) its UTF-8 bytes; zero-padded to 512
// bytes; more is WithdrawError::InvalidMemo. No memo is ZIP-302's "no memo" (0xF6, zeros).
#pragma once

#include <optional>
#include <string>

#include "core/crypto/sapling/note_encryption.h"

namespace walletd {

ByteArray<sapling::kMemoSize> zhtlcMemo(const std::optional<std::string>& memo);

}  // namespace walletd
