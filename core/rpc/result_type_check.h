// ResultTypeCheck: every method's declared result type (and the named types) of a method table,
// parsed once, and a result checked against its method's. With RpcSettings::check_result_types
// (on in debug builds; `check_result_types: true` in the config elsewhere, as the integration
// tests run) the dispatcher answers a result that is not of its declared type with
// ResultTypeMismatch naming the place, so the docs, js/src/methods.d.ts and the wire cannot
// drift apart unnoticed.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "core/rpc/method_table.h"
#include "core/rpc/ts_type.h"

namespace walletd {

class ResultTypeCheck {
 public:
  // Throws std::invalid_argument naming a declared type or result doc that does not parse.
  explicit ResultTypeCheck(const MethodTable& table);
  // nullopt when `result` is of `method`'s declared result type.
  std::optional<std::string> check(const std::string& method, const Json& result) const;
  // nullopt when every params field the method's parsers asked for, nested ones included
  // ("params.nodes[0].url"), is in its declared params type (a field parsed but not documented
  // is drift too).
  std::optional<std::string> checkParams(const std::string& method,
                                         const std::set<std::string>& asked) const;

 private:
  TsType::Resolver resolver() const;
  std::map<std::string, std::shared_ptr<const TsType>> types_;
  std::map<std::string, std::shared_ptr<const TsType>> results_;
  std::map<std::string, std::shared_ptr<const TsType>> params_;
};

}  // namespace walletd
