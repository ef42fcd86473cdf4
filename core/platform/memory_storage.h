// MemoryStorage: Storage kept in memory (tests, and hosts that opt out of persistence). Writes
// complete at once; `failNextBatch` lets tests prove a failed write changes nothing.
#pragma once

#include <map>
#include <stdexcept>

#include "core/platform/storage.h"

namespace walletd {

class MemoryStorage : public Storage {
 public:
  Task<std::optional<std::string>> get(std::string ns, std::string key) override {
    auto& space = data_[ns];
    auto it = space.find(key);
    co_return it == space.end() ? std::nullopt : std::optional<std::string>(it->second);
  }
  Task<StorageEntries> scanPrefix(std::string ns, std::string prefix) override {
    co_return entriesWithPrefix(data_[ns], prefix);
  }
  Task<void> applyBatch(std::string ns, std::vector<StorageWrite> writes) override {
    if (fail_next_) {
      fail_next_ = false;
      throw std::runtime_error("simulated storage failure");
    }
    auto& space = data_[ns];
    for (auto& w : writes) {
      if (w.value) {
        space[w.key] = std::move(*w.value);
      } else {
        space.erase(w.key);
      }
    }
    co_return;
  }
  void failNextBatch() { fail_next_ = true; }

 private:
  std::map<std::string, std::map<std::string, std::string>> data_;
  bool fail_next_ = false;
};

}  // namespace walletd
