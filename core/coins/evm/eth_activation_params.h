// The params of enable_eth_with_tokens and task::enable_eth::init (KDF's EthActivationV2Request
// + erc20_tokens_requests + get_balances), parsed strictly: wrong types, unknown fields and
// out-of-range values answer InvalidRequest naming the field.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/coins/json_rpc_client.h"
#include "core/rpc/params_reader.h"
#include "core/wallet/hd/hd_objects.h"

namespace walletd {

struct TokenRequest {
  std::string ticker;
  std::optional<std::uint32_t> required_confirmations;
  static TokenRequest fromJson(const Json& value, const std::string& path);
};

enum class ScanPolicy { DoNotScan, ScanIfNewWallet, Scan };

struct EthActivationParams {
  static constexpr std::uint32_t kMaxGapLimit = 1000;  // the widest HD gap scanned

  std::string ticker;
  std::vector<CoinNode> nodes;
  std::vector<TokenRequest> tokens;
  bool get_balances = true;
  std::optional<std::uint32_t> required_confirmations;
  std::string priv_key_policy = "ContextPrivKey";
  // HD wallets only (ignored with the Iguana key, as in KDF).
  AddressPath path_to_address;
  std::uint32_t gap_limit = 20;
  ScanPolicy scan_policy = ScanPolicy::ScanIfNewWallet;
  std::optional<std::uint32_t> min_addresses_number;

  static EthActivationParams parse(ParamsReader& r);
};

}  // namespace walletd
