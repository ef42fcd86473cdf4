// Parsing of the EVM activation params.
#include "core/coins/evm/eth_activation_params.h"

#include "core/coins/evm/evm_hd_wallet.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/eth_address.h"

namespace walletd {
namespace {

// An EVM address in a params field (swap contracts); InvalidRequest naming the field otherwise.
void checkAddressField(const std::string& address, const std::string& path) {
  try {
    parseEthAddress(address, false);
  } catch (const EncodingError& e) {
    throwInvalidParams(path + ": " + e.what());
  }
}

void checkSwapContracts(ParamsReader& r) {
  for (const char* address_field : {"swap_contract_address", "fallback_swap_contract"}) {
    if (auto address = r.optional<std::string>(address_field)) {
      checkAddressField(*address, r.fieldPath(address_field));
    }
  }
  if (auto contracts = r.optional<Json>("swap_v2_contracts")) {
    ParamsReader v2(*contracts, r.fieldPath("swap_v2_contracts"), false);
    for (const char* key :
         {"maker_swap_v2_contract", "taker_swap_v2_contract", "nft_maker_swap_v2_contract"}) {
      if (auto address = v2.optional<std::string>(key))
        checkAddressField(*address, v2.fieldPath(key));
    }
    v2.rejectUnknown();
  }
}

ScanPolicy scanPolicy(const std::string& text, const std::string& path) {
  if (text == "do_not_scan") return ScanPolicy::DoNotScan;
  if (text == "scan_if_new_wallet") return ScanPolicy::ScanIfNewWallet;
  if (text == "scan") return ScanPolicy::Scan;
  throwInvalidParams(path + ": unknown variant `" + text.substr(0, 100) +
                     "`, expected `do_not_scan`, `scan_if_new_wallet` or `scan`");
}

void parseHdParams(ParamsReader& r, EthActivationParams& p) {
  if (auto path = r.optional<Json>("path_to_address")) {
    p.path_to_address = AddressPath::fromJson(*path, r.fieldPath("path_to_address"));
    const std::uint32_t address_id = p.path_to_address.address_id.value_or(0);
    if (address_id >= EvmHdWallet::kMaxAddressesPerAccount) {
      throwInvalidParams(
          r.fieldPath("path_to_address") + ".address_id: " + std::to_string(address_id) +
          " is out of range: walletd tracks at most " +
          std::to_string(EvmHdWallet::kMaxAddressesPerAccount) + " addresses per account");
    }
  }
  if (auto gap = r.optional<std::uint32_t>("gap_limit")) {
    if (*gap == 0 || *gap > EthActivationParams::kMaxGapLimit) {
      throwInvalidParams(r.fieldPath("gap_limit") + ": " + std::to_string(*gap) +
                         " is out of range 1.." +
                         std::to_string(EthActivationParams::kMaxGapLimit));
    }
    p.gap_limit = *gap;
  }
  p.min_addresses_number = r.optional<std::uint32_t>("min_addresses_number");
  if (p.min_addresses_number && *p.min_addresses_number > EvmHdWallet::kMaxAddressesPerAccount) {
    throwInvalidParams(r.fieldPath("min_addresses_number") + ": " +
                       std::to_string(*p.min_addresses_number) + " is out of range 0.." +
                       std::to_string(EvmHdWallet::kMaxAddressesPerAccount));
  }
  if (auto scan = r.optional<std::string>("scan_policy"))
    p.scan_policy = scanPolicy(*scan, r.fieldPath("scan_policy"));
}

}  // namespace

TokenRequest TokenRequest::fromJson(const Json& value, const std::string& path) {
  ParamsReader r(value, path, false);
  TokenRequest t{r.required<std::string>("ticker"),
                 r.optional<std::uint32_t>("required_confirmations")};
  r.optional<Json>("protocol");  // KDF accepts an inline protocol; the coins file is authoritative
  r.rejectUnknown();
  return t;
}

EthActivationParams EthActivationParams::parse(ParamsReader& r) {
  EthActivationParams p;
  p.ticker = r.required<std::string>("ticker");
  const Json nodes = r.required<Json>("nodes");
  if (!nodes.is_array())
    throwInvalidParams(r.fieldPath("nodes") + ": invalid type: expected an array of nodes");
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    p.nodes.push_back(
        CoinNode::fromJson(nodes[i], r.fieldPath("nodes") + "[" + std::to_string(i) + "]"));
  }
  if (auto tokens = r.optional<Json>("erc20_tokens_requests")) {
    if (!tokens->is_array())
      throwInvalidParams(r.fieldPath("erc20_tokens_requests") +
                         ": invalid type: expected an array");
    for (std::size_t i = 0; i < tokens->size(); ++i) {
      p.tokens.push_back(TokenRequest::fromJson(
          (*tokens)[i], r.fieldPath("erc20_tokens_requests") + "[" + std::to_string(i) + "]"));
    }
  }
  p.get_balances = r.optionalOr<bool>("get_balances", true);
  p.required_confirmations = r.optional<std::uint32_t>("required_confirmations");
  r.optional<bool>("requires_notarization");
  r.optional<bool>("tx_history");
  r.optional<bool>("contract_supports_watchers");
  r.optional<std::uint32_t>("mm2");
  if (auto mode = r.optional<std::string>("rpc_mode"); mode && *mode != "Default") {
    throwInvalidParams(r.fieldPath("rpc_mode") + ": unknown variant `" + mode->substr(0, 100) +
                       "`, expected `Default`");
  }
  checkSwapContracts(r);
  if (auto policy = r.optional<Json>("priv_key_policy")) {
    ParamsReader pk(*policy, r.fieldPath("priv_key_policy"), false);
    p.priv_key_policy = pk.required<std::string>("type");
    pk.optional<Json>("params");
    pk.rejectUnknown();
  }
  parseHdParams(r, p);
  r.optional<Json>("nft_req");
  return p;
}

}  // namespace walletd
