// GaslessTraces: the transfers submitted through one relay provider, followed until they are
// confirmed or failed. send_raw_transaction adds each one; a coin's GASLESS_TRACE stream
// (gasless_trace_streamer.h) polls those of its coin. A transfer stops being followed at a final
// state or after kMaxFailures polls in a row failed.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/encoding/eth_address.h"

namespace walletd {

class GaslessTraces {
 public:
  static constexpr int kMaxFailures = 10;

  struct Followed {
    std::string coin;
    unsigned decimals = 6;
    EthAddress user{};
    std::string last_state;  // as last reported ("" before the first poll)
    int failures = 0;        // consecutive
    bool polling = false;    // a poll is in flight (never two at once)
    bool done = false;
  };

  // `last_state`: what was last reported for it (a transfer reloaded from storage).
  void follow(const std::string& coin, unsigned decimals, const std::string& trace_id,
              const EthAddress& user, const std::string& last_state = "");
  // The ids of `coin`'s transfers still followed.
  std::vector<std::string> active(const std::string& coin) const;
  Followed* find(const std::string& trace_id);

 private:
  std::map<std::string, Followed> followed_;
};

}  // namespace walletd
