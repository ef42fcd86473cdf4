// Fuzz target: the storage log decoder. Whatever it accepts re-encodes to a log that replays to
// the same entries.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "host-native/storage/log_format.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string file(walletd::kLogHeader);
  file.append(reinterpret_cast<const char*>(data), size);
  try {
    walletd::LogReplay replay = walletd::replayLog(file);
    if (replay.valid_bytes > file.size()) std::abort();
    const std::string again =
        std::string(walletd::kLogHeader) + walletd::encodeSnapshotRecord(replay.entries);
    if (walletd::replayLog(again).entries != replay.entries) std::abort();
  } catch (const walletd::StorageCorrupt&) {
  }
  return 0;
}
