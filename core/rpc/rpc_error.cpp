// RpcError: location bookkeeping and KDF's path/trace formatting.
#include "core/rpc/rpc_error.h"

namespace walletd {

std::string SourceLocation::stem() const {
  std::string_view path(file);
  if (auto slash = path.find_last_of("/\\"); slash != std::string_view::npos) {
    path.remove_prefix(slash + 1);
  }
  if (auto dot = path.find('.'); dot != std::string_view::npos) path = path.substr(0, dot);
  return std::string(path);
}

RpcError::RpcError(ErrorKindInfo info, std::string message, std::optional<Json> data,
                   SourceLocation where)
    : type_(info.type),
      http_status_(info.http_status),
      message_(std::move(message)),
      data_(std::move(data)) {
  locations_.emplace_back(where.stem(), where.line);
}

RpcError& RpcError::traced(SourceLocation where) {
  locations_.emplace_back(where.stem(), where.line);
  return *this;
}

std::string RpcError::path() const {
  std::string out;
  std::string_view previous;
  for (auto it = locations_.rbegin(); it != locations_.rend(); ++it) {
    if (it->first == previous) continue;
    if (!out.empty()) out += '.';
    out += it->first;
    previous = it->first;
  }
  return out;
}

std::string RpcError::trace() const {
  std::string out;
  for (auto it = locations_.rbegin(); it != locations_.rend(); ++it) {
    if (!out.empty()) out += ' ';
    out += it->first + ":" + std::to_string(it->second) + "]";
  }
  return out;
}

}  // namespace walletd
