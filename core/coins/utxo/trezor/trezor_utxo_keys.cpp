// Signing UTXO transactions on a Trezor through the withdraw task.
#include "core/coins/utxo/trezor/trezor_utxo_keys.h"

#include <algorithm>

#include "core/coins/device_withdraw.h"
#include "core/coins/utxo/tx/utxo_script.h"
#include "core/coins/withdraw_request.h"
#include "core/encoding/base58.h"
#include "core/encoding/encoding_error.h"
#include "core/hardware/trezor/bitcoin_sign.h"
#include "core/hardware/trezor/task_interaction.h"

namespace walletd {
namespace {

[[noreturn]] void unsupported(const std::string& message) {
  throw rpcError(WithdrawError::UnsupportedError, message, Json(message));
}

Bytes displayOrder(const ByteArray<32>& txid) {
  return Bytes(txid.rbegin(), txid.rend());
}

bool isWitnessKeyHash(ByteView script) {
  const auto kind = standardOutput(script);
  return kind && kind->kind == UtxoAddress::Kind::WitnessV0KeyHash;
}

trezor::PrevTx prevTx(const UtxoTransaction& tx) {
  if (!tx.chain_fields.empty())
    unsupported("a Trezor signs Bitcoin-form transactions only; this chain's have more fields");
  trezor::PrevTx out;
  out.version = static_cast<std::uint32_t>(tx.version);
  out.lock_time = tx.locktime;
  for (const TxInput& in : tx.inputs)
    out.inputs.push_back(
        {displayOrder(in.prevout.txid), in.prevout.index, in.script_sig, in.sequence});
  for (const TxOutput& o : tx.outputs) out.outputs.push_back({o.value, o.script_pubkey});
  return out;
}

// The order in the firmware's terms.
trezor::BitcoinSignRequest signRequest(const UtxoSigningOrder& order, const std::string& coin) {
  if (!order.tx.chain_fields.empty())
    unsupported("a Trezor signs Bitcoin-form transactions only; this chain's have more fields");
  trezor::BitcoinSignRequest r;
  r.coin_name = coin;
  r.version = static_cast<std::uint32_t>(order.tx.version);
  r.lock_time = order.tx.locktime;
  for (std::size_t i = 0; i < order.tx.inputs.size(); ++i) {
    const TxInput& in = order.tx.inputs[i];
    const bool witness = isWitnessKeyHash(order.spent[i].script_pubkey);
    r.inputs.push_back(
        {order.input_paths[i].indexes, displayOrder(in.prevout.txid), in.prevout.index,
         order.spent[i].value, in.sequence,
         witness ? trezor::ScriptType::SpendWitness : trezor::ScriptType::SpendAddress});
  }
  for (std::size_t i = 0; i < order.tx.outputs.size(); ++i) {
    const UtxoOrderOutput& shown = order.outputs[i];
    trezor::BitcoinOutput out;
    out.amount = order.tx.outputs[i].value;
    if (shown.change_path) {
      out.change_path = shown.change_path->indexes;
      out.change_type = isWitnessKeyHash(order.tx.outputs[i].script_pubkey)
                            ? trezor::OutputScriptType::PayToWitness
                            : trezor::OutputScriptType::PayToAddress;
    } else if (shown.address.empty()) {
      unsupported("a Trezor pays addresses only; an output of this transaction has none");
    } else {
      out.address = shown.address;
    }
    r.outputs.push_back(std::move(out));
  }
  // signingOrder checked each previous transaction's txid against the input's outpoint.
  for (std::size_t i = 0; i < order.previous.size(); ++i)
    r.previous.emplace(displayOrder(order.tx.inputs[i].prevout.txid), prevTx(order.previous[i]));
  return r;
}

Task<Bytes> signOnDevice(std::shared_ptr<trezor::TrezorConnection> device, Executor& executor,
                         std::shared_ptr<RpcTaskHandle> handle,
                         trezor::BitcoinSignRequest request) {
  auto guard = co_await device->conversationLock().scoped();
  trezor::TaskInteraction interaction(executor, handle, "WaitingForUserToConfirmSigning");
  co_return co_await trezor::signBitcoin(device->transport(), request, interaction);
}

class TrezorUtxoKeys : public UtxoKeySource {
 public:
  TrezorUtxoKeys(std::shared_ptr<trezor::TrezorConnection> device, Executor& executor,
                 std::string coin_name)
      : device_(std::move(device)), executor_(executor), coin_name_(std::move(coin_name)) {}
  bool needsPreviousTransactions() const override { return true; }

  Task<Bytes> sign(UtxoSigningOrder order, WithdrawProgress progress) const override {
    requireWithdrawTask(progress);
    trezor::BitcoinSignRequest request = signRequest(order, coin_name_);
    Bytes out;
    std::exception_ptr failure;
    try {
      out = co_await signOnDevice(device_, executor_, progress.taskHandle(), std::move(request));
    } catch (...) {
      failure = std::current_exception();
    }
    finishDeviceSigning(failure, progress);
    co_return out;
  }

 private:
  std::shared_ptr<trezor::TrezorConnection> device_;
  Executor& executor_;
  std::string coin_name_;
};

}  // namespace

std::shared_ptr<const UtxoKeySource> trezorUtxoKeys(
    std::shared_ptr<trezor::TrezorConnection> device, Executor& executor, std::string coin_name) {
  return std::make_shared<TrezorUtxoKeys>(std::move(device), executor, std::move(coin_name));
}

ExtendedKey deviceAccountKey(std::string_view xpub) {
  const Bytes raw = base58CheckDecode(xpub);
  if (raw.size() < 4) throw EncodingError("the device's xpub is too short");
  ExtendedKeyVersions versions;
  versions.public_version = (std::uint32_t{raw[0]} << 24) | (std::uint32_t{raw[1]} << 16) |
                            (std::uint32_t{raw[2]} << 8) | raw[3];
  return ExtendedKey::parse(xpub, versions);
}

Task<std::string> trezorUtxoXpub(std::shared_ptr<trezor::TrezorConnection> device,
                                 Executor& executor, std::shared_ptr<RpcTaskHandle> handle,
                                 std::vector<std::uint32_t> account_path, std::string coin_name) {
  auto guard = co_await device->conversationLock().scoped();
  trezor::TaskInteraction interaction(executor, handle, "FollowHwDeviceInstructions");
  trezor::GetPublicKey request;
  request.path = std::move(account_path);
  request.coin_name = std::move(coin_name);
  request.ignore_xpub_magic = true;
  trezor::Message ask = trezor::encode(request);
  trezor::Message answer = co_await trezor::converse(device->transport(), std::move(ask),
                                                     trezor::MessageType::PublicKey, interaction);
  co_return trezor::decodePublicKey(answer.payload.view()).xpub;
}

}  // namespace walletd
