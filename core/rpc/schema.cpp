// Schema text helpers: how field types, defaults and notes are written in the TypeScript docs.
#include "core/rpc/schema.h"

#include <cstdio>

namespace walletd {

std::string tsArrayOf(const std::string& element) {
  int depth = 0;  // a union or intersection outside braces needs parentheses
  for (char c : element) {
    depth += (c == '{' || c == '(' || c == '<') - (c == '}' || c == ')' || c == '>');
    if (depth == 0 && (c == '|' || c == '&')) return "(" + element + ")[]";
  }
  return element + "[]";
}

std::string tsFieldComment(const std::string& default_text, const char* note) {
  std::string text = default_text.empty() ? "" : "default " + default_text;
  if (note && *note) text += (text.empty() ? "" : ", ") + std::string(note);
  return text.empty() ? "" : " /* " + text + " */";
}

std::string showDefault(const std::string& v) {
  return Json(v).dump();
}
std::string showDefault(bool v) {
  return v ? "true" : "false";
}
std::string showDefault(std::uint64_t v) {
  return std::to_string(v);
}
std::string showDefault(const Decimal& v) {
  return v.str();
}

std::string showDefault(const Json& v) {
  return v.dump();
}

std::string showDefault(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

std::string tsBraces(const std::string& fields) {
  return fields.empty() ? "{}" : "{ " + fields + " }";
}

// serde's wording: "`a`", "`a` or `b`", "one of `a`, `b`, `c`".
std::string listExpected(const std::vector<std::string>& names) {
  if (names.size() == 2) return "`" + names[0] + "` or `" + names[1] + "`";
  std::string out;
  for (const auto& name : names) out += (out.empty() ? "`" : ", `") + name + "`";
  return names.size() > 2 ? "one of " + out : out;
}

void checkExactlyOne(const ParamsReader& r, const std::vector<std::string>& keys) {
  int present = 0;
  for (const auto& k : keys) present += r.has(k.c_str()) && !r.source()[k].is_null() ? 1 : 0;
  if (present == 1) return;
  std::string names;
  for (std::size_t i = 0; i < keys.size(); ++i)
    names += (i == 0 ? "`" : i + 1 == keys.size() ? " and `" : ", `") + keys[i] + "`";
  throwInvalidParams(r.path() + ": expected exactly one of " + names);
}

}  // namespace walletd

namespace walletd {

std::string fieldDeclaration(const char* key, bool optional, const std::string& type,
                             const std::string& default_text, const char* note) {
  return std::string(key) + (optional ? "?: " : ": ") + type + tsFieldComment(default_text, note);
}

void SchemaShape::checkOneOf(const ParamsReader& r) const {
  if (!one_of_.empty()) checkExactlyOne(r, one_of_);
}

void SchemaShape::finishRead(ParamsReader& r) const {
  if (unknown_ == UnknownFields::Deny) {
    r.rejectUnknown();
  } else {
    r.ignoreUnknown();
  }
}

std::string SchemaShape::fieldsTs(const std::string& except) const {
  std::string out;
  for (const auto& [key, declaration] : decls_) {
    bool other_alternative = key == except;
    for (const auto& k : one_of_) other_alternative = other_alternative || k == key;
    if (other_alternative) continue;
    out += (out.empty() ? "" : "; ") + declaration;
  }
  if (unknown_ == UnknownFields::Open)
    out += (out.empty() ? "" : "; ") + std::string("[other: string]: unknown") +
           tsFieldComment("", open_note_.empty() ? nullptr : open_note_.c_str());
  return out;
}

std::string SchemaShape::ts() const {
  if (one_of_.empty()) return tsBraces(fieldsTs());
  std::string out;
  for (const auto& alternative : one_of_) {
    std::string shape = fieldsTs();
    for (const auto& [key, declaration] : decls_) {
      if (key != alternative) continue;
      std::string decl = declaration;
      const auto q = decl.find("?:");
      if (q == key.size()) decl.erase(q, 1);  // required in its own shape
      shape += (shape.empty() ? "" : "; ") + decl;
    }
    out += (out.empty() ? "" : " | ") + tsBraces(shape);
  }
  return out;
}

}  // namespace walletd
