// MethodTable storage.
#include "core/rpc/method_table.h"

#include <stdexcept>

namespace walletd {

void MethodTable::add(MethodSpec spec) {
  std::string name = spec.name;
  if (!methods_.emplace(name, std::move(spec)).second) {
    throw std::logic_error("method registered twice: " + name);
  }
}

const MethodSpec* MethodTable::find(const std::string& name) const {
  auto it = methods_.find(name);
  return it == methods_.end() ? nullptr : &it->second;
}

std::vector<const MethodSpec*> MethodTable::all() const {
  std::vector<const MethodSpec*> out;
  for (const auto& [name, spec] : methods_) out.push_back(&spec);
  return out;
}

}  // namespace walletd
