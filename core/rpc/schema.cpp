// Schema text helpers: how field types, defaults and notes are written in the TypeScript docs.
#include "core/rpc/schema.h"

#include <algorithm>
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

namespace {
// The object a field or check belongs to, reached from the outermost object through `ps`.
void* reach(void* out, const std::vector<Projection>& ps) {
  for (const Projection& p : ps) out = p.apply(out, p.how);
  return out;
}
}  // namespace

void SchemaShape::readInto(void* out, ParamsReader& r) const {
  if (!one_of_.empty()) checkExactlyOne(r, one_of_);
  for (const FieldRead& f : fields_) {
    const Json* v = r.field(f.key);
    void* target = reach(out, f.projections);
    if (v && !(f.null_is_absent && v->is_null())) {
      f.read(target, f, *v, r.fieldPath(f.key));
    } else if (f.absent == FieldRead::Absent::Missing) {
      throwInvalidParams(r.path() + ": missing field `" + f.key + "`");
    } else if (f.absent == FieldRead::Absent::Default) {
      f.store_default(target, f, r.fieldPath(f.key));
    }
  }
  for (const CheckRead& c : checks_) c.call(reach(out, c.projections), c.fn, r);
}

std::vector<std::string> SchemaShape::keys() const {
  std::vector<std::string> out;
  for (const auto& [key, declaration] : decls_) out.push_back(key);
  return out;
}

std::vector<std::string> TaggedShape::keys() const {
  std::vector<std::string> out{tag_};
  for (const auto& variant : variants_) {
    for (const std::string& key : variant.second.keys())
      if (std::find(out.begin(), out.end(), key) == out.end()) out.push_back(key);
  }
  return out;
}

void SchemaShape::addField(std::string key, std::string declaration, FieldRead field) {
  decls_.emplace_back(std::move(key), std::move(declaration));
  fields_.push_back(std::move(field));
}

void SchemaShape::addMember(const MemberDecl& decl, decltype(FieldRead::read) read,
                            ErasedBytes member, void (*check)(), const std::string& shown_default) {
  const bool optional = decl.absent != FieldRead::Absent::Missing;
  addField(decl.key, fieldDeclaration(decl.key, optional, decl.type(), shown_default, decl.note),
           {decl.key, decl.absent, decl.null_is_absent, read, nullptr, member, check, nullptr, {}});
}

void SchemaShape::setDefault(decltype(FieldRead::store_default) store,
                             std::shared_ptr<const void> value) {
  fields_.back().store_default = store;
  fields_.back().extra = std::move(value);
}

void SchemaShape::addObjectField(const char* key, const std::string& type,
                                 decltype(FieldRead::read) read,
                                 std::shared_ptr<const void> inner) {
  addField(
      key, std::string(key) + ": " + type,
      {key, FieldRead::Absent::Missing, false, read, nullptr, {}, nullptr, std::move(inner), {}});
}

void SchemaShape::appendShape(const SchemaShape& other) {
  decls_.insert(decls_.end(), other.decls_.begin(), other.decls_.end());
  fields_.insert(fields_.end(), other.fields_.begin(), other.fields_.end());
  checks_.insert(checks_.end(), other.checks_.begin(), other.checks_.end());
}

void SchemaShape::project(const Projection& p) {
  for (FieldRead& f : fields_) f.projections.insert(f.projections.begin(), p);
  for (CheckRead& c : checks_) c.projections.insert(c.projections.begin(), p);
}

void readNestedField(void* target, const FieldRead& f, const Json& v, const std::string& path) {
  const auto& inner = *static_cast<const SchemaShape*>(f.extra.get());
  ParamsReader sub(v, path, false);
  inner.readInto(target, sub);
  inner.finishRead(sub);
}

void readTaggedField(void* target, const FieldRead& f, const Json& v, const std::string& path) {
  ParamsReader sub(v, path, false);
  static_cast<const TaggedShape*>(f.extra.get())->readInto(target, sub);
}

void TaggedShape::readInto(void* out, ParamsReader& r) const {
  const Json* v = r.field(tag_.c_str());
  if (!v) throwInvalidParams(r.path() + ": missing field `" + tag_ + "`");
  const std::string name = decodeString(*v, r.fieldPath(tag_.c_str()));
  for (const auto& [variant, fields] : variants_) {
    if (variant != name) continue;
    fields.readInto(out, r);
    fields.finishRead(r);
    set_tag_(reach(out, tag_projections_), tag_member_, name);
    return;
  }
  throwInvalidParams(r.fieldPath(tag_.c_str()) + ": unknown variant `" + name.substr(0, 60) +
                     "`, expected " + expected());
}

std::string TaggedShape::ts() const {
  std::string out;
  for (const auto& [name, fields] : variants_)
    out += (out.empty() ? "" : " | ") + fields.tsAfter(tag_ + ": \"" + name + "\"");
  return out;
}

std::string TaggedShape::expected() const {
  std::vector<std::string> names;
  for (const auto& v : variants_) names.push_back(v.first);
  return listExpected(names);
}

void TaggedShape::project(const Projection& p) {
  for (auto& variant : variants_) variant.second.project(p);
  tag_projections_.insert(tag_projections_.begin(), p);
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

std::string SchemaShape::tsAfter(const std::string& lead) const {
  const auto joined = [&lead](const std::string& rest) {
    return lead.empty() ? rest : rest.empty() ? lead : lead + "; " + rest;
  };
  if (one_of_.empty()) return tsBraces(joined(fieldsTs()));
  std::string out;
  for (const auto& alternative : one_of_) {
    std::string shape = joined(fieldsTs());
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
