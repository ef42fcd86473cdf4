// UtxoChainRules: the coins-file fields that say how a UTXO chain's transactions look and are
// signed, read as KDF's UtxoConfBuilder reads them, with its defaults: `txversion` (1),
// `overwintered` (0), `version_group_id` and `consensus_branch_id` (hex; the Overwinter and
// Sapling values when overwintered and not given), `fork_id` (hex; 0x40 for the ticker BCH) and
// `signature_version` ("base", "witness_v0" or "fork_id"; fork_id when the fork id is not 0),
// `segwit`, whether `address_format` is cashaddress, and `mature_confirmations` (100).
// Chain profiles (utxo_chains.h) choose themselves by these rules.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/coins/coins_config.h"

namespace walletd {

struct UtxoChainRules {
  enum class SignatureVersion { Base, WitnessV0, ForkId };

  std::string ticker;
  std::string protocol_type;               // the entry's protocol type (UTXO, BCH, QTUM, ...)
  std::optional<std::int32_t> tx_version;  // `txversion` as written (KDF's default: 1)
  bool overwintered = false;
  std::uint32_t version_group_id = 0;
  std::uint32_t consensus_branch_id = 0;
  std::uint32_t fork_id = 0;
  SignatureVersion signature_version = SignatureVersion::Base;
  bool segwit = false;        // `segwit: true`: the chain has witness transactions
  bool cash_address = false;  // `address_format` cashaddress: a Bitcoin Cash chain (SLP tokens)
  std::uint64_t mature_confirmations = 100;  // `mature_confirmations` (KDF's default 100)

  // Throws CoinRulesError for a field KDF would refuse (InvalidVersionGroupId, ...).
  static UtxoChainRules fromEntry(const CoinEntry& coin);
  // What sets the chain apart from Bitcoin's rules, for messages ("overwintered version 4").
  std::string describe() const;
};

}  // namespace walletd
