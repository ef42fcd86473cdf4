// TsType: the TypeScript type expressions the method table declares (the params and results in
// docs/methods.md and js/src/methods.d.ts), parsed, and a JSON value checked against one, so a
// result that drifts from its declared type is caught (result_type_check.h). The subset the
// table uses: string, number, boolean, null, object, unknown; string literals; object types
// `{ key: T; key?: T }` — exact: a key the type does not name is a mismatch, because an
// undeclared field is drift — unless the shape has an index signature `[name: string]: T`; T[] and
// (T)[]; Record<string, T>; A | B; A & B (object parts merged); the table's named types; /*
// comments */.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rpc/json.h"

namespace walletd {

class TsType {
 public:
  enum class Kind {
    String,
    Number,
    Boolean,
    Null,
    Object,
    Unknown,
    Literal,
    Shape,
    Array,
    Record,
    Union,
    Intersection,
    Named
  };
  struct Field {
    std::string name;
    bool optional = false;
    std::shared_ptr<const TsType> type;
  };
  // A named type's definition, or null when the table declares none by that name.
  using Resolver = std::function<const TsType*(const std::string& name)>;

  // Throws std::invalid_argument naming where the text stops making sense.
  static std::shared_ptr<const TsType> parse(std::string_view text);

  // nullopt when `value` is of this type; else the first place it is not, under `path`.
  std::optional<std::string> mismatch(const Json& value, const Resolver& named,
                                      const std::string& path) const;
  // The object shapes this type allows (a union's alternatives; an intersection merges its
  // parts'); empty when it is not made of object shapes.
  std::vector<std::vector<Field>> objectShapes(const Resolver& named) const;
  // Whether a value of this type can have the field at `path` (names, and "[]" for an array's
  // elements): a shape through its fields or index signature, Record through any key, an array
  // through "[]", a union or intersection through any part; `object` and `unknown` have any.
  bool hasPath(const std::vector<std::string>& path, const Resolver& named,
               std::size_t at = 0) const;

  Kind kind = Kind::Unknown;
  std::string text;                                  // Literal: the string; Named: the name
  std::vector<Field> fields;                         // Shape
  std::vector<std::shared_ptr<const TsType>> parts;  // Array/Record: [0]; Union; Intersection
};

}  // namespace walletd
