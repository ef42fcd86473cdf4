// Address conversion (spec §2.2 "Address format request") and validation. Both answer from the
// coins file, so the coin need not be activated. Legacy answers are {"result": ...}; mmrpc 2.0
// answers the same object as its result.
#include "core/coins/address_methods.h"

#include "core/coins/address_errors.h"
#include "core/coins/coin_family.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/eth_address.h"
#include "core/encoding/hex.h"
#include "core/node/node.h"

namespace walletd {
namespace {

// KDF's UtxoAddressFormat (standard, segwit, cashaddress), EthAddressFormat (mixedcase,
// singlecase) and QTUM's contract/wallet.
constexpr const char* kAddressFormats[] = {"mixedcase", "singlecase", "cashaddress", "standard",
                                           "segwit",    "contract",   "wallet"};

void checkNetwork(const std::string& network, const std::string& path) {
  if (network.empty() || network.size() > 83)
    throwInvalidParams(path + ": must have 1 to 83 characters");
}

// {format, network?}: `network` belongs to cashaddress (elsewhere it is ignored, as KDF ignores
// it).
struct AddressFormatRequest {
  std::string format;
  std::optional<std::string> network;
  static const ObjectSchema<AddressFormatRequest>& schema() {
    static const auto s =
        ObjectSchema<AddressFormatRequest>()
            .required<Literals<kAddressFormats>>("format", &AddressFormatRequest::format)
            .optional("network", &AddressFormatRequest::network)
            .then([](AddressFormatRequest& f, const ParamsReader& r) {
              if (f.format != "cashaddress") f.network.reset();
              if (f.network) checkNetwork(*f.network, r.fieldPath("network"));
            });
    return s;
  }
};

struct ConvertAddressParams {
  std::string coin;
  std::string from;
  AddressFormatRequest to_address_format;
  static const ObjectSchema<ConvertAddressParams>& schema() {
    static const auto s =
        ObjectSchema<ConvertAddressParams>()
            .required("coin", &ConvertAddressParams::coin)
            .required("from", &ConvertAddressParams::from)
            .required("to_address_format", &ConvertAddressParams::to_address_format);
    return s;
  }
};

struct ValidateAddressParams {
  std::string coin;
  std::string address;
  static const ObjectSchema<ValidateAddressParams>& schema() {
    static const auto s = ObjectSchema<ValidateAddressParams>()
                              .required("coin", &ValidateAddressParams::coin)
                              .required("address", &ValidateAddressParams::address);
    return s;
  }
};

std::unique_ptr<AddressCodec> codecFor(const Node& node, const std::string& ticker) {
  const CoinEntry* entry = node.coins().find(ticker);
  if (entry == nullptr)
    throw rpcError(AddressRpcError::NoSuchCoin, "No such coin " + ticker, Json{{"coin", ticker}});
  try {
    return node.families().codecFor(*entry, node.coins());
  } catch (const CoinRulesError& e) {
    throw rpcError(AddressRpcError::UnsupportedAddressFormat, e.what(),
                   Json{{"coin", ticker}, {"format", ""}});
  }
}

Json convert(const Node& node, const ConvertAddressParams& p) {
  const std::unique_ptr<AddressCodec> codec = codecFor(node, p.coin);
  const std::string& format = p.to_address_format.format;
  std::optional<std::string> converted;
  try {
    converted = codec->convert(p.from, format, p.to_address_format.network);
  } catch (const EncodingError& e) {
    throw rpcError(AddressRpcError::InvalidAddress, std::string("Invalid address: ") + e.what(),
                   Json(std::string(e.what())));
  }
  if (!converted) {
    throw rpcError(AddressRpcError::UnsupportedAddressFormat,
                   "Address format " + format + " is not supported for " + p.coin,
                   Json{{"coin", p.coin}, {"format", format}});
  }
  return Json{{"address", *converted}};
}

Json validate(const Node& node, const ValidateAddressParams& p) {
  const std::unique_ptr<AddressCodec> codec = codecFor(node, p.coin);
  try {
    codec->validate(p.address);
    return Json{{"is_valid", true}};
  } catch (const EncodingError& e) {
    return Json{{"is_valid", false}, {"reason", e.what()}};
  }
}

Task<Json> convertAddress(RequestContext& ctx, ConvertAddressParams p) {
  co_return convert(ctx.node, p);
}
Task<Json> validateAddress(RequestContext& ctx, ValidateAddressParams p) {
  co_return validate(ctx.node, p);
}

}  // namespace

void registerAddressMethods(MethodTable& t) {
  t.add({"convertaddress", "{ address: string }", MethodAccess::Protected,
         typedHandler(&convertAddress), legacyResultHandler(&convertAddress)});
  t.add({"validateaddress", "{ is_valid: boolean; reason?: string }", MethodAccess::Protected,
         typedHandler(&validateAddress), legacyResultHandler(&validateAddress)});
}

}  // namespace walletd
