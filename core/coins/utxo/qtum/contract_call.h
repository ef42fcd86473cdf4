// QTUM's contract calls as transaction outputs (what QRC20 transfers and delegation use):
// `OP_4 push(gas_limit) push(gas_price) push(call data) push(contract) OP_CALL`, the gas numbers
// as minimal script numbers (little-endian magnitude, a sign bit, 0 as nothing), as KDF's
// generate_contract_call_script_pubkey writes them; and the script read back.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/coins/utxo/utxo_backend.h"
#include "core/crypto/bytes.h"
#include "core/rpc/json.h"

namespace walletd {

// One contract call: gas, call data (ABI-encoded) and the contract's 20-byte address.
struct ContractCall {
  std::uint64_t gas_limit = 0;
  std::uint64_t gas_price = 0;  // satoshis per gas unit
  Bytes data;
  ByteArray<20> contract{};
};

// A script number: minimal little-endian magnitude, a 0x00 added when its top bit is set
// (positive numbers only here); 0 is empty.
Bytes encodeContractNumber(std::uint64_t n);
// The OP_CALL output script of `call`; throws std::invalid_argument for gas 0 (KDF's "gas_limit
// and gas_price cannot be zero": 0 encodes as nothing).
Bytes contractCallScript(const ContractCall& call);
// `script` read as an OP_CALL output; nullopt when it is not one.
std::optional<ContractCall> parseContractCall(ByteView script);

// A read-only contract call the chain ran and refused (`excepted` other than "None").
struct ContractCallRefused : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// What a read-only call returned, from QTUM's answer — qtumd's callcontract, which QTUM's
// ElectrumX passes on: {address: 40 hex, executionResult: {output: hex, excepted}}, the fields
// KDF reads. nullopt when the answer is not in that form; ContractCallRefused when the call
// failed.
std::optional<Bytes> contractCallOutput(const Json& answer);

// QTUM ElectrumX's event history answer, [{tx_hash, height, log_index}] (KDF's TxHistoryItem);
// nullopt when it is not in that form.
std::optional<std::vector<ContractEvent>> contractEventsOf(const Json& answer);
// The logs of a receipt answer (a list of receipts, one per contract output, each with `log`:
// [{address, topics, data}], as qtumd's gettransactionreceipt and KDF's TxReceipt); nullopt when
// it is not in that form.
std::optional<std::vector<ContractLog>> receiptLogsOf(const Json& answer);

}  // namespace walletd
