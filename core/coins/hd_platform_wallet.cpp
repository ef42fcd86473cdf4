// Opening, saving and reporting a platform's HD wallet at activation.
#include "core/coins/hd_platform_wallet.h"

#include <algorithm>

#include "core/coins/platform_activation_errors.h"
#include "core/crypto/hashes.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/node/node.h"

namespace walletd {
namespace {

std::string walletId(const Node& node) {
  return walletStorageId(node.keys());
}

}  // namespace

std::string walletStorageId(const WalletKeys& keys) {
  return toHex(hash160(keys.internalPublicKey().compressed()));
}

bool shouldScanHd(ScanPolicy policy, bool new_wallet) {
  return policy == ScanPolicy::Scan || (policy == ScanPolicy::ScanIfNewWallet && new_wallet);
}

bool HdPlatformWallet::shouldScan(const PlatformActivationParams& p) const {
  return shouldScanHd(p.scan_policy, new_wallet);
}

Task<HdPlatformWallet> openHdWallet(Node& node, const CoinEntry& entry, HdOpenRequest request) {
  const auto path_text = entry.string("derivation_path");
  DerivationPath coin_path;
  try {
    if (!path_text) throw EncodingError("the coins file has no derivation_path");
    coin_path = DerivationPath::parse(*path_text);
  } catch (const EncodingError& e) {
    throw HdOpenError(std::string("HD mode needs the coin's derivation_path: ") + e.what(), false);
  }
  const AddressPath& target = request.path_to_address;
  const Bip44Chain chain = target.chain.value_or(Bip44Chain::External);
  if (chain != Bip44Chain::External && !request.internal_chain) {
    throw HdOpenError("path_to_address: HD wallets of this coin use the External chain only", true);
  }
  HdPlatformWallet out;
  out.activated = {target.account_id, target.address_id.value_or(0), chain};
  const std::string storage_id = request.device_storage_id.value_or(walletId(node));
  std::vector<HdAccountRecord> records =
      co_await HdAccountStore(node.storage(), storage_id).load(request.ticker);
  out.new_wallet = records.empty();
  out.hd = std::make_shared<HdWallet>(node.keys(), coin_path, std::move(records),
                                      request.internal_chain);
  if (request.device_storage_id) {
    out.hd->setStorageId(*request.device_storage_id);
    out.hd->makePublicOnly();
  }
  const std::string activated_path = out.hd->addressPath(out.activated).str();
  if (target.derivation_path && target.derivation_path->str() != activated_path) {
    throw HdOpenError("path_to_address: derivation_path " + target.derivation_path->str() +
                          " does not match account_id / chain / address_id (" + activated_path +
                          ")",
                      true);
  }
  out.hd->ensureAccount(0);  // KDF creates the first account of a new wallet
  out.hd->ensureAddresses(target.account_id, request.min_addresses_number.value_or(0));
  out.hd->ensureAddresses(target.account_id, out.activated.index + 1, chain);
  co_return out;
}

Task<HdPlatformWallet> openHdPlatformWallet(Node& node, const CoinEntry& entry,
                                            const PlatformActivationParams& p,
                                            std::optional<std::string> device_storage_id) {
  std::optional<HdOpenError> failure;
  HdPlatformWallet out;
  HdOpenRequest request;
  request.ticker = p.ticker;
  request.path_to_address = p.path_to_address;
  request.min_addresses_number = p.min_addresses_number;
  request.device_storage_id = std::move(device_storage_id);
  try {
    out = co_await openHdWallet(node, entry, std::move(request));
  } catch (const HdOpenError& e) {
    failure = e;
  }
  if (failure && failure->bad_request) throwInvalidPayload(failure->what());
  if (failure) throwPlatformCreationError(p.ticker, failure->what());
  co_return out;
}

Task<void> saveHdPlatformWallet(Node& node, const std::string& ticker, const HdWallet& hd) {
  const std::string storage_id = hd.storageId().value_or(walletId(node));
  co_await HdAccountStore(node.storage(), storage_id).save(ticker, hd.accounts());
}

Json hdActivationResult(std::uint64_t current_block, const std::string& ticker,
                        const WalletBalanceInfo& balance) {
  Json out = Json::object();
  out["current_block"] = current_block;
  out["ticker"] = ticker;
  out["wallet_balance"] = balance.toJson();
  out["nfts_infos"] = Json::object();
  return out;
}

}  // namespace walletd
