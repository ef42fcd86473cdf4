// The followed gasless transfers.
#include "core/coins/tron/gasless/gasless_traces.h"

namespace walletd {

void GaslessTraces::follow(const std::string& coin, unsigned decimals, const std::string& trace_id,
                           const EthAddress& user, const std::string& last_state) {
  Followed& f = followed_[trace_id];
  f.coin = coin;
  f.decimals = decimals;
  f.user = user;
  if (f.last_state.empty()) f.last_state = last_state;
}

std::vector<std::string> GaslessTraces::active(const std::string& coin) const {
  std::vector<std::string> out;
  for (const auto& [id, f] : followed_) {
    if (f.coin == coin && !f.done) out.push_back(id);
  }
  return out;
}

GaslessTraces::Followed* GaslessTraces::find(const std::string& trace_id) {
  auto it = followed_.find(trace_id);
  return it == followed_.end() ? nullptr : &it->second;
}

}  // namespace walletd
