// ParamsReader implementation and the primitive decoders.
#include "core/rpc/params_reader.h"

#include "core/platform/log.h"

namespace walletd {

void throwInvalidParams(const std::string& detail, SourceLocation where) {
  throw rpcError(CommonError::InvalidRequest, "Error parsing request: " + detail, Json(detail),
                 where);
}

std::string describeJsonType(const Json& value) {
  switch (value.type()) {
    case Json::value_t::null:
      return "null";
    case Json::value_t::boolean:
      return "a boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
      return "an integer";
    case Json::value_t::number_float:
      return "a floating-point number";
    case Json::value_t::string:
      return "a string";
    case Json::value_t::array:
      return "an array";
    case Json::value_t::object:
      return "an object";
    default:
      return "an unsupported value";
  }
}

namespace {
const Json& emptyObject() {
  static const Json empty = Json::object();
  return empty;
}
[[noreturn]] void wrongType(const Json& v, const std::string& path, const char* expected) {
  throwInvalidParams(path + ": invalid type: " + describeJsonType(v) + ", expected " + expected);
}
}  // namespace

namespace {
thread_local ParamsAskLog* current_ask_log = nullptr;
}  // namespace

ParamsAskLog::ParamsAskLog() : previous_(current_ask_log) {
  current_ask_log = this;
}

ParamsAskLog::~ParamsAskLog() {
  current_ask_log = previous_;
}

void ParamsAskLog::record(const std::string& reader_path, const char* key) {
  if (current_ask_log != nullptr) current_ask_log->paths_.insert(reader_path + "." + key);
}

ParamsReader::ParamsReader(const Json& value, std::string path, bool null_is_empty)
    : object_(&value), path_(std::move(path)) {
  if (value.is_null() && null_is_empty) {
    object_ = &emptyObject();
  } else if (!value.is_object()) {
    wrongType(value, path_, "an object");
  }
}

const Json* ParamsReader::take(const char* key) {
  seen_.insert(key);
  ParamsAskLog::record(path_, key);
  auto it = object_->find(key);
  return it == object_->end() ? nullptr : &*it;
}

bool ParamsReader::has(const char* key) const {
  return object_->contains(key);
}

ParamsReader ParamsReader::object(const char* key) {
  const Json* v = take(key);
  if (!v) throwInvalidParams(at() + "missing field `" + std::string(key) + "`");
  return ParamsReader(*v, fieldPath(key), false);
}

void ParamsReader::rejectUnknown(std::initializer_list<const char*> also_allowed) const {
  for (auto it = object_->begin(); it != object_->end(); ++it) {
    const std::string& key = it.key();
    if (seen_.count(key)) continue;
    bool allowed = false;
    for (const char* a : also_allowed) allowed = allowed || key == a;
    if (allowed) continue;
    std::string expected;
    for (const auto& s : seen_) expected += (expected.empty() ? "`" : ", `") + s + "`";
    throwInvalidParams(at() + "unknown field `" + key + "`" +
                       (expected.empty() ? std::string(", there are no fields")
                                         : ", expected one of " + expected));
  }
}

void ParamsReader::ignoreUnknown() {
  for (auto it = object_->begin(); it != object_->end(); ++it) {
    if (seen_.insert(it.key()).second)
      logDebug(at() + "ignored unknown field `" + it.key().substr(0, 60) + "`");
  }
}

std::string decodeString(const Json& v, const std::string& path) {
  if (!v.is_string()) wrongType(v, path, "a string");
  return v.get<std::string>();
}

bool decodeBool(const Json& v, const std::string& path) {
  if (!v.is_boolean()) wrongType(v, path, "a boolean");
  return v.get<bool>();
}

std::uint64_t decodeUnsigned(const Json& v, const std::string& path, std::uint64_t max) {
  if (v.is_number_integer() && v.get<std::int64_t>() < 0) {
    throwInvalidParams(path + ": invalid value: " + v.dump() + ", expected a non-negative integer");
  }
  if (!v.is_number_unsigned() && !v.is_number_integer()) wrongType(v, path, "an unsigned integer");
  std::uint64_t n = v.get<std::uint64_t>();
  if (n > max) {
    throwInvalidParams(path + ": invalid value: " + v.dump() + ", expected an integer at most " +
                       std::to_string(max));
  }
  return n;
}

std::vector<std::string> decodeStringArray(const Json& v, const std::string& path) {
  if (!v.is_array()) wrongType(v, path, "an array of strings");
  std::vector<std::string> out;
  out.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    out.push_back(decodeString(v[i], path + "[" + std::to_string(i) + "]"));
  }
  return out;
}

Decimal decodeDecimal(const Json& v, const std::string& path) {
  if (!v.is_string() && !v.is_number()) wrongType(v, path, "a decimal number or string");
  auto decimal = Decimal::fromJson(v);
  if (!decimal) {
    throwInvalidParams(path + ": invalid value: " + v.dump().substr(0, 120) +
                       ", expected a decimal number such as \"12.34\" (at most 100 characters)");
  }
  return *decimal;
}

}  // namespace walletd
