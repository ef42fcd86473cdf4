// The storage log's codec and replay.
#include "host-native/storage/log_format.h"

#include <cstdio>
#include <optional>

#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"
#include "core/rpc/json.h"

namespace walletd {

namespace {

constexpr std::size_t kRecordHeader = 1 + 8 + 16 + 1;

std::string checksumOf(std::string_view payload) {
  const auto digest = sha256Bytes(asBytes(payload));
  return toHex(std::vector<std::uint8_t>(digest.begin(), digest.begin() + 8));
}

// Appended piece by piece: GCC 12 warns (-Wrestrict, a false alarm) on the chain of `+`.
std::string frame(const std::string& payload) {
  char length[9];
  std::snprintf(length, sizeof length, "%08zx", payload.size());
  std::string out;
  out.reserve(kRecordHeader + payload.size() + 1);
  out += 'R';
  out += length;
  out += checksumOf(payload);
  out += '\n';
  out += payload;
  out += '\n';
  return out;
}

std::optional<std::size_t> hexLength(std::string_view text) {
  std::size_t value = 0;
  for (char c : text) {
    int digit = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
    if (digit < 0) return std::nullopt;
    value = value * 16 + static_cast<std::size_t>(digit);
  }
  return value;
}

struct Record {
  std::string_view payload;
  std::size_t size = 0;  // header + payload + newline
};

// The record at `pos` when it is complete and its checksum matches.
std::optional<Record> recordAt(std::string_view file, std::size_t pos) {
  if (file.size() - pos < kRecordHeader || file[pos] != 'R' || file[pos + 25] != '\n') {
    return std::nullopt;
  }
  std::optional<std::size_t> length = hexLength(file.substr(pos + 1, 8));
  if (!length || *length > kMaxRecordBytes || file.size() - pos - kRecordHeader < *length + 1) {
    return std::nullopt;
  }
  std::string_view payload = file.substr(pos + kRecordHeader, *length);
  if (file[pos + kRecordHeader + *length] != '\n' ||
      checksumOf(payload) != file.substr(pos + 9, 16)) {
    return std::nullopt;
  }
  return Record{payload, kRecordHeader + *length + 1};
}

void apply(std::string_view payload, std::map<std::string, std::string>& entries) {
  Json writes = Json::parse(payload, nullptr, false);
  if (writes.is_discarded() || !writes.is_array()) {
    throw StorageCorrupt("a storage record with a good checksum holds no batch");
  }
  for (const Json& w : writes) {
    if (!w.is_array() || w.size() != 2 || !w[0].is_string() ||
        !(w[1].is_string() || w[1].is_null())) {
      throw StorageCorrupt("a storage record holds a malformed write");
    }
    if (w[1].is_null()) {
      entries.erase(w[0].get<std::string>());
    } else {
      entries[w[0].get<std::string>()] = w[1].get<std::string>();
    }
  }
}

}  // namespace

std::string encodeLogRecord(const std::vector<StorageWrite>& writes) {
  Json array = Json::array();
  for (const StorageWrite& w : writes) {
    array.push_back(Json::array({w.key, w.value ? Json(*w.value) : Json(nullptr)}));
  }
  return frame(array.dump(-1, ' ', false, Json::error_handler_t::replace));
}

std::string encodeSnapshotRecord(const std::map<std::string, std::string>& entries) {
  Json array = Json::array();
  for (const auto& [key, value] : entries) array.push_back(Json::array({key, value}));
  return frame(array.dump(-1, ' ', false, Json::error_handler_t::replace));
}

LogReplay replayLog(std::string_view file) {
  if (file.substr(0, kLogHeader.size()) != kLogHeader) {
    throw StorageCorrupt("not a walletd storage log (bad header)");
  }
  LogReplay out;
  std::size_t pos = kLogHeader.size();
  while (pos < file.size()) {
    std::optional<Record> record = recordAt(file, pos);
    if (!record) break;
    apply(record->payload, out.entries);
    pos += record->size;
  }
  out.valid_bytes = pos;
  if (pos == file.size()) return out;
  // Past the first bad record: a torn append has no good record after it.
  for (std::size_t at = file.find("\nR", pos); at != std::string_view::npos;
       at = file.find("\nR", at + 1)) {
    if (recordAt(file, at + 1)) {
      throw StorageCorrupt("damaged record at byte " + std::to_string(pos) +
                           " with acknowledged records after it");
    }
  }
  out.torn_tail = true;
  return out;
}

}  // namespace walletd
