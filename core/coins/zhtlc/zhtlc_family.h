// ZhtlcFamily: ZHTLC (shielded) entries. Their keys and addresses are Sapling ones, which
// walletd does not derive yet: the codec refuses, with the reason (a CoinRulesError, which key
// export answers as Internal), and validateaddress says why. Activation comes with the ZHTLC issue.
#pragma once

#include "core/coins/coin_family.h"
#include "core/encoding/encoding_error.h"

namespace walletd {

class ZhtlcAddressCodec : public AddressCodec {
 public:
  explicit ZhtlcAddressCodec(std::string ticker) : ticker_(std::move(ticker)) {}
  std::string address(const PublicKey&, bool) const override { refuse(); }
  std::string privateKeyText(const PrivateKey&) const override { refuse(); }
  std::string publicKeyText(const PublicKey&) const override { refuse(); }
  void validate(std::string_view) const override {
    throw EncodingError("shielded (ZHTLC) addresses are not supported yet");
  }

 private:
  [[noreturn]] void refuse() const {
    throw CoinRulesError("Shielded (ZHTLC) keys and addresses are not supported yet for " +
                         ticker_);
  }
  std::string ticker_;
};

class ZhtlcFamily : public CoinFamily {
 public:
  std::string_view name() const override { return "ZHTLC"; }
  std::vector<std::string_view> protocolTypes() const override { return {"ZHTLC"}; }
  std::unique_ptr<AddressCodec> addressCodec(const CoinEntry& coin,
                                             const CoinsConfig&) const override {
    return std::make_unique<ZhtlcAddressCodec>(coin.ticker);
  }
};

}  // namespace walletd
