// ParamsReader: strict parsing of a JSON object into a params type. Wrong types, missing required
// fields and unknown fields raise InvalidRequest with a message naming the field, in the style of
// serde ("missing field `name`"), so handlers never see raw JSON.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/encoding/decimal.h"
#include "core/rpc/json.h"
#include "core/rpc/rpc_error.h"

namespace walletd {

// Raises InvalidRequest("Error parsing request: <detail>") with error_data = detail.
[[noreturn]] void throwInvalidParams(const std::string& detail,
                                     SourceLocation where = SourceLocation::current());

// JSON type name as used in messages: "a string", "an integer", ...
std::string describeJsonType(const Json& value);

// While one lives, every field any ParamsReader of this thread asks for is recorded with its
// whole path ("params.nodes[0].url"): the dispatcher checks nested parsed fields against the
// declared params type too (result_type_check.h). Logs nest; the innermost records.
class ParamsAskLog {
 public:
  ParamsAskLog();
  ~ParamsAskLog();
  ParamsAskLog(const ParamsAskLog&) = delete;
  ParamsAskLog& operator=(const ParamsAskLog&) = delete;
  const std::set<std::string>& paths() const { return paths_; }
  // Records `reader_path`.`key` when a log lives; builds nothing otherwise (every parse calls it).
  static void record(const std::string& reader_path, const char* key);

 private:
  std::set<std::string> paths_;
  ParamsAskLog* previous_;
};

class ParamsReader {
 public:
  // `value` must be an object; `null` is read as an empty object when `null_is_empty`.
  ParamsReader(const Json& value, std::string path, bool null_is_empty = true);

  template <typename T>
  T required(const char* key) {
    const Json* v = take(key);
    if (!v) throwInvalidParams(at() + "missing field `" + std::string(key) + "`");
    return decode<T>(*v, key);
  }
  template <typename T>
  std::optional<T> optional(const char* key) {
    const Json* v = take(key);
    if (!v || v->is_null()) return std::nullopt;
    return decode<T>(*v, key);
  }
  template <typename T>
  T optionalOr(const char* key, T fallback) {
    auto v = optional<T>(key);
    return v ? std::move(*v) : std::move(fallback);
  }
  // A nested object field, read with its own reader.
  ParamsReader object(const char* key);
  bool has(const char* key) const;
  // The field's value (null when absent), recorded as asked for: what a schema reads through.
  const Json* field(const char* key) { return take(key); }
  // Rejects fields that no read asked for. Call after the last read.
  void rejectUnknown(std::initializer_list<const char*> also_allowed = {}) const;
  // KDF's serde default for most params types: fields no read asked for are ignored (logged at
  // debug level, names only) and count as read. Call after the last read.
  void ignoreUnknown();

  const std::string& path() const { return path_; }
  // The fields the reads so far asked for (present or not); before ignoreUnknown, the fields
  // the params type reads.
  const std::set<std::string>& asked() const { return seen_; }
  const Json& source() const { return *object_; }
  std::string fieldPath(const char* key) const { return path_ + "." + key; }

  template <typename T>
  T decode(const Json& v, const char* key) const;

 private:
  const Json* take(const char* key);
  std::string at() const { return path_ + ": "; }

  const Json* object_;
  std::string path_;
  std::set<std::string> seen_;
};

// Typed field decoders; each raises InvalidRequest naming `path` on a mismatch.
std::string decodeString(const Json& v, const std::string& path);
bool decodeBool(const Json& v, const std::string& path);
std::uint64_t decodeUnsigned(const Json& v, const std::string& path, std::uint64_t max);
std::vector<std::string> decodeStringArray(const Json& v, const std::string& path);
Decimal decodeDecimal(const Json& v, const std::string& path);

template <typename T>
T ParamsReader::decode(const Json& v, const char* key) const {
  const std::string p = fieldPath(key);
  if constexpr (std::is_same_v<T, std::string>) {
    return decodeString(v, p);
  } else if constexpr (std::is_same_v<T, bool>) {
    return decodeBool(v, p);
  } else if constexpr (std::is_same_v<T, std::uint32_t>) {
    return static_cast<std::uint32_t>(decodeUnsigned(v, p, UINT32_MAX));
  } else if constexpr (std::is_same_v<T, std::uint64_t>) {
    return decodeUnsigned(v, p, UINT64_MAX);
  } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
    return decodeStringArray(v, p);
  } else if constexpr (std::is_same_v<T, Decimal>) {
    return decodeDecimal(v, p);
  } else if constexpr (std::is_same_v<T, Json>) {
    return v;
  } else {
    return T::fromJson(v, p);  // a params type of its own
  }
}

}  // namespace walletd
