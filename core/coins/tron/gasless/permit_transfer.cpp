// TIP-712 hashing, signing and signer recovery for PermitTransfer.
#include "core/coins/tron/gasless/permit_transfer.h"

#include <algorithm>
#include <string_view>

#include "core/crypto/crypto_error.h"
#include "core/crypto/keccak.h"

namespace walletd {
namespace {

constexpr std::string_view kDomainType =
    "EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)";
constexpr std::string_view kPermitType =
    "PermitTransfer(address token,address serviceProvider,address user,address receiver,"
    "uint256 value,uint256 maxFee,uint256 deadline,uint256 version,uint256 nonce)";

ByteArray<32> keccakText(std::string_view text) {
  return keccak256(ByteView(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

void appendWord(Bytes& out, const ByteArray<32>& word) {
  out.insert(out.end(), word.begin(), word.end());
}

void appendWord(Bytes& out, const EthAddress& address) {
  out.insert(out.end(), 12, 0);
  out.insert(out.end(), address.begin(), address.end());
}

void appendWord(Bytes& out, const UInt256& value) {
  appendWord(out, value.toBigEndian32());
}

}  // namespace

Digest32 permitDomainSeparator(const RelayNetwork& network) {
  Bytes encoded;
  appendWord(encoded, keccakText(kDomainType));
  appendWord(encoded, keccakText("GasFreeController"));
  appendWord(encoded, keccakText("V1.0.0"));
  appendWord(encoded, UInt256(network.chain_id));
  appendWord(encoded, network.controller);
  return keccak256(encoded);
}

Digest32 permitStructHash(const PermitTransfer& p) {
  Bytes encoded;
  appendWord(encoded, keccakText(kPermitType));
  appendWord(encoded, p.token);
  appendWord(encoded, p.service_provider);
  appendWord(encoded, p.user);
  appendWord(encoded, p.receiver);
  appendWord(encoded, p.value);
  appendWord(encoded, p.max_fee);
  appendWord(encoded, UInt256(p.deadline));
  appendWord(encoded, UInt256(p.version));
  appendWord(encoded, UInt256(p.nonce));
  return keccak256(encoded);
}

Digest32 permitDigest(const RelayNetwork& network, const PermitTransfer& permit) {
  Bytes encoded{0x19, 0x01};
  appendWord(encoded, permitDomainSeparator(network));
  appendWord(encoded, permitStructHash(permit));
  return keccak256(encoded);
}

PermitSignature signPermit(const RelayNetwork& network, const PermitTransfer& permit,
                           const PrivateKey& key) {
  const RecoverableSignature sig = signRecoverable(permitDigest(network, permit), key);
  PermitSignature out{};
  std::copy(sig.compact.begin(), sig.compact.end(), out.begin());
  out[64] = static_cast<std::uint8_t>(27 + sig.recovery_id);
  return out;
}

std::optional<EthAddress> permitSigner(const RelayNetwork& network, const PermitTransfer& permit,
                                       const PermitSignature& signature) {
  if (signature[64] != 27 && signature[64] != 28) return std::nullopt;
  RecoverableSignature sig;
  std::copy(signature.begin(), signature.begin() + 64, sig.compact.begin());
  sig.recovery_id = signature[64] - 27;
  try {
    const PublicKey key = recoverPublicKey(permitDigest(network, permit), sig);
    return ethAddressFromPublicKey(key.uncompressed());
  } catch (const CryptoError&) {
    return std::nullopt;
  }
}

}  // namespace walletd
