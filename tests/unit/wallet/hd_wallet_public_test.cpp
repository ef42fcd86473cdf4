// A public-only HD wallet (a hardware wallet's): each account's extended public key given, the
// addresses derived from it — the account xpub of Trezor's test seed at m/44'/60'/0' gives the
// published first ETH address — and no private key anywhere.
#include <catch2/catch.hpp>

#include <algorithm>

#include "core/wallet/hd/hd_wallet.h"

using namespace walletd;

TEST_CASE("a public-only HD wallet derives a device's addresses from its account xpub") {
  HdWallet hd(WalletKeys::noLogin(), DerivationPath::parse("m/44'/60'"), {});
  hd.makePublicOnly();
  hd.setAccountKey(0,
                   ExtendedKey::parse("xpub6CNFa58kEQJu2hwMVoofpDEKVVSg6gfwqBqE2zHAianaUnQkrJzJ"
                                      "J42iLDp7Dmg2aP88qCKoFZ4jidk3tECdQuF4567NGHDfe7iBRwHxgke"));
  const KeccakAccountKey first = hd.keccakKeyAt({0, 0});
  CHECK(eip55Checksum(first.account) == "0x73d0385F4d8E00C5e6504C6030F47BF6212736A8");
  CHECK(first.derivation_path == "m/44'/60'/0'/0/0");
  CHECK(std::all_of(first.key.data(), first.key.data() + 32, [](auto b) { return b == 0; }));
  CHECK_FALSE(hd.keyAt({0, 1}).hasPrivateKey());
  CHECK_THROWS_AS(hd.keccakKeyAt({1, 0}), std::runtime_error);  // no xpub for account 1
}
