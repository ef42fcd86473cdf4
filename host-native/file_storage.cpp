// FileStorage implementation (POSIX).
#include "host-native/file_storage.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/async/coroutine_compat.h"
#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"
#include "core/rpc/json.h"

namespace walletd {

struct FileStorage::Job {
  Space* space = nullptr;
  std::string bytes;                                           // an append
  std::optional<std::map<std::string, std::string>> snapshot;  // a compaction
  std::exception_ptr error;
  std::function<void(std::exception_ptr)> done;  // runs on the writer thread
};

namespace {

constexpr const char* kLegacyMagic = "WALLETD-KV 1 ";
constexpr std::size_t kCompactAtBytes = 1024 * 1024;

std::runtime_error osError(const std::string& what, const std::string& path) {
  return std::runtime_error(what + " " + path + ": " + std::strerror(errno));
}

void writeAll(int fd, std::string_view data, const std::string& path) {
  std::size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw osError("cannot write", path);
    done += static_cast<std::size_t>(n);
  }
}

void fsyncDir(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) throw osError("cannot open", dir);
  int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0) throw osError("cannot fsync", dir);
}

// Writes `content` to `path` atomically and durably (temporary file, fsync, rename, dir fsync).
void replaceFile(const std::string& dir, const std::string& path, std::string_view content) {
  const std::string tmp = path + ".tmp";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) throw osError("cannot create", tmp);
  try {
    writeAll(fd, content, tmp);
    if (::fsync(fd) != 0) throw osError("cannot fsync", tmp);
  } catch (...) {
    ::close(fd);
    ::unlink(tmp.c_str());
    throw;
  }
  ::close(fd);
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    ::unlink(tmp.c_str());
    throw osError("cannot rename", tmp);
  }
  fsyncDir(dir);
}

std::optional<std::string> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

bool validNamespace(const std::string& ns) {
  if (ns.empty() || ns.size() > 64) return false;
  for (char c : ns) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return true;
}

std::size_t entryBytes(const std::string& key, const std::string& value) {
  return key.size() + value.size() + 8;  // about what the pair costs in a record
}

// Suspends the calling coroutine until the writer thread made the job durable and the core
// resumed it.
struct WriteAwaitable {
  std::function<void(std::unique_ptr<FileStorage::Job>)> enqueue;
  std::unique_ptr<FileStorage::Job> job;
  Executor& core;
  std::exception_ptr error;

  bool await_ready() const noexcept { return false; }
  void await_suspend(coro::handle<> waiter) {
    job->done = [this, waiter](std::exception_ptr e) mutable {
      error = e;
      core.post([waiter]() mutable { waiter.resume(); });
    };
    enqueue(std::move(job));
  }
  void await_resume() const {
    if (error) std::rethrow_exception(error);
  }
};

}  // namespace

FileStorage::FileStorage(std::string dir, Executor& core) : dir_(std::move(dir)), core_(core) {
  if (::mkdir(dir_.c_str(), 0700) != 0 && errno != EEXIST) throw osError("cannot create", dir_);
  struct stat st {};
  if (::stat(dir_.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    throw std::runtime_error("dbdir " + dir_ + " is not a directory");
  }
  if (::access(dir_.c_str(), W_OK) != 0) throw osError("cannot write to", dir_);
  loadExistingSpaces();
  writer_ = std::thread([this] { writerLoop(); });
}

// Every namespace already on disk is replayed now, not on first use, so that damage to any of
// them stops the start (and a torn tail is cut) whatever the first requests read.
void FileStorage::loadExistingSpaces() {
  std::set<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
    const std::string file = entry.path().filename().string();
    for (const std::string suffix : {".log", ".kv"}) {
      if (file.size() <= suffix.size() || !file.ends_with(suffix)) continue;
      const std::string ns = file.substr(0, file.size() - suffix.size());
      if (validNamespace(ns)) names.insert(ns);
    }
  }
  try {
    for (const std::string& ns : names) space(ns);
  } catch (...) {
    for (auto& [ns, s] : spaces_) ::close(s->fd);
    throw;
  }
}

void FileStorage::shutdown() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (writer_.joinable()) writer_.join();
}

FileStorage::~FileStorage() {
  shutdown();
  for (auto& [ns, s] : spaces_) {
    if (s->fd >= 0) ::close(s->fd);
  }
}

std::string FileStorage::pathOf(const std::string& ns) const {
  if (!validNamespace(ns)) throw std::invalid_argument("invalid storage namespace: " + ns);
  return dir_ + "/" + ns + ".log";
}

std::map<std::string, std::string> FileStorage::readLegacyFile(const std::string& path) {
  std::optional<std::string> text = readFile(path);
  if (!text) return {};
  const std::size_t newline = text->find('\n');
  const std::string magic = kLegacyMagic;
  if (newline == std::string::npos || text->compare(0, magic.size(), magic) != 0) {
    throw StorageCorrupt("storage file " + path + " has no valid header");
  }
  const std::string checksum = text->substr(magic.size(), newline - magic.size());
  const std::string body = text->substr(newline + 1);
  if (toHex(sha256Bytes(asBytes(body))) != checksum) {
    throw StorageCorrupt("storage file " + path + " is corrupt (checksum mismatch)");
  }
  Json parsed = Json::parse(body, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    throw StorageCorrupt("storage file " + path + " does not hold a JSON object");
  }
  std::map<std::string, std::string> out;
  for (auto it = parsed.begin(); it != parsed.end(); ++it) {
    if (!it.value().is_string())
      throw StorageCorrupt("storage file " + path + " holds a non-string value");
    out.emplace(it.key(), it.value().get<std::string>());
  }
  return out;
}

