// Key export. Works for any coin of the coins file, activated or not.
// Iguana: [{coin, pubkey, address, priv_key}] from the Iguana key, addresses in the standard
// base58 form as KDF writes them. HD: [{coin, addresses:[{derivation_path, pubkey, address,
// priv_key}]}] for m/<coin path>/<account>'/0/<index>, addresses in the coin's own format.
#include "core/coins/key_export_methods.h"

#include "core/coins/coin_family.h"
#include "core/coins/key_export_errors.h"
#include "core/crypto/hashes.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/node/node.h"
#include "core/wallet/hd/hd_objects.h"

namespace walletd {
namespace {

constexpr std::uint64_t kMaxNonHardenedIndex = kHardened - 1;
constexpr std::uint32_t kMaxHdRange = 100;
constexpr std::size_t kMaxCoins = 100;  // bounds one request's work (KDF has no limit)

constexpr const char* kKeyModes[] = {"hd", "iguana"};

void checkCoinCount(const std::vector<std::string>& coins, const std::string& path) {
  if (coins.size() > kMaxCoins)
    throwInvalidParams(path + ": at most " + std::to_string(kMaxCoins) + " tickers per request");
}

struct GetPrivateKeysParams {
  std::vector<std::string> coins;
  std::optional<std::string> mode;  // "hd" | "iguana"
  std::optional<std::uint32_t> start_index, end_index, account_index;

