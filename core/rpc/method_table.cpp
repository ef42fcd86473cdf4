// MethodTable storage.
#include "core/rpc/method_table.h"

#include <stdexcept>

namespace walletd {

void MethodTable::add(MethodSpec spec) {
  std::string name = spec.name;
  spec.params_doc = spec.handler ? spec.handler.params_doc : spec.legacy.params_doc;
  if (!methods_.emplace(name, std::move(spec)).second) {
    throw std::logic_error("method registered twice: " + name);
  }
}

const MethodSpec* MethodTable::find(const std::string& name) const {
  auto it = methods_.find(name);
  return it == methods_.end() ? nullptr : &it->second;
}

void MethodTable::declare(const std::string& name, std::string definition) {
  auto [it, added] = types_.emplace(name, definition);
  if (!added && it->second != definition)
    throw std::logic_error("type declared twice with different definitions: " + name);
}

Json MethodTable::describe() const {
  Json types = Json::array();
  for (const auto& [name, definition] : types_)
    types.push_back(Json{{"name", name}, {"definition", definition}});
  Json methods = Json::array();
  for (const auto& [name, spec] : methods_) {
    methods.push_back(Json{{"name", name},
                           {"access", spec.access == MethodAccess::Public ? "public" : "protected"},
                           {"legacy", static_cast<bool>(spec.legacy)},
                           {"v2", static_cast<bool>(spec.handler)},
                           {"params", spec.params_doc},
                           {"result", spec.result_doc}});
  }
  return Json{{"types", std::move(types)}, {"methods", std::move(methods)}};
}

std::vector<const MethodSpec*> MethodTable::all() const {
  std::vector<const MethodSpec*> out;
  for (const auto& [name, spec] : methods_) out.push_back(&spec);
  return out;
}

}  // namespace walletd
