// The ZIP-32 spending key of a ZHTLC coin's shielded account, as KDF derives it: the master key of
// the Iguana private key in Iguana mode; in HD mode the master key of the BIP39 seed, then the
// coin's z_derivation_path and the hardened `account`.
#pragma once

#include "core/coins/zhtlc/zhtlc_protocol.h"
#include "core/crypto/sapling/sapling_keys.h"
#include "core/wallet/keys/wallet_keys.h"

namespace walletd {

// Throws CoinRulesError (no or a malformed z_derivation_path in HD mode) or WalletKeysError.
sapling::ExtendedSpendingKey zhtlcSpendingKey(const WalletKeys& keys, const ZhtlcProtocol& protocol,
                                              std::uint32_t account);

}  // namespace walletd
