// Ethereum addresses: the last 20 bytes of Keccak-256 of the uncompressed public key, written with
// the EIP-55 mixed-case checksum.
#pragma once

#include <string>
#include <string_view>

#include "core/crypto/bytes.h"

namespace walletd {

using EthAddress = ByteArray<20>;

EthAddress ethAddressFromPublicKey(const ByteArray<65>& uncompressed);
std::string eip55Checksum(const EthAddress& address);  // "0x" + mixed case
// Parses "0x" + 40 hex digits. With `require_checksum`, the text must be exactly the EIP-55 form
// (KDF's rule); otherwise all-lowercase and all-uppercase are accepted too. Throws EncodingError.
EthAddress parseEthAddress(std::string_view text, bool require_checksum);

}  // namespace walletd
