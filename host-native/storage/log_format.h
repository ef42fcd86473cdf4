// The storage log: one append-only file per namespace, `<dbdir>/<ns>.log`.
//
//   file   := "WALLETD-LOG 1\n" record*
//   record := "R" <length: 8 hex> <checksum: 16 hex, the first 8 bytes of SHA-256(payload)> "\n"
//             payload "\n"
//   payload := a JSON array of [key, value] pairs; a null value erases the key
//
// One record is one batch, so a batch is all or nothing. A crash can only damage what was
// appended after the last fsync (never acknowledged): replay stops at the first bad record and
// the caller truncates there. A bad record followed later by a good one is not a torn append
// but damage to acknowledged data, and is refused.
#pragma once

#include <cstddef>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/platform/storage.h"

namespace walletd {

struct StorageCorrupt : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline constexpr std::string_view kLogHeader = "WALLETD-LOG 1\n";
inline constexpr std::size_t kMaxRecordBytes = 1u << 30;

std::string encodeLogRecord(const std::vector<StorageWrite>& writes);
// One record holding every entry (a compacted log's body).
std::string encodeSnapshotRecord(const std::map<std::string, std::string>& entries);

struct LogReplay {
  std::map<std::string, std::string> entries;
  std::size_t valid_bytes = 0;  // the file's length up to the end of the last good record
  bool torn_tail = false;       // bytes after `valid_bytes` were dropped
};

// Replays a whole log file; throws StorageCorrupt for a bad header or damaged acknowledged data.
LogReplay replayLog(std::string_view file);

}  // namespace walletd
