// Which of a Bitcoin Cash wallet's outputs carry tokens, so a BCH withdraw or merge never spends
// (and burns) them: an SLP token or baton (the OP_RETURN at output 0 of the transaction that made
// the output, as KDF's bch.rs classifies them), or a CashToken (the output's own script starts
// with the token prefix 0xef). KDF spends token outputs whenever BCH is typed `UTXO` in the coins
// file (as it is today); walletd classifies them for every cashaddress coin.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/crypto/bytes.h"

namespace walletd {

// An SLP OP_RETURN (token type 1 or 2): the kind, the token id where it names one, the SEND
// amounts and the minting baton's output index.
struct SlpMessage {
  enum class Kind { Genesis, Mint, Send } kind = Kind::Send;
  Bytes token_id;                      // MINT and SEND
  std::vector<std::uint64_t> amounts;  // SEND: output 1, 2, ...; GENESIS/MINT: the quantity
  std::optional<std::uint8_t> baton_vout;
};

// nullopt when `script` is not an OP_RETURN with the SLP lokad id; throws std::invalid_argument
// when it has the id but does not parse as SLP (such outputs are never spent: undetermined).
std::optional<SlpMessage> parseSlpMessage(ByteView script);

enum class BchOutputKind { Plain, SlpToken, SlpBaton, CashToken, Undetermined };

// The kind of output `vout` of `made_by` (the outputs of the transaction that created it).
BchOutputKind classifyBchOutput(const std::vector<Bytes>& made_by_scripts, std::uint32_t vout);

}  // namespace walletd