  static const ObjectSchema<GetPrivateKeysParams>& schema() {
    using P = GetPrivateKeysParams;
    static const auto s =
        ObjectSchema<P>()
            .required("coins", &P::coins, "at most 100", &checkCoinCount)
            .optional<Literals<kKeyModes>>("mode", &P::mode)
            .optional<ChildIndexField>("start_index", &P::start_index)
            .optional<ChildIndexField>("end_index", &P::end_index, "at most start_index + 100")
            .optional<ChildIndexField>("account_index", &P::account_index);
    return s;
  }
};

const CoinEntry& coinEntry(const Node& node, const std::string& ticker) {
  const CoinEntry* entry = node.coins().find(ticker);
  if (entry == nullptr) {
    throw rpcError(OfflineKeysError::CoinConfigNotFound,
                   "Coin configuration not found for " + ticker, Json(ticker));
  }
  return *entry;
}

[[noreturn]] void derivationFailed(const std::string& ticker, const std::string& error) {
  throw rpcError(OfflineKeysError::KeyDerivationFailed,
                 "Failed to derive keys for " + ticker + ": " + error,
                 Json{{"ticker", ticker}, {"error", error}});
}

std::unique_ptr<AddressCodec> codecFor(const Node& node, const CoinEntry& coin) {
  std::unique_ptr<AddressCodec> codec = [&] {
    try {
      return node.families().codecFor(coin, node.coins());
    } catch (const CoinRulesError& e) {
      if (!e.missing_field.empty()) {
        throw rpcError(OfflineKeysError::MissingPrefixValue, e.what(),
                       Json{{"ticker", coin.ticker}, {"prefix_type", e.missing_field}});
      }
      throw rpcError(OfflineKeysError::Internal, e.what(), Json(std::string(e.what())));
    }
  }();
  return codec;
}

// A family's own rows (OwnKeyExport), its refusals answered as KeyDerivationFailed.
template <typename Rows>
Json ownRows(const std::string& ticker, Rows rows) {
  try {
    return rows();
  } catch (const CoinRulesError& e) {
    derivationFailed(ticker, e.what());
  }
}

void requireLogin(const Node& node) {
  if (node.keys().mode() == WalletKeys::Mode::NoLogin) {
    const std::string message =
        "no wallet is open: start walletd with a passphrase or a wallet_name";
    throw rpcError(OfflineKeysError::Internal, "Internal error: " + message, Json(message));
  }
}

Json iguanaKeys(const Node& node, const std::vector<std::string>& coins) {
  Json out = Json::array();
  for (const std::string& ticker : coins) {
    const CoinEntry& coin = coinEntry(node, ticker);
    const std::unique_ptr<AddressCodec> codec = codecFor(node, coin);
    if (node.keys().mode() != WalletKeys::Mode::Iguana)
      derivationFailed(ticker, "Iguana key derivation requires Iguana mode");
    if (const OwnKeyExport* own = codec->ownKeyExport()) {
      out.push_back(ownRows(ticker, [&] { return own->iguanaRow(node.keys()); }));
      continue;
    }
    const PrivateKey& key = node.keys().iguanaKey();
    const PublicKey& pub = node.keys().internalPublicKey();  // the Iguana key's public key
    Json item = Json::object();
    item["coin"] = ticker;
    item["pubkey"] = codec->publicKeyText(pub);
    item["address"] = codec->address(pub, false);
    item["priv_key"] = codec->privateKeyText(key);
    out.push_back(std::move(item));
  }
  return out;
}

Json hdKeys(const Node& node, const std::vector<std::string>& coins, std::uint32_t start,
            std::uint32_t end, std::uint32_t account) {
  Json out = Json::array();
  for (const std::string& ticker : coins) {
    const CoinEntry& coin = coinEntry(node, ticker);
    const std::unique_ptr<AddressCodec> codec = codecFor(node, coin);
    const Json& path_json =
        coin.conf.contains("derivation_path") ? coin.conf["derivation_path"] : Json();
    if (!path_json.is_string()) {
      derivationFailed(ticker,
                       path_json.is_null()
                           ? "Derivation path not defined for this coin. HD mode requires a "
                             "valid derivation_path in the coin configuration."
                           : "Invalid derivation_path format in coin configuration");
    }
    if (node.keys().mode() != WalletKeys::Mode::HD) {
      derivationFailed(
          ticker,
          "HD key derivation requires GlobalHDAccount mode. Please initialize with HD wallet.");
    }
    if (const OwnKeyExport* own = codec->ownKeyExport()) {
      Json addresses = ownRows(ticker, [&] {
        return own->hdAddresses(node.keys(), path_json.get<std::string>(), account);
      });
      out.push_back(Json{{"coin", ticker}, {"addresses", std::move(addresses)}});
      continue;
    }
    DerivationPath chain_path;
    try {
      chain_path =
          DerivationPath::parse(path_json.get<std::string>()).child(account | kHardened).child(0);
    } catch (const EncodingError& e) {
      derivationFailed(ticker,
                       "Invalid derivation path " + path_json.get<std::string>() + ": " + e.what());
    }
    Json addresses = Json::array();
    for (std::uint64_t index = start; index <= end; ++index) {
      const DerivationPath path = chain_path.child(static_cast<std::uint32_t>(index));
      const ExtendedKey key = node.keys().derive(path);
      Json item = Json::object();
      item["derivation_path"] = path.str();
      item["pubkey"] = codec->publicKeyText(key.publicKey());
      item["address"] = codec->address(key.publicKey(), true);
      item["priv_key"] = codec->privateKeyText(key.privateKey());
      addresses.push_back(std::move(item));
    }
    out.push_back(Json{{"coin", ticker}, {"addresses", std::move(addresses)}});
  }
  return out;
}

// An active coin whose keys are in a browser wallet has none walletd could show: the keys walletd
// would derive are its own, not the coin's address.
void refuseBrowserWalletCoins(Node& node, const std::vector<std::string>& coins) {
  for (const std::string& ticker : coins) {
    const auto coin = node.activeCoins().find(ticker);
    if (coin && coin->keysInBrowserWallet()) {
      const std::string message = ticker + "'s keys are in the browser wallet it was activated " +
                                  "with; walletd has no private key for its address";
      throw rpcError(OfflineKeysError::InvalidParametersForMode, message, Json(message));
    }
  }
}

Task<Json> getPrivateKeys(RequestContext& ctx, GetPrivateKeysParams p) {
  refuseBrowserWalletCoins(ctx.node, p.coins);
  const Node& node = ctx.node;
  const bool hd = p.mode ? *p.mode == "hd" : node.config().enable_hd;
  if (!hd) {
    if (p.start_index || p.end_index || p.account_index) {
      throw rpcError(OfflineKeysError::InvalidParametersForMode,
                     "Invalid parameters: start_index and end_index are only valid for HD mode");
    }
    requireLogin(node);
    co_return iguanaKeys(node, p.coins);
  }
  const std::uint32_t start = p.start_index.value_or(0);
  const std::uint32_t end = p.end_index.value_or(static_cast<std::uint32_t>(
      std::min<std::uint64_t>(static_cast<std::uint64_t>(start) + 10, kMaxNonHardenedIndex)));
  if (start > end) {
    throw rpcError(OfflineKeysError::InvalidHdRange,
                   "HD index range is invalid: start_index " + std::to_string(start) +
                       " must be less than or equal to end_index " + std::to_string(end),
                   Json{{"start_index", start}, {"end_index", end}});
  }
  if (end - start > kMaxHdRange) {
    throw rpcError(OfflineKeysError::HdRangeTooLarge,
                   "HD index range is too large: maximum range is 100 addresses");
  }
  requireLogin(node);
  co_return hdKeys(node, p.coins, start, end, p.account_index.value_or(0));
}

const PublicKey& internalKey(const Node& node) {
  try {
    return node.keys().internalPublicKey();
  } catch (const WalletKeysError& e) {
    throw rpcError(GetPublicKeyError::Internal, e.what(), Json(std::string(e.what())));
  }
}

Task<Json> getPublicKey(RequestContext& ctx, NoParams) {
  co_return Json{{"public_key", toHex(internalKey(ctx.node).compressed())}};
}

Task<Json> getPublicKeyHash(RequestContext& ctx, NoParams) {
  co_return Json{{"public_key_hash", toHex(hash160(internalKey(ctx.node).compressed()))}};
}

}  // namespace

void registerKeyExportMethods(MethodTable& t) {
  t.add({"get_private_keys",
         "{ coin: string; pubkey: string; address: string; priv_key: string; viewing_key?: string "
         "}[] | { coin: string; addresses: { derivation_path: string; z_derivation_path?: string; "
         "pubkey: string; address: string; priv_key: string; viewing_key?: string }[] }[]",
         MethodAccess::Protected, typedHandler(&getPrivateKeys), nullptr});
  t.add({"get_public_key", "{ public_key: string }", MethodAccess::Protected,
         typedHandler(&getPublicKey), nullptr});
  t.add({"get_public_key_hash", "{ public_key_hash: string }", MethodAccess::Protected,
         typedHandler(&getPublicKeyHash), nullptr});
}

}  // namespace walletd
