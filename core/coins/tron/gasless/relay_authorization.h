// The signed relay authorization walletd's gasless withdraw answers and send_raw_transaction's
// `tx_json` carries back (spec §4.1 "Gasless result", §4.2): relay_type "tron_relay", chain_id,
// coin, from_address, relay_address, verifying_contract, signed_authorization {token,
// service_provider, user, receiver, value, max_fee, deadline, version, nonce, sig} (numbers as
// decimal strings, sig as 130 hex digits) and created_at (ISO 8601 UTC). KDF's names are accepted
// when read back (relay_type "tron_gasfree", gasfree_address, an HD `from` selector).
#pragma once

#include <string>

#include "core/coins/tron/gasless/permit_transfer.h"
#include "core/rpc/json.h"

namespace walletd {

struct RelayAuthorization {
  std::uint32_t chain_id = 0;
  std::string coin;
  EthAddress relay_address{};
  EthAddress verifying_contract{};
  PermitTransfer permit;  // permit.user is from_address
  PermitSignature signature{};
  std::string created_at;

  Json toJson() const;
  // Strict: a missing or malformed field, or an unknown one, is RawTransactionError::InvalidParam
  // naming it under `path`.
  static RelayAuthorization fromJson(const Json& value, const std::string& path);
};

// "2026-11-24T00:31:00Z" for unix milliseconds.
std::string isoUtc(std::uint64_t unix_millis);

}  // namespace walletd
