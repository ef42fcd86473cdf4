// Schema: a params type declared once. Its fields bind to members of the C++ type; parsing,
// defaults, per-field checks, the unknown-field policy (KDF's serde attributes, per type) and the
// TypeScript type in docs/methods.md and js/src/methods.d.ts all come from that one declaration,
// so the docs cannot drift from the parser. A params type P of a method has
// `static const ObjectSchema<P>& schema()` (or a TaggedSchema); method_table.h reads nothing else.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/crypto/secret.h"
#include "core/encoding/decimal.h"
#include "core/rpc/params_reader.h"

namespace walletd {

// A secret sent as text (a PIN, a passphrase, a key): kept in SecretBytes from the first copy.
template <>
struct FieldCodec<SecretBytes> {
  static SecretBytes decode(const Json& v, const std::string& p) {
    if (!v.is_string())
      throwInvalidParams(p + ": invalid type: " + describeJsonType(v) + ", expected a string");
    const std::string& text = v.get_ref<const std::string&>();
    return SecretBytes(ByteView(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
  }
  static std::string ts() { return "string"; }
};
// The `/* ... */` comment of a field: its default and its note, either may be empty.
std::string tsFieldComment(const std::string& default_text, const char* note);
// How a default value is shown in that comment.
std::string showDefault(const std::string& v);
std::string showDefault(bool v);
std::string showDefault(std::uint64_t v);
std::string showDefault(const Decimal& v);
std::string showDefault(const Json& v);
std::string showDefault(double v);
inline std::string showDefault(std::uint32_t v) {
  return showDefault(static_cast<std::uint64_t>(v));
}

// A check of one field's value, raising InvalidRequest naming `path` (or a family's error).
template <typename F>
using FieldCheck = std::type_identity_t<void (*)(const F& value, const std::string& path)>;

template <typename T>
class TaggedSchema;

// A field check: the number is within lo..hi, else "<path>: out of range lo..hi".
template <std::uint64_t lo, std::uint64_t hi, typename N>
void inRange(const N& value, const std::string& path) {
  if (value < lo || value > hi)
    throwInvalidParams(path + ": out of range " + std::to_string(lo) + ".." + std::to_string(hi));
}

// What a params type does with fields it does not declare: KDF's serde default is to ignore them
// (most types); a few deny them (`deny_unknown_fields`, unit structs); some document that others
// are passed on (an index signature).
enum class UnknownFields { Ignore, Deny, Open };

// The untyped half of an object schema, shared by every params type so that it is compiled once:
// the fields' declarations, the exactlyOneOf group and the unknown-field policy, and the
// TypeScript they make.
class SchemaShape {
 public:
  // `{ a: string; b?: number /* default 1 */ }`, or a union of such under exactlyOneOf.
  std::string ts() const;
  // The fields' part of ts() without braces, for a schema that adds fields around them.
  std::string fieldsTs(const std::string& except = {}) const;
  // Each field's key and declaration (`key?: type /* comment */`), in order.
  const std::vector<std::pair<std::string, std::string>>& declarations() const { return decls_; }

 protected:
  // Before a read: exactly one of the exactlyOneOf group is sent.
  void checkOneOf(const ParamsReader& r) const;
  // After a read: the unknown-field policy.
  void finishRead(ParamsReader& r) const;

  std::vector<std::pair<std::string, std::string>> decls_;
  std::vector<std::string> one_of_;
  UnknownFields unknown_ = UnknownFields::Ignore;
  std::string open_note_;
};

// `{ fields }`, or `{}` for none, as the docs write it.
std::string tsBraces(const std::string& fields);
// "expected exactly one of `a` and `b`" unless exactly one of `keys` is in `r`'s object.
void checkExactlyOne(const ParamsReader& r, const std::vector<std::string>& keys);
// A field's declaration: `key: type /* comment */`, `key?: ...` when optional.
std::string fieldDeclaration(const char* key, bool optional, const std::string& type,
                             const std::string& default_text, const char* note);

// The fields of an object type, each bound to a member of T.
template <typename T>
class ObjectSchema : public SchemaShape {
 public:
  // A required field; `Codec` replaces FieldCodec<F> for this field (a KDF quirk, a literal type).
  template <typename Codec = void, typename F>
  ObjectSchema&& required(const char* key, F T::*member, const char* note = nullptr,
                          FieldCheck<F> check = nullptr) &&;
  // An optional field: absent or null leaves the member empty.
  template <typename Codec = void, typename F>
  ObjectSchema&& optional(const char* key, std::optional<F> T::*member, const char* note = nullptr,
                          FieldCheck<F> check = nullptr) &&;
  // An optional field whose absence (or null) keeps the member's initial value, not shown.
  template <typename Codec = void, typename F>
  ObjectSchema&& optionalKeep(const char* key, F T::*member, const char* note = nullptr,
                              FieldCheck<F> check = nullptr) &&;
  // An optional field with a default, shown in the TypeScript comment.
  template <typename Codec = void, typename F>
  ObjectSchema&& fallback(const char* key, F T::*member, std::type_identity_t<F> value,
                          const char* note = nullptr, FieldCheck<F> check = nullptr) &&;
  // Exactly one of these (declared optional) fields must be sent; the TypeScript type becomes a
  // union with one of them in each shape.
  ObjectSchema&& exactlyOneOf(std::vector<std::string> keys) &&;
  // A check across fields, after every field is read.
  ObjectSchema&& then(std::function<void(T&, const ParamsReader&)> check) &&;
  ObjectSchema&& unknownFields(UnknownFields policy, const char* note = nullptr) &&;

  // Reads T from `r`'s object, applying the unknown-field policy.
  T parse(ParamsReader& r) const;
  // Reads the fields only, for a caller that reads more fields of the same object (composition).
  void readFields(T& out, ParamsReader& r) const;
  // A required object field read by a tagged union of this same T (KDF's adjacently tagged
  // mode objects), typed as its union.
  ObjectSchema&& tagged(const char* key, const TaggedSchema<T>& inner) &&;
  // Applies the unknown-field policy to what `r` has read (after readFields).
  void finish(ParamsReader& r) const;
  T fromJson(const Json& v, const std::string& path) const {
    ParamsReader r(v, path, false);
    return parse(r);
  }
  // The same fields read into `member` of an enclosing type (a params type wrapping a request
  // struct that the handler passes on).
  template <typename Outer>
  ObjectSchema<Outer> as(T Outer::*member) const {
    return via<Outer>([member](Outer& o) -> T& { return o.*member; });
  }
  // The same fields read into what `project` returns of an enclosing type (a base class).
  template <typename Outer, typename Project>
  ObjectSchema<Outer> via(Project project) const;
  // Another schema's fields of the same type, flattened into this one (serde's flatten).
  ObjectSchema&& include(const ObjectSchema& other) && {
    decls_.insert(decls_.end(), other.decls_.begin(), other.decls_.end());
    readers_.insert(readers_.end(), other.readers_.begin(), other.readers_.end());
    checks_.insert(checks_.end(), other.checks_.begin(), other.checks_.end());
    return std::move(*this);
  }
  // A required object field read by `inner` into this same T; typed `inner_name` when given (a
  // declared type), else inline. Its unknown fields follow `inner`'s policy.
  ObjectSchema&& nested(const char* key, const ObjectSchema& inner, std::string inner_name = {}) &&;

 private:
  template <typename>
  friend class ObjectSchema;
  using Read = std::function<void(T&, ParamsReader&)>;
  ObjectSchema&& add(std::string key, std::string declaration, Read read) &&;
  // A field read with codec C when sent (and, for an optional one, not null), stored by `store`
  // (which returns the stored value) and checked; `absent` runs otherwise.
  template <typename C, typename F, typename Store>
  ObjectSchema&& bind(const char* key, std::string declaration, bool optional, Store store,
                      Read absent, FieldCheck<F> check) &&;

  std::vector<Read> readers_;  // one per declaration
  std::vector<std::function<void(T&, const ParamsReader&)>> checks_;
};

template <typename Codec, typename F>
using CodecFor = std::conditional_t<std::is_void_v<Codec>, FieldCodec<F>, Codec>;

template <typename T>
ObjectSchema<T>&& ObjectSchema<T>::add(std::string key, std::string declaration, Read read) && {
  decls_.emplace_back(std::move(key), std::move(declaration));
  readers_.push_back(std::move(read));
  return std::move(*this);
}

template <typename T>
template <typename C, typename F, typename Store>
ObjectSchema<T>&& ObjectSchema<T>::bind(const char* key, std::string declaration,
                                        bool null_is_absent, Store store, Read absent,
                                        FieldCheck<F> check) && {
  return std::move(*this).add(key, std::move(declaration),
                              [key, store, absent, check, null_is_absent](T& out, ParamsReader& r) {
                                const Json* v = r.field(key);
                                if (!v || (null_is_absent && v->is_null())) return absent(out, r);
                                const F& stored = store(out, C::decode(*v, r.fieldPath(key)));
                                if (check) check(stored, r.fieldPath(key));
                              });
}

template <typename T>
template <typename Codec, typename F>
ObjectSchema<T>&& ObjectSchema<T>::required(const char* key, F T::*member, const char* note,
                                            FieldCheck<F> check) && {
  using C = CodecFor<Codec, F>;
  return std::move(*this).template bind<C, F>(
      key, fieldDeclaration(key, false, C::ts(), "", note), false,
      [member](T& out, F value) -> const F& { return out.*member = std::move(value); },
      [key](T&, ParamsReader& r) {
        throwInvalidParams(r.path() + ": missing field `" + key + "`");
      },
      check);
}

template <typename T>
template <typename Codec, typename F>
ObjectSchema<T>&& ObjectSchema<T>::optional(const char* key, std::optional<F> T::*member,
                                            const char* note, FieldCheck<F> check) && {
  using C = CodecFor<Codec, F>;
  return std::move(*this).template bind<C, F>(
      key, fieldDeclaration(key, true, C::ts(), "", note), true,
      [member](T& out, F value) -> const F& { return *(out.*member = std::move(value)); },
      [](T&, ParamsReader&) {}, check);
}

template <typename T>
template <typename Codec, typename F>
ObjectSchema<T>&& ObjectSchema<T>::optionalKeep(const char* key, F T::*member, const char* note,
                                                FieldCheck<F> check) && {
  using C = CodecFor<Codec, F>;
  return std::move(*this).template bind<C, F>(
      key, fieldDeclaration(key, true, C::ts(), "", note), true,
      [member](T& out, F value) -> const F& { return out.*member = std::move(value); },
      [](T&, ParamsReader&) {}, check);
}

template <typename T>
template <typename Codec, typename F>
ObjectSchema<T>&& ObjectSchema<T>::fallback(const char* key, F T::*member,
                                            std::type_identity_t<F> value, const char* note,
                                            FieldCheck<F> check) && {
  using C = CodecFor<Codec, F>;
  return std::move(*this).template bind<C, F>(
      key, fieldDeclaration(key, true, C::ts(), showDefault(value), note), true,
      [member](T& out, F sent) -> const F& { return out.*member = std::move(sent); },
      [member, value, check, key](T& out, ParamsReader& r) {
        out.*member = value;
        if (check) check(out.*member, r.fieldPath(key));
      },
      check);
}

template <typename T>
template <typename Outer, typename Project>
ObjectSchema<Outer> ObjectSchema<T>::via(Project project) const {
  ObjectSchema<Outer> out;
  static_cast<SchemaShape&>(out) = *this;
  for (const Read& read : readers_)
    out.readers_.push_back([read, project](Outer& o, ParamsReader& r) { read(project(o), r); });
  for (const auto& check : checks_)
    out.checks_.push_back(
        [check, project](Outer& o, const ParamsReader& r) { check(project(o), r); });
  return out;
}

template <typename T>
ObjectSchema<T>&& ObjectSchema<T>::nested(const char* key, const ObjectSchema& inner,
                                          std::string inner_name) && {
  const std::string type = inner_name.empty() ? inner.ts() : inner_name;
  return std::move(*this).add(key, std::string(key) + ": " + type,
                              [key, inner](T& out, ParamsReader& r) {
                                const Json* v = r.field(key);
                                if (!v)
                                  throwInvalidParams(r.path() + ": missing field `" + key + "`");
                                ParamsReader sub(*v, r.fieldPath(key), false);
                                inner.readFields(out, sub);
                                inner.finish(sub);
                              });
}

template <typename T>
ObjectSchema<T>&& ObjectSchema<T>::exactlyOneOf(std::vector<std::string> keys) && {
  one_of_ = std::move(keys);
  return std::move(*this);
}

template <typename T>
ObjectSchema<T>&& ObjectSchema<T>::then(std::function<void(T&, const ParamsReader&)> check) && {
  checks_.push_back(std::move(check));
  return std::move(*this);
}

template <typename T>
ObjectSchema<T>&& ObjectSchema<T>::unknownFields(UnknownFields policy, const char* note) && {
  unknown_ = policy;
  open_note_ = note ? note : "";
  return std::move(*this);
}

template <typename T>
void ObjectSchema<T>::readFields(T& out, ParamsReader& r) const {
  checkOneOf(r);
  for (const Read& read : readers_) read(out, r);
  for (const auto& check : checks_) check(out, r);
}

template <typename T>
void ObjectSchema<T>::finish(ParamsReader& r) const {
  finishRead(r);
}

template <typename T>
T ObjectSchema<T>::parse(ParamsReader& r) const {
  T out{};
  readFields(out, r);
  finishRead(r);
  return out;
}

// A type whose `tag` field picks one of several object shapes (serde's internally tagged enum):
// `{ tag: "a"; ...a's fields } | { tag: "b"; ... }`. The chosen tag is stored in `tag_member`.
template <typename T>
class TaggedSchema {
 public:
  TaggedSchema(const char* tag, std::string T::*tag_member)
      : tag_(tag),
        set_tag_([tag_member](T& t, const std::string& name) { t.*tag_member = name; }) {}
  TaggedSchema&& variant(std::string name, ObjectSchema<T> fields) && {
    variants_.emplace_back(std::move(name), std::move(fields));
    return std::move(*this);
  }
  T parse(ParamsReader& r) const {
    T out{};
    readInto(out, r);
    return out;
  }
  // Reads the tag and its variant's fields into `out`, then applies that variant's policy.
  void readInto(T& out, ParamsReader& r) const {
    const Json* v = r.field(tag_.c_str());
    if (!v) throwInvalidParams(r.path() + ": missing field `" + tag_ + "`");
    const std::string name = decodeString(*v, r.fieldPath(tag_.c_str()));
    for (const auto& [variant, fields] : variants_) {
      if (variant != name) continue;
      fields.readFields(out, r);
      fields.finish(r);
      set_tag_(out, name);
      return;
    }
    throwInvalidParams(r.fieldPath(tag_.c_str()) + ": unknown variant `" + name.substr(0, 60) +
                       "`, expected " + expected());
  }
  T fromJson(const Json& v, const std::string& path) const {
    ParamsReader r(v, path, false);
    return parse(r);
  }
  std::string ts() const {
    std::string out;
    for (const auto& [name, fields] : variants_) {
      const std::string rest = fields.fieldsTs();
      out += (out.empty() ? "" : " | ") +
             tsBraces(tag_ + ": \"" + name + "\"" + (rest.empty() ? "" : "; " + rest));
    }
    return out;
  }

  // The same variants read into `member` of an enclosing type.
  template <typename Outer>
  TaggedSchema<Outer> as(T Outer::*member) const {
    TaggedSchema<Outer> out;
    out.tag_ = tag_;
    auto set = set_tag_;
    out.set_tag_ = [set, member](Outer& o, const std::string& name) { set(o.*member, name); };
    for (const auto& [name, fields] : variants_)
      out.variants_.emplace_back(name, fields.as(member));
    return out;
  }

 private:
  template <typename>
  friend class TaggedSchema;
  TaggedSchema() = default;
  std::string expected() const;
  std::string tag_;
  std::function<void(T&, const std::string&)> set_tag_;
  std::vector<std::pair<std::string, ObjectSchema<T>>> variants_;
};

// "`a` or `b`", "one of `a`, `b`, `c`": as serde lists expected variants.
std::string listExpected(const std::vector<std::string>& names);

template <typename T>
std::string TaggedSchema<T>::expected() const {
  std::vector<std::string> names;
  for (const auto& v : variants_) names.push_back(v.first);
  return listExpected(names);
}

template <typename T>
ObjectSchema<T>&& ObjectSchema<T>::tagged(const char* key, const TaggedSchema<T>& inner) && {
  return std::move(*this).add(key, std::string(key) + ": " + inner.ts(),
                              [key, inner](T& out, ParamsReader& r) {
                                const Json* v = r.field(key);
                                if (!v)
                                  throwInvalidParams(r.path() + ": missing field `" + key + "`");
                                ParamsReader sub(*v, r.fieldPath(key), false);
                                inner.readInto(out, sub);
                              });
}

// A JSON object read later by its owner (a family's strict reader), typed `object`.
struct JsonObject {
  static Json decode(const Json& v, const std::string& path) {
    if (!v.is_object())
      throwInvalidParams(path + ": invalid type: " + describeJsonType(v) + ", expected an object");
    return v;
  }
  static std::string ts() { return "object"; }
};

// Any JSON value, read and not used (a legacy field walletd has no use for).
struct AnyValue {
  static Json decode(const Json& v, const std::string&) { return v; }
  static std::string ts() { return "unknown"; }
};

// Codec for a JSON value kept as sent (a family reads it later) after S's schema checked it; typed
// as S.
template <typename S>
struct Checked {
  static Json decode(const Json& v, const std::string& path) {
    S::schema().fromJson(v, path);
    return v;
  }
  static std::string ts() { return S::schema().ts(); }
};

// Codec for a string field limited to a set of literals: `Literals<kWords>` with
// `constexpr const char* kWords[] = {"a", "b"}` is typed `"a" | "b"` and refuses other words.
template <const auto& words>
struct Literals {
  static std::string decode(const Json& v, const std::string& path) {
    std::string s = decodeString(v, path);
    for (const char* w : words)
      if (s == w) return s;
    std::vector<std::string> names(std::begin(words), std::end(words));
    throwInvalidParams(path + ": unknown variant `" + s.substr(0, 60) + "`, expected " +
                       listExpected(names));
  }
  static std::string ts() {
    std::string out;
    for (const char* w : words) out += (out.empty() ? "\"" : " | \"") + std::string(w) + "\"";
    return out;
  }
};

}  // namespace walletd
