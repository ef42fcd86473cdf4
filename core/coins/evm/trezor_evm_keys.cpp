// Signing EVM transactions on a Trezor through the withdraw task.
#include "core/coins/evm/trezor_evm_keys.h"

#include "core/coins/device_withdraw.h"
#include "core/coins/evm/eth_withdraw.h"
#include "core/coins/withdraw_request.h"
#include "core/encoding/hex.h"
#include "core/hardware/trezor/ethereum_sign.h"
#include "core/hardware/trezor/hw_errors.h"
#include "core/hardware/trezor/task_interaction.h"
#include "core/wallet/keys/derivation_path.h"

namespace walletd {
namespace {

// The firmware takes integers big-endian without leading zeros (RLP's rule: toMinimalBigEndian).
trezor::EthereumSignRequest signRequest(const KeccakAccountKey& sender, const EvmTransaction& tx) {
  trezor::EthereumSignRequest r;
  r.path = DerivationPath::parse(sender.derivation_path).indexes;
  r.eip1559 = tx.type == EvmTransaction::Type::Eip1559;
  r.nonce = tx.nonce.toMinimalBigEndian();
  r.gas_price = tx.gas_price.toMinimalBigEndian();
  r.max_fee = tx.max_fee_per_gas.toMinimalBigEndian();
  r.max_priority_fee = tx.max_priority_fee_per_gas.toMinimalBigEndian();
  r.gas_limit = tx.gas_limit.toMinimalBigEndian();
  r.value = tx.value.toMinimalBigEndian();
  if (tx.to) r.to = "0x" + toHex(*tx.to);
  r.data = tx.data;
  r.chain_id = tx.chain_id;
  return r;
}

// The device's v, r, s as the recoverable signature of the transaction's signing hash; the
// signer must be the sender (a device holding another seed than the one activated signs for
// another account).
RecoverableSignature checkedSignature(const trezor::EthereumSignature& sig,
                                      const trezor::EthereumSignRequest& request,
                                      const EvmTransaction& tx, const KeccakAccountKey& sender) {
  RecoverableSignature out;
  std::copy(sig.r.begin(), sig.r.end(), out.compact.begin());
  std::copy(sig.s.begin(), sig.s.end(), out.compact.begin() + 32);
  const std::uint64_t parity = request.eip1559 ? sig.v : sig.v - 35 - 2 * request.chain_id;
  if (parity > 1) throw trezor::DeviceFailure(3, "the device answered an unexpected v");
  out.recovery_id = static_cast<int>(parity);
  if (ethAddressFromPublicKey(recoverPublicKey(tx.signingHash(), out).uncompressed()) !=
      sender.account) {
    throw trezor::foundUnexpectedDevice();
  }
  return out;
}

Task<EvmTransaction::Signed> signOnDevice(std::shared_ptr<trezor::TrezorConnection> device,
                                          Executor& executor, std::shared_ptr<RpcTaskHandle> handle,
                                          KeccakAccountKey sender, EvmTransaction tx) {
  const trezor::EthereumSignRequest request = signRequest(sender, tx);
  auto guard = co_await device->conversationLock().scoped();
  trezor::TaskInteraction interaction(executor, handle, "WaitingForUserToConfirmSigning");
  trezor::Message answer = co_await trezor::signEthereum(device->transport(), request, interaction);
  const trezor::EthereumSignature sig = trezor::ethereumSignature(answer, request);
  co_return tx.withSignature(checkedSignature(sig, request, tx, sender));
}

class TrezorEvmKeys : public EvmKeySource {
 public:
  TrezorEvmKeys(std::shared_ptr<trezor::TrezorConnection> device, Executor& executor)
      : device_(std::move(device)), executor_(executor) {}
  bool signsOnlyWhenSending() const override { return false; }
  bool keysElsewhere() const override { return true; }
  Task<std::optional<EvmTransaction::Signed>> sign(
      const KeccakAccountKey& sender, const EvmTransaction& tx, bool,
      const WithdrawProgress& progress) const override {
    requireWithdrawTask(progress);
    std::optional<EvmTransaction::Signed> out;
    std::exception_ptr failure;
    try {
      out = co_await signOnDevice(device_, executor_, progress.taskHandle(), sender, tx);
    } catch (...) {
      failure = std::current_exception();
    }
    finishDeviceSigning(failure, progress);
    co_return out;
  }
  // A coroutine, so the signed bytes live in its frame while the node is asked.
  Task<std::string> send(EthPlatform& platform, EthAddress, EvmTransaction,
                         std::optional<EvmTransaction::Signed> signed_tx) const override {
    const Bytes raw = std::move(signed_tx.value().raw);
    co_return co_await evmSendRawTransaction(platform, raw);
  }