// Loads a namespace on first use: replays its log (cutting a torn tail), or converts a legacy
// file, or starts an empty log.
FileStorage::Space& FileStorage::space(const std::string& ns) {
  auto it = spaces_.find(ns);
  if (it != spaces_.end()) return *it->second;
  const std::string path = pathOf(ns);
  ::unlink((path + ".tmp").c_str());  // a compaction that never committed
  auto s = std::make_unique<Space>();
  s->path = path;
  if (std::optional<std::string> file = readFile(path)) {
    LogReplay replay;
    try {
      replay = replayLog(*file);
    } catch (const StorageCorrupt& e) {
      throw StorageCorrupt(path + ": " + e.what());
    }
    if (replay.torn_tail) {
      if (::truncate(path.c_str(), static_cast<off_t>(replay.valid_bytes)) != 0) {
        throw osError("cannot truncate", path);
      }
    }
    s->entries = std::move(replay.entries);
    s->log_bytes = replay.valid_bytes;
  } else {
    const std::string legacy = dir_ + "/" + ns + ".kv";
    s->entries = readLegacyFile(legacy);
    const std::string content = std::string(kLogHeader) + encodeSnapshotRecord(s->entries);
    replaceFile(dir_, path, content);
    ::unlink(legacy.c_str());
    s->log_bytes = content.size();
  }
  for (const auto& [key, value] : s->entries) s->live_bytes += entryBytes(key, value);
  s->fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (s->fd < 0) throw osError("cannot open", path);
  return *spaces_.emplace(ns, std::move(s)).first->second;
}

Task<std::optional<std::string>> FileStorage::get(std::string ns, std::string key) {
  Space& s = space(ns);
  auto it = s.entries.find(key);
  co_return it == s.entries.end() ? std::nullopt : std::optional<std::string>(it->second);
}

Task<StorageEntries> FileStorage::scanPrefix(std::string ns, std::string prefix) {
  co_return entriesWithPrefix(space(ns).entries, prefix);
}

Task<void> FileStorage::applyBatch(std::string ns, std::vector<StorageWrite> writes) {
  if (failed_) throw std::runtime_error("storage is unavailable after a failed write; restart");
  Space& s = space(ns);
  auto job = std::make_unique<Job>();
  job->space = &s;
  job->bytes = encodeLogRecord(writes);
  for (StorageWrite& w : writes) {
    auto found = s.entries.find(w.key);
    if (found != s.entries.end()) {
      s.live_bytes -= entryBytes(found->first, found->second);
      if (!w.value) s.entries.erase(found);
    }
    if (w.value) {
      s.live_bytes += entryBytes(w.key, *w.value);
      s.entries[w.key] = std::move(*w.value);
    }
  }
  s.log_bytes += job->bytes.size();
  if (s.log_bytes > kCompactAtBytes && s.log_bytes > 2 * s.live_bytes) {
    // The snapshot holds this batch too, so it replaces the append.
    job->bytes.clear();
    job->snapshot = s.entries;
    s.log_bytes = kLogHeader.size() + s.live_bytes;
  }
  // A named awaitable: GCC 12 destroys a temporary one in a co_await twice.
  WriteAwaitable write{[this](std::unique_ptr<Job> j) { enqueue(std::move(j)); }, std::move(job),
                       core_, nullptr};
  try {
    co_await write;
  } catch (...) {
    failed_ = true;  // memory is ahead of the disk now: refuse further writes
    throw;
  }
}

void FileStorage::enqueue(std::unique_ptr<Job> job) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
}

// Each round takes every queued job, appends (or compacts) in queue order, fsyncs each touched
// log once, then completes the jobs: group commit.
void FileStorage::writerLoop() {
  for (;;) {
    std::deque<std::unique_ptr<Job>> round;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // stopping and drained
      round.swap(jobs_);
    }
    std::set<Space*> touched;
    for (auto& job : round) {
      Space& s = *job->space;
      try {
        if (job->snapshot) {
          replaceFile(dir_, s.path, std::string(kLogHeader) + encodeSnapshotRecord(*job->snapshot));
          int fd = ::open(s.path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
          if (fd < 0) throw osError("cannot open", s.path);
          ::close(s.fd);
          s.fd = fd;
        } else {
          off_t before = ::lseek(s.fd, 0, SEEK_END);
          try {
            writeAll(s.fd, job->bytes, s.path);
          } catch (...) {
            if (before >= 0 && ::ftruncate(s.fd, before) != 0) { /* replay cuts the tail */
            }
            throw;
          }
          touched.insert(&s);
        }
      } catch (...) {
        job->error = std::current_exception();
      }
    }
    for (Space* s : touched) {
      if (::fsync(s->fd) == 0) continue;
      auto error = std::make_exception_ptr(osError("cannot fsync", dir_));
      for (auto& job : round) {
        if (job->space == s && !job->error) job->error = error;
      }
    }
    for (auto& job : round) job->done(job->error);
  }
}

}  // namespace walletd
