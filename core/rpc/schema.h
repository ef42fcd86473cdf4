// Schema: a params type declared once. Its fields bind to members of the C++ type; parsing,
// defaults, per-field checks, the unknown-field policy (KDF's serde attributes, per type) and the
// TypeScript type in docs/methods.md and js/src/methods.d.ts all come from that one declaration,
// so the docs cannot drift from the parser. A params type P of a method has
// `static const ObjectSchema<P>& schema()` (or a TaggedSchema); method_table.h reads nothing else.
#pragma once

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <memory>
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

// A member pointer or a function pointer kept as bytes, so that one untyped list holds every
// field's binding and the reading loop is compiled once, not once per params type.
using ErasedBytes = std::array<unsigned char, 16>;

template <typename P>
ErasedBytes eraseBytes(P p) {
  static_assert(sizeof(P) <= sizeof(ErasedBytes) && std::is_trivially_copyable_v<P>);
  ErasedBytes bytes{};
  std::memcpy(bytes.data(), &p, sizeof p);
  return bytes;
}
template <typename P>
P unerasedAs(const ErasedBytes& bytes) {
  P p;
  std::memcpy(&p, bytes.data(), sizeof p);
  return p;
}

// How a schema made for T reaches its T inside an enclosing object (`as`, `via`).
struct Projection {
  void* (*apply)(void* outer, const ErasedBytes& how);
  ErasedBytes how;
};

// One field of a schema, untyped: what to do when it is sent, absent or null. `read` and
// `store_default` are small typed functions that know the member's type.
struct FieldRead {
  enum class Absent : std::uint8_t { Missing, Leave, Default };
  const char* key;
  Absent absent;
  bool null_is_absent;
  void (*read)(void* target, const FieldRead& f, const Json& v, const std::string& path);
  void (*store_default)(void* target, const FieldRead& f, const std::string& path);
  ErasedBytes member;                 // the member pointer the typed functions store through
  void (*check)();                    // the FieldCheck<F>, erased; null for none
  std::shared_ptr<const void> extra;  // the default value, or a nested or tagged schema
  std::vector<Projection> projections;
};

// A check across fields of T, untyped (ObjectSchema::then).
struct CheckRead {
  void (*call)(void* target, const ErasedBytes& fn, const ParamsReader& r);
  ErasedBytes fn;
  std::vector<Projection> projections;
};

// The untyped body of an object schema, shared by every params type so that it is compiled once:
// the fields' declarations and readings, the exactlyOneOf group, the unknown-field policy, the
// checks, and the TypeScript they make.
class SchemaShape {
 public:
  // `{ a: string; b?: number /* default 1 */ }`, or a union of such under exactlyOneOf.
  std::string ts() const { return tsAfter({}); }
  // The same with `lead` (a tagged variant's tag field) first in each shape.
  std::string tsAfter(const std::string& lead) const;
  // The fields' part of ts() without braces, for a schema that adds fields around them.
  std::string fieldsTs(const std::string& except = {}) const;
  // Each field's key and declaration (`key?: type /* comment */`), in order.
  const std::vector<std::pair<std::string, std::string>>& declarations() const { return decls_; }
  // The fields' keys, in order.
  std::vector<std::string> keys() const;
  // Reads the fields into the object at `out` (of the schema's type), then the checks.
  void readInto(void* out, ParamsReader& r) const;
  // After a read: the unknown-field policy.
  void finishRead(ParamsReader& r) const;

