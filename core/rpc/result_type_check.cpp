// Checking results and params fields against the method table's declared types.
#include "core/rpc/result_type_check.h"

#include <algorithm>
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

namespace {

// "params.nodes[0].url" → {"nodes", "[]", "url"}; empty for a path outside the params.
std::vector<std::string> paramsSteps(const std::string& path) {
  static const std::string kRoot = "params.";
  if (path.rfind(kRoot, 0) != 0) return {};
  std::vector<std::string> steps;
  std::string name;
  auto flush = [&] {
    if (!name.empty()) steps.push_back(name);
    name.clear();
  };
  for (std::size_t i = kRoot.size(); i < path.size(); ++i) {
    const char c = path[i];
    if (c == '.') {
      flush();
    } else if (c == '[') {
      flush();
      steps.push_back("[]");
      i = std::min(path.find(']', i), path.size());
    } else {
      name += c;
    }
  }
  flush();
  return steps;
}

}  // namespace

std::optional<std::string> ResultTypeCheck::checkParams(const std::string& method,
                                                        const std::set<std::string>& asked) const {
  auto it = params_.find(method);
  if (it == params_.end()) return std::nullopt;
  for (const std::string& path : asked) {
    const std::vector<std::string> steps = paramsSteps(path);
    if (steps.empty() || it->second->hasPath(steps, resolver())) continue;
    return method + " reads the params field `" + path.substr(7) +
           "`, which its declared params type does not have";
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
