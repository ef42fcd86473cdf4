// ERC20 ABI: a 4-byte selector (first bytes of keccak256 of the signature) then 32-byte words.
#include "core/encoding/token_abi.h"

#include <algorithm>

#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"

namespace walletd {
namespace {

constexpr std::uint8_t kTransfer[4] = {0xa9, 0x05, 0x9c, 0xbb};   // transfer(address,uint256)
constexpr std::uint8_t kBalanceOf[4] = {0x70, 0xa0, 0x82, 0x31};  // balanceOf(address)
constexpr std::uint8_t kDecimals[4] = {0x31, 0x3c, 0xe5, 0x67};   // decimals()

// selector || one 32-byte word per argument, written in place.
Bytes call(const std::uint8_t (&selector)[4], std::size_t words) {
  Bytes out(4 + 32 * words, 0);
  std::copy(selector, selector + 4, out.begin());
  return out;
}

void putAddress(Bytes& out, std::size_t word, const EthAddress& address) {
  std::copy(address.begin(), address.end(),
            out.begin() + static_cast<std::ptrdiff_t>(4 + 32 * word + 12));
}

}  // namespace

Bytes erc20TransferData(const EthAddress& to, const UInt256& amount) {
  Bytes out = call(kTransfer, 2);
  putAddress(out, 0, to);
  const auto word = amount.toBigEndian32();
  std::copy(word.begin(), word.end(), out.begin() + 36);
  return out;
}

Bytes erc20BalanceOfData(const EthAddress& owner) {
  Bytes out = call(kBalanceOf, 1);
  putAddress(out, 0, owner);
  return out;
}

Bytes erc20DecimalsData() {
  return call(kDecimals, 0);
}

std::optional<UInt256> decodeUint256Result(std::string_view hex) {
  try {
    const Bytes bytes = fromHex(hex, true);
    if (bytes.size() < 32) return std::nullopt;
    return UInt256::fromBigEndian(ByteView(bytes).first(32));
  } catch (const EncodingError&) {
    return std::nullopt;
  }
}

}  // namespace walletd