 protected:
  friend class TaggedShape;
  // What a member field's declaration is made of.
  struct MemberDecl {
    const char* key;
    std::string (*type)();  // the codec's TypeScript type
    const char* note;
    FieldRead::Absent absent;
    bool null_is_absent;
  };
  void addField(std::string key, std::string declaration, FieldRead field);
  // A required object field typed `type`, read by `read` with `inner` (a nested or tagged
  // schema's untyped shape).
  void addObjectField(const char* key, const std::string& type, decltype(FieldRead::read) read,
                      std::shared_ptr<const void> inner);
  // A field bound to a member: `read` stores a sent value through `member`, then `check`s it;
  // `shown_default` is the default its declaration shows, if any.
  void addMember(const MemberDecl& decl, decltype(FieldRead::read) read, ErasedBytes member,
                 void (*check)(), const std::string& shown_default = {});
  // The last field's default, stored by `store` when the field is absent.
  void setDefault(decltype(FieldRead::store_default) store, std::shared_ptr<const void> value);
  void addCheck(CheckRead check) { checks_.push_back(std::move(check)); }
  void appendShape(const SchemaShape& other);
  // Every field and check now reaches its object through `p` first.
  void project(const Projection& p);

  std::vector<std::pair<std::string, std::string>> decls_;
  std::vector<FieldRead> fields_;  // one per declaration
  std::vector<CheckRead> checks_;
  std::vector<std::string> one_of_;
  UnknownFields unknown_ = UnknownFields::Ignore;
  std::string open_note_;
};

// The untyped body of a tagged schema: the tag, where it is stored, and each variant's shape.
class TaggedShape {
 public:
  std::string ts() const;
  // The tag and every variant's fields.
  std::vector<std::string> keys() const;
  // Reads the tag and its variant's fields into `out`, then applies that variant's policy.
  void readInto(void* out, ParamsReader& r) const;

 protected:
  std::string expected() const;
  void project(const Projection& p);

  std::string tag_;
  void (*set_tag_)(void* target, const ErasedBytes& member, const std::string& name) = nullptr;
  ErasedBytes tag_member_{};
  std::vector<Projection> tag_projections_;
  std::vector<std::pair<std::string, SchemaShape>> variants_;
};

// `{ fields }`, or `{}` for none, as the docs write it.
std::string tsBraces(const std::string& fields);
// "expected exactly one of `a` and `b`" unless exactly one of `keys` is in `r`'s object.
void checkExactlyOne(const ParamsReader& r, const std::vector<std::string>& keys);
// A field's declaration: `key: type /* comment */`, `key?: ...` when optional.
std::string fieldDeclaration(const char* key, bool optional, const std::string& type,
                             const std::string& default_text, const char* note);
// The untyped readers of a nested object field and of a tagged object field.
void readNestedField(void* target, const FieldRead& f, const Json& v, const std::string& path);
void readTaggedField(void* target, const FieldRead& f, const Json& v, const std::string& path);

// A field check as the untyped binding keeps it.
template <typename F>
void (*eraseCheck(FieldCheck<F> check))() {
  return reinterpret_cast<void (*)()>(check);
}

// The typed halves: one small function per (type, member type, codec).
namespace schema_detail {
template <typename F>
const F& valueIn(const F& v) {
  return v;
}
template <typename F>
const F& valueIn(const std::optional<F>& v) {
  return *v;
}
// Decodes a sent value with C and stores it in the member (M is `F T::*` or `optional<F> T::*`).
template <typename T, typename M, typename C, typename F>
void readMember(void* target, const FieldRead& f, const Json& v, const std::string& path) {
  F value = C::decode(v, path);
  auto& slot = static_cast<T*>(target)->*unerasedAs<M>(f.member);
  slot = std::move(value);
  if (f.check) reinterpret_cast<FieldCheck<F>>(f.check)(valueIn(slot), path);
}
// Stores the field's default (kept in f.extra) and checks it.
template <typename T, typename F>
void storeDefault(void* target, const FieldRead& f, const std::string& path) {
  F& slot = static_cast<T*>(target)->*unerasedAs<F T::*>(f.member);
  slot = *static_cast<const F*>(f.extra.get());
  if (f.check) reinterpret_cast<FieldCheck<F>>(f.check)(slot, path);
}
template <typename Outer, typename T>
void* projectMember(void* outer, const ErasedBytes& how) {
  return &(static_cast<Outer*>(outer)->*unerasedAs<T Outer::*>(how));
}
template <typename Outer, typename T>
void* projectCall(void* outer, const ErasedBytes& how) {
  return &unerasedAs<T& (*)(Outer&)>(how)(*static_cast<Outer*>(outer));
}
template <typename T>
void callCheck(void* target, const ErasedBytes& fn, const ParamsReader& r) {
  unerasedAs<void (*)(T&, const ParamsReader&)>(fn)(*static_cast<T*>(target), r);
}
template <typename T>
void setTag(void* target, const ErasedBytes& member, const std::string& name) {
  static_cast<T*>(target)->*unerasedAs<std::string T::*>(member) = name;
}
}  // namespace schema_detail

