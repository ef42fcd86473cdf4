// Parsing the method table's TypeScript subset, and checking JSON values against it.
#include "core/rpc/ts_type.h"

#include <cctype>
#include <stdexcept>

namespace walletd {
namespace {

using TypePtr = std::shared_ptr<const TsType>;

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  TypePtr whole() {
    TypePtr type = unionType();
    skip();
    if (pos_ != text_.size()) fail("unexpected text");
    return type;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument(what + " at " + std::to_string(pos_) +
                                " in: " + std::string(text_));
  }
  void skip() {
    for (;;) {
      while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
      if (text_.substr(pos_, 2) != "/*") return;
      const std::size_t end = text_.find("*/", pos_ + 2);
      if (end == std::string_view::npos) fail("unterminated comment");
      pos_ = end + 2;
    }
  }
  bool eat(char c) {
    skip();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!eat(c)) fail(std::string("'") + c + "' expected");
  }
  std::string identifier() {
    skip();
    const std::size_t start = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) ||
                                   text_[pos_] == '_' || text_[pos_] == '$'))
      ++pos_;
    if (start == pos_) fail("a name expected");
    return std::string(text_.substr(start, pos_ - start));
  }
  std::string quoted() {
    skip();
    const char quote = text_[pos_++];
    const std::size_t end = text_.find(quote, pos_);
    if (end == std::string_view::npos) fail("unterminated string");
    std::string out(text_.substr(pos_, end - pos_));
    pos_ = end + 1;
    return out;
  }
  static TypePtr make(TsType::Kind kind, std::vector<TypePtr> parts = {}, std::string text = {}) {
    auto t = std::make_shared<TsType>();
    t->kind = kind;
    t->parts = std::move(parts);
    t->text = std::move(text);
    return t;
  }

  TypePtr unionType() {
    eat('|');  // a leading bar, as in multi-line unions
    std::vector<TypePtr> parts{intersection()};
    while (eat('|')) parts.push_back(intersection());
    return parts.size() == 1 ? parts[0] : make(TsType::Kind::Union, std::move(parts));
  }
  TypePtr intersection() {
    std::vector<TypePtr> parts{postfix()};
    while (eat('&')) parts.push_back(postfix());
    return parts.size() == 1 ? parts[0] : make(TsType::Kind::Intersection, std::move(parts));
  }
  TypePtr postfix() {
    TypePtr type = primary();
    for (;;) {
      skip();
      if (text_.substr(pos_, 2) != "[]") return type;
      pos_ += 2;
      type = make(TsType::Kind::Array, {type});
    }
  }
  TypePtr primary() {
    skip();
    if (pos_ >= text_.size()) fail("a type expected");
    const char c = text_[pos_];
    if (c == '(') {
      ++pos_;
      TypePtr inner = unionType();
      expect(')');
      return inner;
    }
    if (c == '{') return shape();
    if (c == '"' || c == '\'') return make(TsType::Kind::Literal, {}, quoted());
    const std::string name = identifier();
    if (name == "string") return make(TsType::Kind::String);
    if (name == "number") return make(TsType::Kind::Number);
    if (name == "boolean") return make(TsType::Kind::Boolean);
    if (name == "null") return make(TsType::Kind::Null);
    if (name == "object") return make(TsType::Kind::Object);
    if (name == "unknown" || name == "any") return make(TsType::Kind::Unknown);
    if (name == "Record") {
      expect('<');
      if (identifier() != "string") fail("Record<string, T> expected");
      expect(',');
      TypePtr value = unionType();
      expect('>');
      return make(TsType::Kind::Record, {value});
    }
    return make(TsType::Kind::Named, {}, name);
  }
  TypePtr shape() {
    expect('{');
    auto t = std::make_shared<TsType>();
    t->kind = TsType::Kind::Shape;
    while (!eat('}')) {
      skip();
      TsType::Field field;
      if (eat('[')) {  // an index signature, [name: string]: T: the keys not named, kept as "[]"
        identifier();
        expect(':');
        if (identifier() != "string") fail("[key: string] expected");
        expect(']');
        field.name = "[]";
        field.optional = true;
      } else {
        field.name = text_[pos_] == '"' || text_[pos_] == '\'' ? quoted() : identifier();
        field.optional = eat('?');
      }
      expect(':');
      field.type = unionType();
      t->fields.push_back(std::move(field));
      if (!eat(';')) eat(',');
    }
    return t;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

std::string kindOf(const Json& v) {
  if (v.is_string()) return "a string";
  if (v.is_number()) return "a number";
  if (v.is_boolean()) return "a boolean";
  if (v.is_null()) return "null";
  if (v.is_array()) return "an array";
  return "an object";
}

std::optional<std::string> wrong(const std::string& path, const Json& v, const std::string& want) {
  return path + ": " + kindOf(v) + " where the type says " + want;
}

// The value against one object shape: every required key, no key the shape does not name.
std::optional<std::string> shapeMismatch(const std::vector<TsType::Field>& fields, const Json& v,
                                         const TsType::Resolver& named, const std::string& path) {
  if (!v.is_object()) return wrong(path, v, "an object");
  const TsType* index = nullptr;  // the type of the keys not named, when there is a signature
  for (const TsType::Field& f : fields) {
    if (f.name == "[]") index = f.type.get();
    if (f.name == "[]") continue;
    auto it = v.find(f.name);
    if (it == v.end()) {
      if (!f.optional) return path + "." + f.name + ": missing";
      continue;
    }
    if (auto m = f.type->mismatch(*it, named, path + "." + f.name)) return m;
  }
  for (const auto& [key, value] : v.items()) {
    bool declared = false;
    for (const TsType::Field& f : fields) declared = declared || f.name == key;
    if (declared) continue;
    if (!index) return path + "." + key + ": not in the declared type";
    if (auto m = index->mismatch(value, named, path + "." + key)) return m;
  }
  return std::nullopt;
}

}  // namespace

