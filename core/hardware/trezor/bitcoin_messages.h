// The Bitcoin-family signing messages (messages-bitcoin.proto): SignTx, the device's TxRequest,
// and the host's TxAck answers. Every TxAck (the new TxAckInput, TxAckOutput, TxAckPrevMeta, …
// and the old single form) is message 22 with field 1 `tx`, whose field numbers coincide: inputs
// 2, bin_outputs 3, lock_time 4, outputs 5, inputs_cnt 6, outputs_cnt 7, extra_data 8,
// extra_data_len 9, version 1. Transaction hashes travel in display (byte-reversed) order.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/hardware/trezor/messages.h"

namespace walletd::trezor {

// OutputScriptType for an output by address_n (change): PAYTOADDRESS or PAYTOWITNESS.
enum class OutputScriptType : std::uint32_t { PayToAddress = 0, PayToWitness = 4 };

struct BitcoinInput {
  std::vector<std::uint32_t> path;
  Bytes prev_hash;  // display order
  std::uint32_t prev_index = 0;
  std::uint64_t amount = 0;
  std::uint32_t sequence = 0xffffffff;
  ScriptType script_type = ScriptType::SpendAddress;
};

// An output to an address (shown to the user) or to the wallet's change by HD path.
struct BitcoinOutput {
  std::string address;
  std::vector<std::uint32_t> change_path;
  OutputScriptType change_type = OutputScriptType::PayToAddress;
  std::uint64_t amount = 0;
};

// A previous transaction, streamed when the device asks for it.
struct PrevInput {
  Bytes prev_hash;  // display order
  std::uint32_t prev_index = 0;
  Bytes script_sig;
  std::uint32_t sequence = 0xffffffff;
};
struct PrevOutput {
  std::uint64_t amount = 0;
  Bytes script_pubkey;
};
struct PrevTx {
  std::uint32_t version = 1, lock_time = 0;
  std::vector<PrevInput> inputs;
  std::vector<PrevOutput> outputs;
};

struct BitcoinSignRequest {
  std::string coin_name;
  std::uint32_t version = 1, lock_time = 0;
  std::vector<BitcoinInput> inputs;
  std::vector<BitcoinOutput> outputs;
  std::map<Bytes, PrevTx> previous;  // by hash, display order
};
Message encodeSignTx(const BitcoinSignRequest& request);

// What the device asks next (request_type 0 TXINPUT, 1 TXOUTPUT, 2 TXMETA, 3 TXFINISHED,
// 4 TXEXTRADATA, 5/6 TXORIGINPUT/TXORIGOUTPUT), with the serialized pieces it hands back.
struct TxRequest {
  enum Type : std::uint32_t {
    Input = 0,
    Output = 1,
    Meta = 2,
    Finished = 3,
    ExtraData = 4,
    OrigInput = 5,
    OrigOutput = 6
  };
  std::uint32_t type = Input;
  std::uint32_t index = 0;
  std::optional<Bytes> tx_hash;  // a previous transaction's (display order); none: the new one
  std::optional<std::uint32_t> signature_index;
  Bytes signature;      // DER, for input signature_index
  Bytes serialized_tx;  // the next piece of the signed transaction
};
TxRequest decodeTxRequest(ByteView payload);

// The answers.
Message txAckInput(const BitcoinInput& input);
Message txAckOutput(const BitcoinOutput& output);
Message txAckPrevMeta(const PrevTx& tx);
Message txAckPrevInput(const PrevInput& input);
Message txAckPrevOutput(const PrevOutput& output);

}  // namespace walletd::trezor
