// HD mode for a platform activated through enable_eth_with_tokens / task::enable_eth::* (EVM,
// TRON): the HD wallet opened from the coins file's derivation_path and the accounts stored for
// this wallet, path_to_address checked and made known (the activated address), KDF's scan
// policy, the accounts saved after a successful activation, and KDF's HD activation answer.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/async/task.h"
#include "core/coins/coins_config.h"
#include "core/coins/platform_activation_params.h"
#include "core/wallet/hd/hd_wallet.h"

namespace walletd {

class Node;

struct HdPlatformWallet {
  std::shared_ptr<HdWallet> hd;
  HdAddressRef activated;   // path_to_address: the coin's default sender
  bool new_wallet = false;  // no accounts were stored for this wallet and coin

  // Whether the activation scans for used addresses (scan_policy).
  bool shouldScan(const PlatformActivationParams& p) const;
};

// The id a wallet's records are stored under: KDF's HD wallet storage id, the hex HASH160 of the
// wallet's internal public key (the Iguana key's in Iguana mode).
std::string walletStorageId(const WalletKeys& keys);

// What any HD activation asks for (the platform's params, or UTXO's).
struct HdOpenRequest {
  std::string ticker;
  AddressPath path_to_address;
  std::optional<std::uint32_t> min_addresses_number;
  bool internal_chain = false;  // the family uses the Internal chain (UTXO change)
  // A hardware wallet's: the accounts are stored under the device's id (its device_pubkey, as
  // KDF keys them) and the wallet is public-only, its account keys set by the caller.
  std::optional<std::string> device_storage_id;
};

// Why an HD wallet could not be opened: the coins file (no usable derivation_path) or the request
// (path_to_address on a chain the family does not use, or a derivation_path that disagrees
// with its indexes).
struct HdOpenError : std::runtime_error {
  HdOpenError(const std::string& message, bool bad_request_)
      : std::runtime_error(message), bad_request(bad_request_) {}
  bool bad_request;
};

// Throws HdOpenError.
Task<HdPlatformWallet> openHdWallet(Node& node, const CoinEntry& entry, HdOpenRequest request);

// openHdWallet for a platform: throws PlatformCoinCreationError or InvalidPayload.
Task<HdPlatformWallet> openHdPlatformWallet(Node& node, const CoinEntry& entry,
                                            const PlatformActivationParams& p,
                                            std::optional<std::string> device_storage_id = {});

// Whether an activation scans for used addresses (KDF's scan_policy).
bool shouldScanHd(ScanPolicy policy, bool new_wallet);

Task<void> saveHdPlatformWallet(Node& node, const std::string& ticker, const HdWallet& hd);

// {current_block, ticker, wallet_balance, nfts_infos:{}}.
Json hdActivationResult(std::uint64_t current_block, const std::string& ticker,
                        const WalletBalanceInfo& balance);

}  // namespace walletd
