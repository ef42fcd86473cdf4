// Signing an Ethereum transaction on a Trezor: the request with the first 1,024 data bytes, then
// the rest in EthereumTxAck chunks of the size the device asks for, until it answers the
// signature (the device shows the transaction and waits for its buttons meanwhile).
#pragma once

#include "core/hardware/trezor/conversation.h"

namespace walletd::trezor {

// The device's final EthereumTxRequest (a message, not a struct: see trezor_methods.cpp on
// coroutine results in the wasm build). Throws DeviceFailure when the device asks for more data
// than is left or answers no signature.
Task<Message> signEthereum(Transport& transport, const EthereumSignRequest& request,
                           Interaction& interaction);

// v, r, s from that answer; a legacy v of 0/1 (chain ids too large for EIP-155's v on the
// device) becomes 35 + 2·chain_id + v, as trezorlib does; an EIP-1559 v is the y parity.
struct EthereumSignature {
  std::uint64_t v = 0;
  Bytes r, s;
};
EthereumSignature ethereumSignature(const Message& answer, const EthereumSignRequest& request);

}  // namespace walletd::trezor
