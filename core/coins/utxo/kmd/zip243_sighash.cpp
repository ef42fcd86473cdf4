// ZIP-243 digests, with the transaction-wide hashes computed once per transaction.
#include "core/coins/utxo/kmd/zip243_sighash.h"

#include <algorithm>
#include <stdexcept>

#include "core/coins/utxo/kmd/overwinter_codec.h"
#include "core/encoding/wire.h"
#include "core/crypto/blake2b.h"

namespace walletd {
namespace {

ByteArray<32> blake2b256(ByteView data, const char (&personal)[17]) {
  const Bytes digest =
      blake2b(data, {32, {}, ByteView(reinterpret_cast<const std::uint8_t*>(personal), 16)});
  ByteArray<32> out;
  std::copy(digest.begin(), digest.end(), out.begin());
  return out;
}

class Zip243Digests : public UtxoInputDigests {
 public:
  Zip243Digests(const UtxoTransaction& tx, std::uint32_t branch_id, std::uint32_t group_id)
      : tx_(tx), branch_id_(branch_id) {
    // A transparent transaction's fields: any expiry height, then a zero value balance and no
    // spends, outputs or JoinSplits.
    const Bytes& fields = tx.chain_fields;
    if (fields.size() != 15 ||
        !std::all_of(fields.begin() + 4, fields.end(), [](std::uint8_t b) { return b == 0; }))
      throw std::invalid_argument("walletd signs transparent overwintered transactions only");
    const TransparentParts parts = transparentParts(tx);
    // The part of the preimage every input shares, up to the hash type.
    WireWriter w(common_);
    w.u32(static_cast<std::uint32_t>(tx.version) | OverwinterCodec::kOverwinteredBit);
    w.u32(group_id);
    w.raw(blake2b256(parts.prevouts, "ZcashPrevoutHash"));
    w.raw(blake2b256(parts.sequences, "ZcashSequencHash"));
    w.raw(blake2b256(parts.outputs, "ZcashOutputsHash"));
    w.raw(ByteArray<32>{});  // hashJoinSplits
    w.raw(ByteArray<32>{});  // hashShieldedSpends
    w.raw(ByteArray<32>{});  // hashShieldedOutputs
    w.u32(tx.locktime);
    w.raw(ByteView(tx.chain_fields.data(), 4 + 8));  // expiry height, value balance
    w.u32(kSighashAll);
  }

  Digest32 digest(std::size_t index, SpendKind, ByteView script_code,
                  std::uint64_t amount) const override {
    if (index >= tx_.inputs.size()) throw std::out_of_range("no such input");
    Bytes preimage = common_;
    WireWriter w(preimage);
    w.raw(tx_.inputs[index].prevout.txid);
    w.u32(tx_.inputs[index].prevout.index);
    w.varBytes(script_code);
    w.u64(amount);
    w.u32(tx_.inputs[index].sequence);
    char personal[17] = "ZcashSigHash....";
    for (int i = 0; i < 4; ++i) personal[12 + i] = static_cast<char>(branch_id_ >> (8 * i));
    const Bytes hash =
        blake2b(preimage, {32, {}, ByteView(reinterpret_cast<const std::uint8_t*>(personal), 16)});
    Digest32 out;
    std::copy(hash.begin(), hash.end(), out.begin());
    return out;
  }

 private:
  const UtxoTransaction& tx_;
  std::uint32_t branch_id_;
  Bytes common_;
};

}  // namespace

std::unique_ptr<UtxoInputDigests> Zip243Sighash::forTransaction(const UtxoTransaction& tx) const {
  return std::make_unique<Zip243Digests>(tx, branch_id_, version_group_id_);
}

}  // namespace walletd
