// Storage: an asynchronous key-value store split into namespaces (`wallet`, `gui_storage`,
// `tx_history`, `gasless_traces`, `settings`). A batch is atomic, and once its Task completes the
// write survives a crash of the process (files + fsync natively, an IndexedDB transaction in
// browsers). Keys and values are strings; callers store JSON text.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/async/task.h"

namespace walletd {

struct StorageWrite {
  std::string key;
  std::optional<std::string> value;  // nullopt erases the key
};

using StorageEntries = std::vector<std::pair<std::string, std::string>>;

// The entries of a key-ordered map whose key starts with `prefix` (for map-backed stores).
inline StorageEntries entriesWithPrefix(const std::map<std::string, std::string>& space,
                                        const std::string& prefix) {
  StorageEntries out;
  for (auto it = space.lower_bound(prefix); it != space.end() && it->first.rfind(prefix, 0) == 0;
       ++it) {
    out.emplace_back(it->first, it->second);
  }
  return out;
}

class Storage {
 public:
  virtual ~Storage() = default;
  virtual Task<std::optional<std::string>> get(std::string ns, std::string key) = 0;
  // All entries whose key starts with `prefix`, in key order.
  virtual Task<StorageEntries> scanPrefix(std::string ns, std::string prefix) = 0;
  // Applies every write or none; durable once the task completes.
  virtual Task<void> applyBatch(std::string ns, std::vector<StorageWrite> writes) = 0;
};

}  // namespace walletd