std::shared_ptr<const TsType> TsType::parse(std::string_view text) {
  return Parser(text).whole();
}

std::vector<std::vector<TsType::Field>> TsType::objectShapes(const Resolver& named) const {
  switch (kind) {
    case Kind::Shape:
      return {fields};
    case Kind::Named: {
      const TsType* definition = named(text);
      return definition ? definition->objectShapes(named) : std::vector<std::vector<Field>>{};
    }
    case Kind::Union: {
      std::vector<std::vector<Field>> out;
      for (const auto& part : parts) {
        auto more = part->objectShapes(named);
        if (more.empty()) return {};
        out.insert(out.end(), more.begin(), more.end());
      }
      return out;
    }
    case Kind::Intersection: {
      std::vector<std::vector<Field>> out{{}};
      for (const auto& part : parts) {
        const auto alternatives = part->objectShapes(named);
        if (alternatives.empty()) return {};
        std::vector<std::vector<Field>> merged;
        for (const auto& left : out) {
          for (const auto& right : alternatives) {
            merged.push_back(left);
            merged.back().insert(merged.back().end(), right.begin(), right.end());
          }
        }
        out = std::move(merged);
      }
      return out;
    }
    default:
      return {};
  }
}

bool TsType::hasPath(const std::vector<std::string>& path, const Resolver& named,
                     std::size_t at) const {
  if (at == path.size()) return true;
  const std::string& step = path[at];
  switch (kind) {
    case Kind::Object:
    case Kind::Unknown:
      return true;
    case Kind::Named: {
      const TsType* definition = named(text);
      return definition != nullptr && definition->hasPath(path, named, at);
    }
    case Kind::Union:
    case Kind::Intersection:
      for (const auto& part : parts) {
        if (part->hasPath(path, named, at)) return true;
      }
      return false;
    case Kind::Array:
      return step == "[]" && parts[0]->hasPath(path, named, at + 1);
    case Kind::Record:
      return step != "[]" && parts[0]->hasPath(path, named, at + 1);
    case Kind::Shape:
      for (const Field& field : fields) {
        if ((field.name == step && step != "[]") || field.name == "[]") {
          if (field.type->hasPath(path, named, at + 1)) return true;
        }
      }
      return false;
    default:
      return false;
  }
}

std::optional<std::string> TsType::mismatch(const Json& v, const Resolver& named,
                                            const std::string& path) const {
  switch (kind) {
    case Kind::String:
      return v.is_string() ? std::nullopt : wrong(path, v, "string");
    case Kind::Number:
      return v.is_number() ? std::nullopt : wrong(path, v, "number");
    case Kind::Boolean:
      return v.is_boolean() ? std::nullopt : wrong(path, v, "boolean");
    case Kind::Null:
      return v.is_null() ? std::nullopt : wrong(path, v, "null");
    case Kind::Object:
      return v.is_object() ? std::nullopt : wrong(path, v, "object");
    case Kind::Unknown:
      return std::nullopt;
    case Kind::Literal:
      if (v.is_string() && v.get<std::string>() == text) return std::nullopt;
      return path + ": " + v.dump().substr(0, 60) + " where the type says \"" + text + "\"";
    case Kind::Shape:
      return shapeMismatch(fields, v, named, path);
    case Kind::Array: {
      if (!v.is_array()) return wrong(path, v, "an array");
      for (std::size_t i = 0; i < v.size(); ++i)
        if (auto m = parts[0]->mismatch(v[i], named, path + "[" + std::to_string(i) + "]"))
          return m;
      return std::nullopt;
    }
    case Kind::Record: {
      if (!v.is_object()) return wrong(path, v, "a Record");
      for (const auto& [key, value] : v.items())
        if (auto m = parts[0]->mismatch(value, named, path + "." + key)) return m;
      return std::nullopt;
    }
    case Kind::Named: {
      const TsType* definition = named(text);
      if (!definition) return path + ": the type " + text + " is not declared";
      return definition->mismatch(v, named, path);
    }
    case Kind::Union: {
      std::string reasons;
      for (const auto& part : parts) {
        auto m = part->mismatch(v, named, path);
        if (!m) return std::nullopt;
        reasons += (reasons.empty() ? "" : "; or ") + *m;
      }
      return path + ": none of the union's types (" + reasons.substr(0, 400) + ")";
    }
    case Kind::Intersection: {
      const auto alternatives = objectShapes(named);
      if (alternatives.empty()) return path + ": an intersection of types that are not objects";
      std::string reasons;
      for (const auto& fields_of : alternatives) {
        auto m = shapeMismatch(fields_of, v, named, path);
        if (!m) return std::nullopt;
        reasons += (reasons.empty() ? "" : "; or ") + *m;
      }
      return reasons.substr(0, 400);
    }
  }
  return std::nullopt;
}

}  // namespace walletd
