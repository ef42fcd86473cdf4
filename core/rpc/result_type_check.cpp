// Checking results against the method table's declared types.
#include "core/rpc/result_type_check.h"

#include <stdexcept>

namespace walletd {

ResultTypeCheck::ResultTypeCheck(const MethodTable& table) {
  for (const auto& [name, definition] : table.types()) {
    try {
      types_[name] = TsType::parse(definition);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("the declared type " + name + " does not parse: " + e.what());
    }
  }
  for (const MethodSpec* method : table.all()) {
    if (!method->handler) continue;
    try {
      results_[method->name] = TsType::parse(method->result_doc);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("the result of " + method->name + " does not parse: " + e.what());
    }
  }
}

std::optional<std::string> ResultTypeCheck::check(const std::string& method,
                                                  const Json& result) const {
  auto it = results_.find(method);
  if (it == results_.end()) return std::nullopt;
  const TsType::Resolver named = [this](const std::string& name) -> const TsType* {
    auto type = types_.find(name);
    return type == types_.end() ? nullptr : type->second.get();
  };
  auto mismatch = it->second->mismatch(result, named, "result");
  if (!mismatch) return std::nullopt;
  return method + " answered a result that is not of its declared type: " + *mismatch;
}

}  // namespace walletd