 private:
  std::shared_ptr<trezor::TrezorConnection> device_;
  Executor& executor_;
};

}  // namespace

std::unique_ptr<EvmKeySource> trezorEvmKeys(std::shared_ptr<trezor::TrezorConnection> device,
                                            Executor& executor) {
  return std::make_unique<TrezorEvmKeys>(std::move(device), executor);
}

Task<std::string> trezorEthereumXpub(std::shared_ptr<trezor::TrezorConnection> device,
                                     Executor& executor, std::shared_ptr<RpcTaskHandle> handle,
                                     std::vector<std::uint32_t> account_path) {
  auto guard = co_await device->conversationLock().scoped();
  trezor::TaskInteraction interaction(executor, handle, "FollowHwDeviceInstructions");
  trezor::Message ask =
      trezor::encode(trezor::EthereumGetPublicKey{std::move(account_path), false});
  trezor::Message answer = co_await trezor::converse(
      device->transport(), std::move(ask), trezor::MessageType::EthereumPublicKey, interaction);
  co_return trezor::decodePublicKey(answer.payload.view()).xpub;
}

Task<void> trezorEthereumAccountKey(HdWallet& hd, std::shared_ptr<trezor::TrezorConnection> device,
                                    Executor& executor, std::shared_ptr<RpcTaskHandle> handle,
                                    std::uint32_t account_id) {
  std::vector<std::uint32_t> path = hd.accountPath(account_id).indexes;
  std::string xpub = co_await trezorEthereumXpub(device, executor, handle, std::move(path));
  hd.setAccountKey(account_id, ExtendedKey::parse(xpub));
}

namespace {

// create_new_account's: the frame keeps the wallet alive.
Task<void> loadOneAccount(std::shared_ptr<trezor::TrezorConnection> device, Executor* executor,
                          std::shared_ptr<HdWallet> hd, std::uint32_t account_id,
                          std::shared_ptr<RpcTaskHandle> handle) {
  co_await trezorEthereumAccountKey(*hd, device, *executor, handle, account_id);
}

Task<std::string> showOneAddress(std::shared_ptr<trezor::TrezorConnection> device,
                                 Executor* executor, std::shared_ptr<HdWallet> hd, HdAddressRef ref,
                                 Json on_button, std::shared_ptr<RpcTaskHandle> handle) {
  trezor::Message ask =
      trezor::encode(trezor::EthereumGetAddress{hd->addressPath(ref).indexes, true});
  auto guard = co_await device->conversationLock().scoped();
  trezor::TaskInteraction interaction(*executor, handle, std::move(on_button));
  trezor::Message answer = co_await trezor::converse(
      device->transport(), std::move(ask), trezor::MessageType::EthereumAddress, interaction);
  co_return trezor::decodeAddress(answer);
}

}  // namespace

DeviceAddressShower trezorEvmAddressShower(std::shared_ptr<trezor::TrezorConnection> device,
                                           Executor& executor, std::shared_ptr<HdWallet> hd) {
  return [device, executor = &executor, hd](HdAddressRef ref, Json on_button,
                                            std::shared_ptr<RpcTaskHandle> handle) {
    return showOneAddress(device, executor, hd, ref, std::move(on_button), std::move(handle));
  };
}

// Not a coroutine lambda: the parameters are copied into loadOneAccount's frame.
DeviceAccountLoader trezorEvmAccountLoader(std::shared_ptr<trezor::TrezorConnection> device,
                                           Executor& executor, std::shared_ptr<HdWallet> hd) {
  return [device, executor = &executor, hd](std::uint32_t account_id,
                                            std::shared_ptr<RpcTaskHandle> handle) {
    return loadOneAccount(device, executor, hd, account_id, std::move(handle));
  };
}

}  // namespace walletd
