// FileStorage: the daemon's Storage. Each namespace is one file `<dbdir>/<ns>.kv`: a header line
// with the SHA-256 of the body, then the body (a JSON object of key -> value). A batch writes a
// complete new file to `<ns>.kv.tmp`, fsyncs it, renames it over the old one and fsyncs the
// directory, so after a crash the file is either the old or the new version, never a mix, and a
// batch whose Task completed is on disk. A file whose checksum does not match is refused.
#pragma once

#include <map>
#include <stdexcept>
#include <string>

#include "core/platform/storage.h"

namespace walletd {

struct StorageCorrupt : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class FileStorage : public Storage {
 public:
  // Creates `dir` if needed; throws std::runtime_error when it cannot be used.
  explicit FileStorage(std::string dir);

  Task<std::optional<std::string>> get(std::string ns, std::string key) override;
  Task<StorageEntries> scanPrefix(std::string ns, std::string prefix) override;
  Task<void> applyBatch(std::string ns, std::vector<StorageWrite> writes) override;

  // Reads and verifies a namespace file; throws StorageCorrupt. Public for tests and tools.
  static std::map<std::string, std::string> readNamespaceFile(const std::string& path);

 private:
  using Space = std::map<std::string, std::string>;
  Space& space(const std::string& ns);
  void writeNamespace(const std::string& ns, const Space& content);
  std::string pathOf(const std::string& ns) const;

  std::string dir_;
  std::map<std::string, Space> loaded_;
};

}  // namespace walletd
