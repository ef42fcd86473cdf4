// The Trezor as an EVM key source (KDF's PrivKeyPolicy::Trezor): the device signs each
// transaction of a task::withdraw (EthereumSignTx with EIP-155, or EthereumSignTxEIP1559) at the
// sender's HD path, the task showing the device's questions; the signed transaction is broadcast
// through the platform's nodes like walletd's own. A plain withdraw or sign_raw_transaction has no
// task to ask the user through and is refused, as KDF refuses them for a hardware wallet.
#pragma once

#include <memory>

#include "core/coins/evm/evm_key_source.h"
#include "core/coins/hd_coin.h"
#include "core/hardware/trezor/trezor_context.h"

namespace walletd {

std::unique_ptr<EvmKeySource> trezorEvmKeys(std::shared_ptr<trezor::TrezorConnection> device,
                                            Executor& executor);

// The account's extended public key from the device (EthereumGetPublicKey at
// <coin path>/account'), asked under the activation task `handle`.
Task<std::string> trezorEthereumXpub(std::shared_ptr<trezor::TrezorConnection> device,
                                     Executor& executor, std::shared_ptr<RpcTaskHandle> handle,
                                     std::vector<std::uint32_t> account_path);

// Sets account `account_id`'s key of the public-only `hd` from the device (trezorEthereumXpub at
// its path): the activation's request for each account, and create_new_account's.
Task<void> trezorEthereumAccountKey(HdWallet& hd, std::shared_ptr<trezor::TrezorConnection> device,
                                    Executor& executor, std::shared_ptr<RpcTaskHandle> handle,
                                    std::uint32_t account_id);

// task::create_new_account's way to a new account's key from the device (EthereumGetPublicKey).
DeviceAccountLoader trezorEvmAccountLoader(std::shared_ptr<trezor::TrezorConnection> device,
                                           Executor& executor, std::shared_ptr<HdWallet> hd);

// task::get_new_address's way to show a new address on the device (EthereumGetAddress with
// show_display).
DeviceAddressShower trezorEvmAddressShower(std::shared_ptr<trezor::TrezorConnection> device,
                                           Executor& executor, std::shared_ptr<HdWallet> hd);

}  // namespace walletd