template <typename Codec, typename F>
using CodecFor = std::conditional_t<std::is_void_v<Codec>, FieldCodec<F>, Codec>;

// The fields of an object type, each bound to a member of T.
template <typename T>
class ObjectSchema : public SchemaShape {
 public:
  // A required field; `Codec` replaces FieldCodec<F> for this field (a KDF quirk, a literal type).
  template <typename Codec = void, typename F>
  ObjectSchema&& required(const char* key, F T::*member, const char* note = nullptr,
                          FieldCheck<F> check = nullptr) && {
    using C = CodecFor<Codec, F>;
    addMember({key, &C::ts, note, FieldRead::Absent::Missing, false},
              &schema_detail::readMember<T, F T::*, C, F>, eraseBytes(member),
              eraseCheck<F>(check));
    return std::move(*this);
  }
  // An optional field: absent or null leaves the member empty.
  template <typename Codec = void, typename F>
  ObjectSchema&& optional(const char* key, std::optional<F> T::*member, const char* note = nullptr,
                          FieldCheck<F> check = nullptr) && {
    using C = CodecFor<Codec, F>;
    addMember({key, &C::ts, note, FieldRead::Absent::Leave, true},
              &schema_detail::readMember<T, std::optional<F> T::*, C, F>, eraseBytes(member),
              eraseCheck<F>(check));
    return std::move(*this);
  }
  // An optional field whose absence (or null) keeps the member's initial value, not shown.
  template <typename Codec = void, typename F>
  ObjectSchema&& optionalKeep(const char* key, F T::*member, const char* note = nullptr,
                              FieldCheck<F> check = nullptr) && {
    using C = CodecFor<Codec, F>;
    addMember({key, &C::ts, note, FieldRead::Absent::Leave, true},
              &schema_detail::readMember<T, F T::*, C, F>, eraseBytes(member),
              eraseCheck<F>(check));
    return std::move(*this);
  }
  // An optional field with a default, shown in the TypeScript comment.
  template <typename Codec = void, typename F>
  ObjectSchema&& fallback(const char* key, F T::*member, std::type_identity_t<F> value,
                          const char* note = nullptr, FieldCheck<F> check = nullptr) && {
    using C = CodecFor<Codec, F>;
    addMember({key, &C::ts, note, FieldRead::Absent::Default, true},
              &schema_detail::readMember<T, F T::*, C, F>, eraseBytes(member), eraseCheck<F>(check),
              showDefault(value));
    setDefault(&schema_detail::storeDefault<T, F>, std::make_shared<const F>(std::move(value)));
    return std::move(*this);
  }
  // Exactly one of these (declared optional) fields must be sent; the TypeScript type becomes a
  // union with one of them in each shape.
  ObjectSchema&& exactlyOneOf(std::vector<std::string> keys) && {
    one_of_ = std::move(keys);
    return std::move(*this);
  }
  // A check across fields, after every field is read.
  ObjectSchema&& then(void (*check)(T&, const ParamsReader&)) && {
    addCheck({&schema_detail::callCheck<T>, eraseBytes(check), {}});
    return std::move(*this);
  }
  ObjectSchema&& unknownFields(UnknownFields policy, const char* note = nullptr) && {
    unknown_ = policy;
    open_note_ = note ? note : "";
    return std::move(*this);
  }

