// The params of enable_eth_with_tokens and task::enable_eth::init: KDF's EthActivationV2Request +
// erc20_tokens_requests + get_balances, which KDF shares between the EVM and TRON families (one
// request type, routed by the coin's protocol). Parsed as KDF parses it: fields it does not know
// are ignored (logged at debug level), a known field of the wrong type or out of range answers
// InvalidRequest naming the field. `raw` keeps the request so a family can read the fields only
// it knows (e.g. TRON's tron_gasless_provider) strictly.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/coins/json_rpc_client.h"
#include "core/rpc/schema.h"
#include "core/wallet/hd/hd_objects.h"

namespace walletd {

struct TokenRequest {
  std::string ticker;
  std::optional<std::uint32_t> required_confirmations;
  static const ObjectSchema<TokenRequest>& schema();
};

enum class ScanPolicy { DoNotScan, ScanIfNewWallet, Scan };
std::string showDefault(ScanPolicy policy);  // in the docs (schema.h)
// The scan_policy field: "do_not_scan" | "scan_if_new_wallet" | "scan".
struct ScanPolicyField {
  static ScanPolicy decode(const Json& v, const std::string& path);
  static std::string ts();
};

// KDF's PrivKeyActivationPolicy: the object form {type, params?} or the older string form.
struct PrivKeyPolicy {
  std::string type = "ContextPrivKey";  // ContextPrivKey | Trezor | WalletConnect | Metamask
  Json params;                          // WalletConnect's {session_topic}
  std::string session_topic;            // WalletConnect's, whichever form carried it
  // Its forms: "ContextPrivKey" | "Trezor" (KDF's older enum), {type, params?} (adjacently
  // tagged), {"WalletConnect": {session_topic}} (externally tagged, older), and for a session
  // wallet {"type":"WalletConnect","session_topic"} (the Flutter SDK) and
  // {"type":"SessionWallet","data": topic | [topic]} (the spec); each sets session_topic.
  bool sessionWallet() const { return type == "WalletConnect" || type == "SessionWallet"; }
  static const AlternativesSchema<PrivKeyPolicy>& schema();
  static PrivKeyPolicy fromJson(const Json& value, const std::string& path) {
    return schema().fromJson(value, path);
  }
  static std::string tsType() { return "PrivKeyPolicy"; }
};

struct PlatformActivationParams {
  static constexpr std::uint32_t kDefaultGapLimit = 20;
  static constexpr std::uint32_t kMaxGapLimit = 1000;             // the widest HD gap scanned
  static constexpr std::uint32_t kMaxAddressesPerAccount = 1000;  // HD addresses tracked
  static constexpr bool kDefaultGetBalances = true;

  std::string ticker;
  std::vector<CoinNode> nodes;
  std::vector<TokenRequest> tokens;
  bool get_balances = kDefaultGetBalances;
  std::optional<std::uint32_t> required_confirmations;
  std::optional<bool> requires_notarization, tx_history, contract_supports_watchers;
  std::optional<std::uint32_t> mm2;
  std::optional<std::string> rpc_mode;
  PrivKeyPolicy priv_key_policy;
  std::optional<std::string> swap_contract_address;
  std::optional<std::string> fallback_swap_contract;
  Json swap_v2_contracts;  // {maker_swap_v2_contract?, taker_swap_v2_contract?, nft_...?} or null
  // HD wallets only (ignored with the Iguana key, as in KDF).
  AddressPath path_to_address;
  std::uint32_t gap_limit = kDefaultGapLimit;
  ScanPolicy scan_policy = ScanPolicy::ScanIfNewWallet;
  std::optional<std::uint32_t> min_addresses_number;
  Json raw;  // the whole params object

  static const ObjectSchema<PlatformActivationParams>& schema();
  static std::string tsType() { return "PlatformActivationParams"; }
  // Declares PlatformActivationParams and the types it uses, with the defaults above.
  static void declareTypes(class MethodTable& table);
};

}  // namespace walletd
