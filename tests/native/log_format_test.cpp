// The storage log codec: batches replay in order, a torn append is cut, damage before good
// records is refused.
#include <catch2/catch.hpp>

#include "host-native/storage/log_format.h"

using namespace walletd;

namespace {
std::string logOf(const std::vector<std::vector<StorageWrite>>& batches) {
  std::string file(kLogHeader);
  for (const auto& batch : batches) file += encodeLogRecord(batch);
  return file;
}
}  // namespace

TEST_CASE("batches replay in order; null erases") {
  const std::string file =
      logOf({{{"a", "1"}, {"b", "2"}}, {{"a", std::nullopt}, {"c", "3\n\"x"}}});
  LogReplay r = replayLog(file);
  REQUIRE_FALSE(r.torn_tail);
  REQUIRE(r.valid_bytes == file.size());
  REQUIRE(r.entries == std::map<std::string, std::string>{{"b", "2"}, {"c", "3\n\"x"}});
  REQUIRE(replayLog(std::string(kLogHeader) + encodeSnapshotRecord(r.entries)).entries ==
          r.entries);
}

TEST_CASE("a torn append is dropped at every cut point") {
  const std::string good = logOf({{{"a", "1"}}});
  const std::string next = encodeLogRecord({{"b", "2"}, {"c", "3"}});
  for (std::size_t cut = 0; cut < next.size(); ++cut) {
    LogReplay r = replayLog(good + next.substr(0, cut));
    REQUIRE(r.valid_bytes == good.size());
    REQUIRE(r.torn_tail == (cut > 0));
    REQUIRE(r.entries.size() == 1);
  }
  LogReplay zeros = replayLog(good + std::string(4096, '\0'));
  REQUIRE(zeros.torn_tail);
  REQUIRE(zeros.valid_bytes == good.size());
}

TEST_CASE("damage followed by good records, or a bad header, is refused") {
  std::string file = logOf({{{"a", "1"}}, {{"b", "2"}}});
  std::string damaged = file;
  damaged[kLogHeader.size() + 30] ^= 1;  // inside the first record's payload
  REQUIRE_THROWS_AS(replayLog(damaged), StorageCorrupt);
  REQUIRE_THROWS_AS(replayLog("WALLETD-KV 1 abc\n{}"), StorageCorrupt);
  REQUIRE_THROWS_AS(replayLog(""), StorageCorrupt);
  REQUIRE(replayLog(std::string(kLogHeader) + encodeLogRecord({})).entries.empty());
}