  // Reads T from `r`'s object, applying the unknown-field policy.
  T parse(ParamsReader& r) const {
    T out{};
    readInto(&out, r);
    finishRead(r);
    return out;
  }
  // Reads the fields only, for a caller that reads more fields of the same object (composition).
  void readFields(T& out, ParamsReader& r) const { readInto(&out, r); }
  // A required object field read by a tagged union of this same T (KDF's adjacently tagged
  // mode objects), typed as its union.
  ObjectSchema&& tagged(const char* key, const TaggedSchema<T>& inner) && {
    addObjectField(key, inner.ts(), &readTaggedField, std::make_shared<const TaggedShape>(inner));
    return std::move(*this);
  }
  // Applies the unknown-field policy to what `r` has read (after readFields).
  void finish(ParamsReader& r) const { finishRead(r); }
  T fromJson(const Json& v, const std::string& path) const {
    ParamsReader r(v, path, false);
    return parse(r);
  }
  // The same fields read into `member` of an enclosing type (a params type wrapping a request
  // struct that the handler passes on).
  template <typename Outer>
  ObjectSchema<Outer> as(T Outer::*member) const {
    return projected<Outer>({&schema_detail::projectMember<Outer, T>, eraseBytes(member)});
  }
  // The same fields read into what `project` returns of an enclosing type (a base class).
  template <typename Outer>
  ObjectSchema<Outer> via(std::type_identity_t<T& (*)(Outer&)> project) const {
    return projected<Outer>({&schema_detail::projectCall<Outer, T>, eraseBytes(project)});
  }
  // Another schema's fields of the same type, flattened into this one (serde's flatten).
  ObjectSchema&& include(const ObjectSchema& other) && {
    appendShape(other);
    return std::move(*this);
  }
  // A required object field read by `inner` into this same T; typed `inner_name` when given (a
  // declared type), else inline. Its unknown fields follow `inner`'s policy.
  ObjectSchema&& nested(const char* key, const ObjectSchema& inner,
                        std::string inner_name = {}) && {
    addObjectField(key, inner_name.empty() ? inner.ts() : inner_name, &readNestedField,
                   std::make_shared<const SchemaShape>(inner));
    return std::move(*this);
  }

 private:
  template <typename>
  friend class ObjectSchema;
  template <typename Outer>
  ObjectSchema<Outer> projected(const Projection& p) const {
    ObjectSchema<Outer> out;
    static_cast<SchemaShape&>(out) = *this;
    out.project(p);
    return out;
  }
};

// A type whose `tag` field picks one of several object shapes (serde's internally tagged enum):
// `{ tag: "a"; ...a's fields } | { tag: "b"; ... }`. The chosen tag is stored in `tag_member`.
template <typename T>
class TaggedSchema : public TaggedShape {
 public:
  TaggedSchema(const char* tag, std::string T::*tag_member) {
    tag_ = tag;
    set_tag_ = &schema_detail::setTag<T>;
    tag_member_ = eraseBytes(tag_member);
  }
  TaggedSchema&& variant(std::string name, ObjectSchema<T> fields) && {
    variants_.emplace_back(std::move(name), std::move(fields));
    return std::move(*this);
  }
  T parse(ParamsReader& r) const {
    T out{};
    TaggedShape::readInto(&out, r);
    return out;
  }
  void readInto(T& out, ParamsReader& r) const { TaggedShape::readInto(&out, r); }
  T fromJson(const Json& v, const std::string& path) const {
    ParamsReader r(v, path, false);
    return parse(r);
  }
  // The same variants read into `member` of an enclosing type.
  template <typename Outer>
  TaggedSchema<Outer> as(T Outer::*member) const {
    TaggedSchema<Outer> out;
    static_cast<TaggedShape&>(out) = *this;
    out.project({&schema_detail::projectMember<Outer, T>, eraseBytes(member)});
    return out;
  }

