// The Trezor's UTXO accounts.
#include "core/coins/utxo/trezor/trezor_utxo_activation.h"

#include "core/coins/hd_platform_wallet.h"
#include "core/coins/standalone_activation.h"
#include "core/coins/utxo/trezor/trezor_utxo_keys.h"
#include "core/hardware/trezor/hw_errors.h"
#include "core/hardware/trezor/task_interaction.h"
#include "core/node/node.h"

namespace walletd {
namespace {

// One account's key from the device (the activation's and create_new_account's request).
Task<void> loadAccountKey(HdWallet& hd, std::shared_ptr<trezor::TrezorConnection> device,
                          Executor& executor, std::shared_ptr<RpcTaskHandle> handle,
                          std::string coin_name, std::uint32_t account_id) {
  std::vector<std::uint32_t> path = hd.accountPath(account_id).indexes;
  std::string xpub =
      co_await trezorUtxoXpub(device, executor, handle, std::move(path), std::move(coin_name));
  hd.setAccountKey(account_id, deviceAccountKey(xpub));
}

Task<void> loadAccountKeys(HdWallet& hd, std::shared_ptr<trezor::TrezorConnection> device,
                           Executor& executor, std::shared_ptr<RpcTaskHandle> handle,
                           std::string coin_name) {
  for (const HdAccountRecord& account : hd.accounts())
    co_await loadAccountKey(hd, device, executor, handle, coin_name, account.account_id);
}

}  // namespace

Task<void> loadTrezorUtxoAccounts(HdWallet& hd, std::shared_ptr<trezor::TrezorConnection> device,
                                  Executor& executor, std::shared_ptr<RpcTaskHandle> handle,
                                  std::string coin_name, std::string ticker) {
  std::exception_ptr failure;
  try {
    co_await loadAccountKeys(hd, device, executor, handle, std::move(coin_name));
  } catch (...) {
    failure = std::current_exception();
  }
  if (failure) {
    trezor::rethrowHwError(failure, [&ticker](const std::string& text) {
      return rpcError(InitStandaloneCoinError::CoinCreationError, text,
                      Json{{"ticker", ticker}, {"error", text}});
    });
  }
}

void checkTrezorUtxo(const CoinEntry& entry, const UtxoChain& chain,
                     const UtxoActivationParams& p) {
  if (!entry.string("trezor_coin")) {
    throwCoinCreationError(p.ticker,
                           "Coin doesn't support Trezor hardware wallet. Please consider adding "
                           "the 'trezor_coin' field to the coins config");
  }
  if (chain.name() != "bitcoin") {
    throwCoinCreationError(p.ticker,
                           "walletd signs on a Trezor only the coins with Bitcoin's "
                           "transaction form; this coin's chain is " +
                               std::string(chain.name()));
  }
  if (p.merge_params) {
    throwCoinCreationError(p.ticker,
                           "utxo_merge_params: a Trezor confirms each spend on the device, so "
                           "walletd cannot merge outputs in the background");
  }
}

namespace {

// create_new_account's: the frame keeps the wallet alive.
Task<void> loadOneAccount(std::shared_ptr<trezor::TrezorConnection> device, Executor* executor,
                          std::shared_ptr<HdWallet> hd, std::string coin_name,
                          std::uint32_t account_id, std::shared_ptr<RpcTaskHandle> handle) {
  co_await loadAccountKey(*hd, device, *executor, handle, std::move(coin_name), account_id);
}

Task<std::string> showOneAddress(std::shared_ptr<trezor::TrezorConnection> device,
                                 Executor* executor, std::shared_ptr<HdWallet> hd,
                                 std::string coin_name, bool segwit, HdAddressRef ref,
                                 Json on_button, std::shared_ptr<RpcTaskHandle> handle) {
  trezor::GetAddress request;
  request.path = hd->addressPath(ref).indexes;
  request.coin_name = std::move(coin_name);
  request.show_display = true;
  request.script_type =
      segwit ? trezor::ScriptType::SpendWitness : trezor::ScriptType::SpendAddress;
  trezor::Message ask = trezor::encode(request);
  auto guard = co_await device->conversationLock().scoped();
  trezor::TaskInteraction interaction(*executor, handle, std::move(on_button));
  trezor::Message answer = co_await trezor::converse(device->transport(), std::move(ask),
                                                     trezor::MessageType::Address, interaction);
  co_return trezor::decodeAddress(answer);
}

}  // namespace

DeviceAddressShower trezorUtxoAddressShower(std::shared_ptr<trezor::TrezorConnection> device,
                                            Executor& executor, std::shared_ptr<HdWallet> hd,
                                            std::string coin_name, bool segwit) {
  return [device, executor = &executor, hd, coin_name, segwit](
             HdAddressRef ref, Json on_button, std::shared_ptr<RpcTaskHandle> handle) {
    return showOneAddress(device, executor, hd, coin_name, segwit, ref, std::move(on_button),
                          std::move(handle));
  };
}

// Not a coroutine lambda: the parameters are copied into loadOneAccount's frame.
DeviceAccountLoader trezorUtxoAccountLoader(std::shared_ptr<trezor::TrezorConnection> device,
                                            Executor& executor, std::shared_ptr<HdWallet> hd,
                                            std::string coin_name) {
  return [device, executor = &executor, hd, coin_name](std::uint32_t account_id,
                                                       std::shared_ptr<RpcTaskHandle> handle) {
    return loadOneAccount(device, executor, hd, coin_name, account_id, std::move(handle));
  };
}

std::shared_ptr<trezor::TrezorConnection> connectedTrezor(Node& node, const std::string& ticker) {
  const std::shared_ptr<trezor::HwContext> hw = node.hardwareSlot();
  if (!hw || !hw->trezor)
    throwCoinCreationError(ticker, "Hardware Wallet context is not initialized");
  return hw->trezor;
}

}  // namespace walletd
