// Signing a Bitcoin-family transaction on a Trezor: SignTx, then whatever the device asks — the
// new transaction's inputs and outputs, the previous transactions' metadata, inputs and outputs —
// in any order and as often as it asks, until TXFINISHED. Each TxRequest may carry the next piece
// of the signed transaction; their concatenation is the answer.
#pragma once

#include "core/hardware/trezor/bitcoin_messages.h"
#include "core/hardware/trezor/conversation.h"

namespace walletd::trezor {

// The signed transaction's wire bytes. Throws DeviceFailure (DataError) when the device asks for
// something the request does not have (an index out of range, an unknown previous transaction, an
// RBF original, extra data).
Task<Bytes> signBitcoin(Transport& transport, const BitcoinSignRequest& request,
                        Interaction& interaction);

// The answer to one TxRequest (exposed for the unit tests).
Message answerTxRequest(const BitcoinSignRequest& request, const TxRequest& asked);

}  // namespace walletd::trezor
