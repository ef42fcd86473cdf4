// The Trezor as a UTXO coin's key source (KDF's PrivKeyPolicy::Trezor with task::enable_utxo):
// the account keys are the device's extended public keys, and each task::withdraw is signed on the
// device through the SignTx stream — inputs by HD path, outputs by address (shown to the user) or
// change by HD path, every previous transaction streamed in full. A plain withdraw has no task to
// ask the user through and is refused, as KDF refuses it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/coins/utxo/tx/utxo_key_source.h"
#include "core/hardware/trezor/trezor_context.h"
#include "core/rpc/rpc_task_manager.h"
#include "core/wallet/keys/bip32.h"

namespace walletd {

std::shared_ptr<const UtxoKeySource> trezorUtxoKeys(
    std::shared_ptr<trezor::TrezorConnection> device, Executor& executor, std::string coin_name);

// The account's extended public key from the device: GetPublicKey at <coin path>/account' for the
// coin's device name, without the coin's xpub magic (KDF's request), asked under the activation
// task `handle`.
Task<std::string> trezorUtxoXpub(std::shared_ptr<trezor::TrezorConnection> device,
                                 Executor& executor, std::shared_ptr<RpcTaskHandle> handle,
                                 std::vector<std::uint32_t> account_path, std::string coin_name);

// The account key in the device's xpub, whatever version bytes the coin gives it (the firmware
// writes the coin's own xpub magic: tpub for test networks, Ltub's for Litecoin). Throws
// EncodingError or CryptoError for a malformed one.
ExtendedKey deviceAccountKey(std::string_view xpub);

}  // namespace walletd
