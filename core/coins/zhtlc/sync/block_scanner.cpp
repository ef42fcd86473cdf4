// The scanner decrypts a whole batch of blocks at once (one inversion per batch), then walks the
// blocks in order to append commitments and update witnesses.
#include "core/coins/zhtlc/sync/block_scanner.h"

#include <unordered_map>

#include "core/crypto/sapling/pedersen_hash.h"
#include "core/crypto/sapling/trial_decryption.h"

namespace walletd {
namespace {

struct NfHash {
  std::size_t operator()(const ByteArray<32>& nf) const {
    std::size_t h = 0;
    for (int i = 0; i < 8; ++i) h = (h << 8) | nf[static_cast<std::size_t>(i)];
    return h;
  }
};

std::vector<sapling::CompactOutput> outputsOf(std::span<const CompactBlock> blocks) {
  std::vector<sapling::CompactOutput> out;
  for (const CompactBlock& block : blocks) {
    for (const CompactTx& tx : block.vtx) {
      for (const CompactSaplingOutput& o : tx.outputs) out.push_back({o.cmu, o.epk, o.ciphertext});
    }
  }
  return out;
}

class BlockWalker {
 public:
  BlockWalker(WalletState& state, const ScanKeys& keys) : state_(state), keys_(keys) {
    for (std::size_t i = 0; i < state_.notes.size(); ++i) {
      if (!state_.notes[i].spent()) unspent_[state_.notes[i].nf] = i;
    }
  }

  void block(const CompactBlock& block, const std::optional<sapling::SaplingNote>*& hit,
             ScanOutcome& outcome) {
    for (const CompactTx& tx : block.vtx) {
      bool touched = false;
      for (const CompactSaplingSpend& spend : tx.spends) touched |= markSpent(spend.nf, tx, block);
      for (std::size_t k = 0; k < tx.outputs.size(); ++k, ++hit) {
        if (*hit) {
          receive(**hit, tx, block, static_cast<std::uint32_t>(k));
          touched = true;
          ++outcome.notes_received;
        } else {
          append(tx.outputs[k].cmu);
        }
      }
      if (touched) state_.txs.push_back({tx.hash, block.height, block.time, tx.index});
    }
    state_.height = block.height;
    state_.hash = block.hash;
    state_.time = block.time;
    outcome.notes_spent += spent_now_;
    spent_now_ = 0;
  }

 private:
  bool markSpent(const ByteArray<32>& nf, const CompactTx& tx, const CompactBlock& block) {
    auto it = unspent_.find(nf);
    if (it == unspent_.end()) return false;
    WalletNote& note = state_.notes[it->second];
    note.spent_txid = tx.hash;
    note.spent_height = block.height;
    note.witness.reset();
    unspent_.erase(it);
    ++spent_now_;
    return true;
  }

  void append(const ByteArray<32>& cmu) {
    state_.frontier.append(cmu, [this](int level, std::uint64_t index, const auto& node) {
      for (WalletNote& n : state_.notes) {
        if (n.witness) n.witness->observe(level, index, node);
      }
    });
  }

  void receive(const sapling::SaplingNote& found, const CompactTx& tx, const CompactBlock& block,
               std::uint32_t output) {
    WalletNote note;
    note.txid = tx.hash;
    note.height = block.height;
    note.output_index = output;
    note.value = found.value;
    note.diversifier = found.diversifier;
    note.rcm = found.rcm.toBytes();
    const sapling::JubjubPoint cm = found.commitmentPoint();
    note.cmu = cm.affineU().toBytes();
    const std::uint64_t position = state_.frontier.size();
    note.nf = sapling::nullifier(keys_.nk, cm, position);
    note.witness = sapling::NoteWitness::forNextLeaf(state_.frontier);
    unspent_[note.nf] = state_.notes.size();
    state_.notes.push_back(std::move(note));
    append(state_.notes.back().cmu);
  }

  WalletState& state_;
  const ScanKeys& keys_;
  std::unordered_map<ByteArray<32>, std::size_t, NfHash> unspent_;
  std::size_t spent_now_ = 0;
};

}  // namespace

ScanOutcome scanBlocks(WalletState& state, const ScanKeys& keys,
                       std::span<const CompactBlock> blocks, ComputePool* pool) {
  ScanOutcome outcome;
  if (blocks.empty()) return outcome;
  const std::vector<sapling::CompactOutput> outputs = outputsOf(blocks);
  const auto hits = sapling::trialDecryptCompact(keys.ivk, outputs, pool);
  const std::optional<sapling::SaplingNote>* hit = hits.data();
  BlockWalker walker(state, keys);
  for (const CompactBlock& block : blocks) {
    if (block.height != state.height + 1 || block.prev_hash != state.hash)
      throw ChainMismatch(block.height);
    walker.block(block, hit, outcome);
  }
  return outcome;
}

}  // namespace walletd
