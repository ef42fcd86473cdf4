// FileStorage: the daemon's Storage. Each namespace is an append-only log (storage/log_format.h)
// held in memory as a map. A batch updates the map at once on the core thread and appends one
// record; a writer thread appends and fsyncs everything queued since its last round in one
// go (group commit) and then resumes each batch's Task on the core thread, so a write costs
// O(record), the core never waits for the disk, and a completed batch survives kill -9.
// When a log holds more than twice its live data it is compacted (a snapshot written to
// `<ns>.log.tmp`, fsynced, renamed over the log). Every log in the directory is replayed when the
// storage is opened, so damage stops the start; a `<ns>.kv` file from earlier versions is
// converted then.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "core/platform/executor.h"
#include "core/platform/storage.h"
#include "host-native/storage/log_format.h"

namespace walletd {

class FileStorage : public Storage {
 public:
  // Creates `dir` if needed and replays the logs already in it; throws std::runtime_error when
  // it cannot be used and StorageCorrupt on damage to acknowledged records. Completions are
  // posted to `core`.
  FileStorage(std::string dir, Executor& core);
  ~FileStorage() override;  // shutdown(), then closes the files
  // Finishes the queued writes (each made durable, as always), then stops the writer. The daemon
  // calls it once the core has stopped and before the node goes: the writer tells each write's
  // coroutine that it is done, and the node owns those coroutines.
  void shutdown();
  FileStorage(const FileStorage&) = delete;
  FileStorage& operator=(const FileStorage&) = delete;

  Task<std::optional<std::string>> get(std::string ns, std::string key) override;
  Task<StorageEntries> scanPrefix(std::string ns, std::string prefix) override;
  Task<void> applyBatch(std::string ns, std::vector<StorageWrite> writes) override;

  // The pre-log single-file format (`WALLETD-KV 1 <sha256>` + a JSON object); throws
  // StorageCorrupt. Read once to convert it.
  static std::map<std::string, std::string> readLegacyFile(const std::string& path);

  struct Job;  // one queued append or compaction

 private:
  struct Space {
    std::string path;  // <dbdir>/<ns>.log
    std::map<std::string, std::string> entries;
    std::size_t live_bytes = 0;
    std::size_t log_bytes = 0;
    int fd = -1;  // owned by the writer thread once the space is loaded
  };
  Space& space(const std::string& ns);
  void loadExistingSpaces();
  std::string pathOf(const std::string& ns) const;
  void enqueue(std::unique_ptr<Job> job);
  void writerLoop();

  std::string dir_;
  Executor& core_;
  std::map<std::string, std::unique_ptr<Space>> spaces_;  // core thread
  bool failed_ = false;                                   // core thread: a write failed
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::unique_ptr<Job>> jobs_;
  bool stopping_ = false;
  std::thread writer_;
};

}  // namespace walletd