 private:
  template <typename>
  friend class TaggedSchema;
  TaggedSchema() = default;
};

// "`a` or `b`", "one of `a`, `b`, `c`": as serde lists expected variants.
std::string listExpected(const std::vector<std::string>& names);

// A type sent in one of several forms (serde's untagged enums, and KDF's older spellings of a
// type): a bare string; objects told apart by a key only their form has (present and not null);
// and any other object. A string reads the string form; an object reads the form whose key it
// has, or the fallback form; an object with keys of two forms is refused. The TypeScript type is
// the union of the forms, in order.
template <typename T>
class AlternativesSchema {
 public:
  // The bare-string form: `Codec` reads the string (its words), `store` keeps it in T.
  template <typename Codec>
  AlternativesSchema&& string(void (*store)(T&, std::string)) && {
    forms_.push_back({{}, Codec::ts(), {}, [store](T& out, const Json& v, const std::string& p) {
                        store(out, Codec::decode(v, p));
                      }});
    has_string_ = true;
    return std::move(*this);
  }
  // An object form told by `key`, read by `schema` (an ObjectSchema<T> or a TaggedSchema<T>).
  template <typename S>
  AlternativesSchema&& keyed(std::string key, S schema) && {
    return std::move(*this).add(std::move(key), std::move(schema));
  }
  // The object form read when no form's key is there.
  template <typename S>
  AlternativesSchema&& otherwise(S schema) && {
    return std::move(*this).add({}, std::move(schema));
  }

  T fromJson(const Json& v, const std::string& path) const {
    T out{};
    const Form* form = choose(v, path);
    form->read(out, v, path);
    return out;
  }
  std::string ts() const {
    std::string out;
    for (const Form& f : forms_) out += (out.empty() ? "" : " | ") + f.ts;
    return out;
  }

 private:
  struct Form {
    std::string key;  // empty: the string form, or the fallback object form
    std::string ts;
    std::vector<std::string> keys;  // the fields an object form declares
    std::function<void(T&, const Json&, const std::string&)> read;
  };

  template <typename S>
  AlternativesSchema&& add(std::string key, S schema) && {
    std::vector<std::string> keys = schema.keys();
    forms_.push_back({std::move(key), schema.ts(), std::move(keys),
                      [schema](T& out, const Json& v, const std::string& p) {
                        ParamsReader r(v, p, false);
                        out = schema.parse(r);
                      }});
    return std::move(*this);
  }

  // The form `v` is in; throws InvalidRequest when it is in none, or in two.
  const Form* choose(const Json& v, const std::string& path) const {
    if (v.is_string() && has_string_) return &forms_.front();
    if (!v.is_object())
      throwInvalidParams(path + ": invalid type: " + describeJsonType(v) + ", expected " +
                         (has_string_ ? "a string or an object" : "an object"));
    const Form* chosen = nullptr;
    for (const Form& f : forms_) {
      const bool keyed = !f.key.empty() && v.contains(f.key) && !v[f.key].is_null();
      if (keyed && chosen == nullptr) chosen = &f;
    }
    for (const Form& f : forms_)
      if (chosen == nullptr && f.key.empty() && !f.keys.empty()) chosen = &f;
    if (chosen == nullptr) throwInvalidParams(path + ": expected " + ts());
    for (const Form& f : forms_) {
      for (const std::string& k : f.keys) {
        const bool theirs =
            std::find(chosen->keys.begin(), chosen->keys.end(), k) == chosen->keys.end();
        if (theirs && v.contains(k) && !v[k].is_null())
          throwInvalidParams(path + ": `" + k + "` belongs to another form; expected " + ts());
      }
    }
    return chosen;
  }

  std::vector<Form> forms_;
  bool has_string_ = false;  // the string form, when there is one, is the first
};

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
