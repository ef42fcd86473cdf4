// FileStorage implementation (POSIX).
#include "host-native/file_storage.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"
#include "core/rpc/json.h"

namespace walletd {

namespace {

constexpr const char* kMagic = "WALLETD-KV 1 ";

std::runtime_error osError(const std::string& what, const std::string& path) {
  return std::runtime_error(what + " " + path + ": " + std::strerror(errno));
}

void writeAll(int fd, const std::string& data, const std::string& path) {
  std::size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw osError("cannot write", path);
    done += static_cast<std::size_t>(n);
  }
}

void fsyncPath(const std::string& path, int flags) {
  int fd = ::open(path.c_str(), flags);
  if (fd < 0) throw osError("cannot open", path);
  int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0) throw osError("cannot fsync", path);
}

bool validNamespace(const std::string& ns) {
  if (ns.empty() || ns.size() > 64) return false;
  for (char c : ns) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return true;
}

}  // namespace

FileStorage::FileStorage(std::string dir) : dir_(std::move(dir)) {
  if (::mkdir(dir_.c_str(), 0700) != 0 && errno != EEXIST) throw osError("cannot create", dir_);
  struct stat st {};
  if (::stat(dir_.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    throw std::runtime_error("dbdir " + dir_ + " is not a directory");
  }
  if (::access(dir_.c_str(), W_OK) != 0) throw osError("cannot write to", dir_);
}

std::string FileStorage::pathOf(const std::string& ns) const {
  if (!validNamespace(ns)) throw std::invalid_argument("invalid storage namespace: " + ns);
  return dir_ + "/" + ns + ".kv";
}

std::map<std::string, std::string> FileStorage::readNamespaceFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  const std::size_t newline = text.find('\n');
  const std::string magic = kMagic;
  if (newline == std::string::npos || text.compare(0, magic.size(), magic) != 0) {
    throw StorageCorrupt("storage file " + path + " has no valid header");
  }
  const std::string checksum = text.substr(magic.size(), newline - magic.size());
  const std::string body = text.substr(newline + 1);
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

FileStorage::Space& FileStorage::space(const std::string& ns) {
  auto it = loaded_.find(ns);
  if (it != loaded_.end()) return it->second;
  const std::string path = pathOf(ns);
  ::unlink((path + ".tmp").c_str());  // a batch that never committed
  return loaded_.emplace(ns, readNamespaceFile(path)).first->second;
}

void FileStorage::writeNamespace(const std::string& ns, const Space& content) {
  Json object = Json::object();
  for (const auto& [key, value] : content) object[key] = value;
  const std::string body = object.dump(-1, ' ', false, Json::error_handler_t::replace);
  const std::string file = kMagic + toHex(sha256Bytes(asBytes(body))) + "\n" + body;
  const std::string path = pathOf(ns);
  const std::string tmp = path + ".tmp";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) throw osError("cannot create", tmp);
  try {
    writeAll(fd, file, tmp);
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
  fsyncPath(dir_, O_RDONLY | O_DIRECTORY);
}

Task<std::optional<std::string>> FileStorage::get(std::string ns, std::string key) {
  Space& s = space(ns);
  auto it = s.find(key);
  co_return it == s.end() ? std::nullopt : std::optional<std::string>(it->second);
}

Task<StorageEntries> FileStorage::scanPrefix(std::string ns, std::string prefix) {
  co_return entriesWithPrefix(space(ns), prefix);
}

// Runs on the core thread and blocks it for the fsyncs: simple and strictly ordered. A storage
// thread can take this over when write volume needs it.
Task<void> FileStorage::applyBatch(std::string ns, std::vector<StorageWrite> writes) {
  Space next = space(ns);
  for (auto& w : writes) {
    if (w.value) {
      next[w.key] = std::move(*w.value);
    } else {
      next.erase(w.key);
    }
  }
  writeNamespace(ns, next);
  loaded_[ns] = std::move(next);
  co_return;
}

}  // namespace walletd
