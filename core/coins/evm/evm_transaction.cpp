// EIP-155: sign keccak(rlp([nonce, gasPrice, gas, to, value, data, chainId, 0, 0])), then
// v = recovery_id + chainId * 2 + 35. EIP-1559: sign keccak(0x02 || rlp([chainId, nonce,
// maxPriorityFee, maxFee, gas, to, value, data, []])) and append yParity, r, s.
#include "core/coins/evm/evm_transaction.h"

#include <algorithm>

#include "core/crypto/keccak.h"
#include "core/encoding/rlp.h"

namespace walletd {
namespace {

constexpr std::uint8_t kEip1559Type = 0x02;

RlpList fields(const EvmTransaction& tx) {
  RlpList list;
  const ByteView to = tx.to ? ByteView(*tx.to) : ByteView();
  if (tx.type == EvmTransaction::Type::Legacy) {
    list.uint(tx.nonce)
        .uint(tx.gas_price)
        .uint(tx.gas_limit)
        .bytes(to)
        .uint(tx.value)
        .bytes(tx.data);
  } else {
    list.uint(tx.chain_id)
        .uint(tx.nonce)
        .uint(tx.max_priority_fee_per_gas)
        .uint(tx.max_fee_per_gas);
    list.uint(tx.gas_limit).bytes(to).uint(tx.value).bytes(tx.data).encoded(RlpList().encode());
  }
  return list;
}

Bytes typed(const Bytes& rlp) {
  Bytes out(1 + rlp.size());
  out[0] = kEip1559Type;
  std::copy(rlp.begin(), rlp.end(), out.begin() + 1);
  return out;
}

}  // namespace

Digest32 EvmTransaction::signingHash() const {
  RlpList list = fields(*this);
  if (type == Type::Legacy) {
    list.uint(chain_id).uint(0).uint(0);
    return keccak256(list.encode());
  }
  return keccak256(typed(list.encode()));
}

EvmTransaction::Signed EvmTransaction::sign(const PrivateKey& key) const {
  return withSignature(signRecoverable(signingHash(), key));
}

EvmTransaction::Signed EvmTransaction::withSignature(const RecoverableSignature& sig) const {
  const auto r = UInt256::fromBigEndian(ByteView(sig.compact).first(32));
  const auto s = UInt256::fromBigEndian(ByteView(sig.compact).subspan(32));
  RlpList list = fields(*this);
  Signed out;
  if (type == Type::Legacy) {
    const auto v = UInt256(chain_id).mulSmall(2)->add(
        UInt256(35 + static_cast<std::uint64_t>(sig.recovery_id)));
    list.uint(*v).uint(*r).uint(*s);
    out.raw = list.encode();
  } else {
    list.uint(static_cast<std::uint64_t>(sig.recovery_id)).uint(*r).uint(*s);
    out.raw = typed(list.encode());
  }
  out.hash = keccak256(out.raw);
  return out;
}

}  // namespace walletd
