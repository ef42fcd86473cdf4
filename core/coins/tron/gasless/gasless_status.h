// A gasless transfer's status as walletd reports it (spec §3 and §6.2): the provider's state
// projected — WAITING → pending, INPROGRESS → submitted, CONFIRMING → on_chain, SUCCEED →
// confirmed, FAILED (or the chain's ON_CHAIN_FAILED) → failed — with the on-chain details once
// there. A state the provider's documentation does not list is an InvalidProviderResponse.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/coins/tron/gasless/relay_provider_client.h"

namespace walletd {

struct GaslessStatus {
  std::string coin;
  std::string trace_id;
  std::string state;
  std::optional<std::string> tx_hash_on_chain;
  std::optional<std::uint64_t> block_height;
  std::optional<std::uint64_t> confirmed_at;  // unix seconds
  std::optional<std::string> final_fee;       // token units
  std::optional<std::string> failure_reason;  // failed only

  bool terminal() const { return state == "confirmed" || state == "failed"; }
  // Every §6.2 key, null when absent.
  Json toJson() const;
};

GaslessStatus projectTrace(const RelayTrace& trace, const std::string& coin, unsigned decimals);

}  // namespace walletd
