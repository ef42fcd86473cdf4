// OverwinterCodec: the wire form of overwintered version-4 transactions (the Sapling-era Zcash
// form KMD, its asset chains and ZEC use): header (version | the overwinter bit), version group
// id, inputs, outputs, locktime, then expiry height, value balance and the Sapling parts, kept in
// UtxoTransaction::chain_fields. The txid hashes the whole form (no witnesses here).
#pragma once

#include "core/coins/utxo/tx/utxo_tx_codec.h"

namespace walletd {

class OverwinterCodec : public UtxoTxCodec {
 public:
  static constexpr std::uint32_t kOverwinteredBit = 0x80000000;
  explicit OverwinterCodec(std::uint32_t version_group_id) : version_group_id_(version_group_id) {}

  Bytes serialize(const UtxoTransaction& tx) const override;
  Bytes txidPreimage(const UtxoTransaction& tx) const override { return serialize(tx); }
  // Refuses another version or version group; reads the Sapling parts' sizes to keep them whole.
  UtxoTransaction parse(ByteView bytes) const override;

  // chain_fields of a transparent transaction: expiry height 0, value balance 0, no Sapling
  // spends, outputs or JoinSplits (what KDF writes).
  static Bytes transparentFields();

 private:
  std::uint32_t version_group_id_;
};

}  // namespace walletd
