// Checking a wallet-signed EVM transaction (wallet_signed_transaction.h).
#include "core/coins/evm/wallet_signed_transaction.h"

#include "core/encoding/encoding_error.h"
#include "core/encoding/eth_address.h"
#include "core/encoding/rlp_decode.h"

namespace walletd {
namespace {

// The signature from the last three items [v or yParity, r, s]; nullopt when malformed.
std::optional<RecoverableSignature> signatureOf(const EvmTransaction& asked, const RlpItem& list) {
  if (!list.is_list || list.items.size() < 3) return std::nullopt;
  const std::size_t n = list.items.size();
  const RlpItem &v_item = list.items[n - 3], &r_item = list.items[n - 2],
                &s_item = list.items[n - 1];
  if (v_item.is_list || r_item.is_list || s_item.is_list || r_item.bytes.size() > 32 ||
      s_item.bytes.size() > 32 || v_item.bytes.size() > 8)
    return std::nullopt;
  std::uint64_t v = 0;
  for (std::uint8_t byte : v_item.bytes) v = (v << 8) | byte;
  RecoverableSignature sig;
  if (asked.type == EvmTransaction::Type::Legacy) {
    const std::uint64_t base = asked.chain_id * 2 + 35;
    if (v != base && v != base + 1) return std::nullopt;  // no EIP-155 protection, or another chain
    sig.recovery_id = static_cast<int>(v - base);
  } else {
    if (v > 1) return std::nullopt;
    sig.recovery_id = static_cast<int>(v);
  }
  std::copy(r_item.bytes.begin(), r_item.bytes.end(),
            sig.compact.begin() + (32 - r_item.bytes.size()));
  std::copy(s_item.bytes.begin(), s_item.bytes.end(),
            sig.compact.begin() + (64 - s_item.bytes.size()));
  return sig;
}

}  // namespace

WalletSignedCheck checkWalletSigned(const EvmTransaction& asked, ByteView raw,
                                    const EthAddress& account) {
  const bool typed = asked.type == EvmTransaction::Type::Eip1559;
  if (raw.empty() || (typed && raw[0] != 0x02))
    return {std::nullopt, "the wallet signed another transaction type"};
  RlpItem list;
  try {
    list = rlpDecode(typed ? raw.subspan(1) : raw);
  } catch (const EncodingError& e) {
    return {std::nullopt, std::string("the wallet's transaction is not RLP: ") + e.what()};
  }
  const std::optional<RecoverableSignature> sig = signatureOf(asked, list);
  if (!sig)
    return {std::nullopt, "the wallet's transaction carries no valid signature for chain " +
                              std::to_string(asked.chain_id)};
  EvmTransaction::Signed rebuilt = asked.withSignature(*sig);
  if (rebuilt.raw != Bytes(raw.begin(), raw.end()))
    return {std::nullopt,
            "the wallet signed a transaction that differs from the one walletd built"};
  std::optional<PublicKey> signer;
  try {
    signer = recoverPublicKey(asked.signingHash(), *sig);
  } catch (const std::exception&) {
  }
  if (!signer || ethAddressFromPublicKey(signer->uncompressed()) != account)
    return {std::nullopt, "the wallet signed with another key than the session's account " +
                              eip55Checksum(account)};
  return {std::move(rebuilt), ""};
}

}  // namespace walletd
