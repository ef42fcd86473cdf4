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

// Wraps a type text for `T[]`: bare names stay bare, anything else is parenthesized.
std::string tsArrayOf(const std::string& element);

// How one field's JSON becomes its C++ value, and the field's TypeScript type. The general case
// is a type of its own: `F::fromJson(json, path)` and `F::tsType()` (usually a declared name).
template <typename F, typename = void>
struct FieldCodec {
  static F decode(const Json& v, const std::string& path) { return F::fromJson(v, path); }
  static std::string ts() { return F::tsType(); }
};
// A type with a schema of its own: read by it, and described by it unless the type has a
// declared name (`tsType()`).
template <typename F>
struct FieldCodec<F, std::void_t<decltype(F::schema())>> {
  static F decode(const Json& v, const std::string& path) { return F::schema().fromJson(v, path); }
  static std::string ts() {
    if constexpr (requires { F::tsType(); }) {
      return F::tsType();
    } else {
      return F::schema().ts();
    }
  }
};
template <>
struct FieldCodec<std::string> {
  static std::string decode(const Json& v, const std::string& p) { return decodeString(v, p); }
  static std::string ts() { return "string"; }
};
template <>
struct FieldCodec<bool> {
  static bool decode(const Json& v, const std::string& p) { return decodeBool(v, p); }
  static std::string ts() { return "boolean"; }
};
template <>
struct FieldCodec<std::uint32_t> {
  static std::uint32_t decode(const Json& v, const std::string& p) {
    return static_cast<std::uint32_t>(decodeUnsigned(v, p, UINT32_MAX));
  }
  static std::string ts() { return "number"; }
};
template <>
struct FieldCodec<std::uint64_t> {
  static std::uint64_t decode(const Json& v, const std::string& p) {
    return decodeUnsigned(v, p, UINT64_MAX);
  }
  static std::string ts() { return "number"; }
};
template <>
struct FieldCodec<Decimal> {
  static Decimal decode(const Json& v, const std::string& p) { return decodeDecimal(v, p); }
  static std::string ts() { return "Decimal"; }
};
// Any JSON object, read by the handler itself (a transaction, a custom token's protocol).
template <>
struct FieldCodec<Json> {
  static Json decode(const Json& v, const std::string&) { return v; }
  static std::string ts() { return "object"; }
};
// An array of any field type: `T[]`, elements named `path[i]` in errors.
template <typename E>
struct FieldCodec<std::vector<E>> {
  static std::vector<E> decode(const Json& v, const std::string& path) {
    if (!v.is_array())
      throwInvalidParams(path + ": invalid type: " + describeJsonType(v) + ", expected a sequence");
    std::vector<E> out;
    out.reserve(v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
      out.push_back(FieldCodec<E>::decode(v[i], path + "[" + std::to_string(i) + "]"));
    return out;
  }
  static std::string ts();
};

// An array of strings: the decoder above, with its message ("expected an array of strings").
template <>
struct FieldCodec<std::vector<std::string>> {
  static std::vector<std::string> decode(const Json& v, const std::string& p) {
    return decodeStringArray(v, p);
  }
  static std::string ts() { return "string[]"; }
};

template <typename E>
std::string FieldCodec<std::vector<E>>::ts() {
  return tsArrayOf(FieldCodec<E>::ts());
}

template <typename T>
T ParamsReader::decode(const Json& v, const char* key) const {
  return FieldCodec<T>::decode(v, fieldPath(key));
}

}  // namespace walletd
