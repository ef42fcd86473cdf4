// task::enable_utxo with priv_key_policy Trezor (KDF's hardware-wallet UTXO activation): always HD,
// the accounts stored under the device's id (its device_pubkey), each account's extended public
// key read from the device under the activation task (so PIN and passphrase go through its
// user_action), and the withdraw signed on the device (trezor_utxo_keys.h).
#pragma once

#include <memory>

#include "core/coins/utxo/chain/utxo_chain.h"
#include "core/coins/utxo/utxo_activation_params.h"
#include "core/coins/utxo/utxo_coin.h"
#include "core/hardware/trezor/trezor_context.h"

namespace walletd {

class Node;

// What needs no device: the coins file names the device's coin (`trezor_coin`), the chain writes
// Bitcoin's transaction form, and no merge loop is asked (nobody could confirm its spends on the
// device). CoinCreationError with KDF's texts otherwise.
void checkTrezorUtxo(const CoinEntry& entry, const UtxoChain& chain, const UtxoActivationParams& p);

// The device task::init_trezor connected (CoinCreationError when there is none).
std::shared_ptr<trezor::TrezorConnection> connectedTrezor(Node& node, const std::string& ticker);

// Sets each of the public-only wallet's accounts' keys from the device, asked under the activation
// task `handle` for the coin's device name; its failures as KDF's (a missing device HwError, the
// rest CoinCreationError with their text).
Task<void> loadTrezorUtxoAccounts(HdWallet& hd, std::shared_ptr<trezor::TrezorConnection> device,
                                  Executor& executor, std::shared_ptr<RpcTaskHandle> handle,
                                  std::string coin_name, std::string ticker);

// task::create_new_account's way to a new account's key for the coin's device (the same request).
DeviceAccountLoader trezorUtxoAccountLoader(std::shared_ptr<trezor::TrezorConnection> device,
                                            Executor& executor, std::shared_ptr<HdWallet> hd,
                                            std::string coin_name);

// task::get_new_address's way to show a new address on the device (GetAddress with show_display
// for the coin's device name and script type: P2WPKH for a segwit coin).
DeviceAddressShower trezorUtxoAddressShower(std::shared_ptr<trezor::TrezorConnection> device,
                                            Executor& executor, std::shared_ptr<HdWallet> hd,
                                            std::string coin_name, bool segwit);

}  // namespace walletd
