// Checking results and params fields against the method table's declared types.
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
      params_[method->name] = TsType::parse(method->params_doc);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("the params or result of " + method->name +
                                  " do not parse: " + e.what());
    }
  }
}

TsType::Resolver ResultTypeCheck::resolver() const {
  return [this](const std::string& name) -> const TsType* {
    auto type = types_.find(name);
    return type == types_.end() ? nullptr : type->second.get();
  };
}

std::optional<std::string> ResultTypeCheck::checkParams(const std::string& method,
                                                        const std::set<std::string>& asked) const {
  auto it = params_.find(method);
  if (it == params_.end() || asked.empty()) return std::nullopt;
  std::set<std::string> declared;
  for (const auto& shape : it->second->objectShapes(resolver())) {
    for (const TsType::Field& field : shape) {
      if (field.name == "[]") return std::nullopt;  // an index signature takes any field
      declared.insert(field.name);
    }
  }
  for (const std::string& field : asked) {
    if (!declared.count(field)) {
      return method + " reads the params field `" + field +
             "`, which its declared params type does not have";
    }
  }
  return std::nullopt;
}

std::optional<std::string> ResultTypeCheck::check(const std::string& method,
                                                  const Json& result) const {
  auto it = results_.find(method);
  if (it == results_.end()) return std::nullopt;
  auto mismatch = it->second->mismatch(result, resolver(), "result");
  if (!mismatch) return std::nullopt;
  return method + " answered a result that is not of its declared type: " + *mismatch;
}

}  // namespace walletd
