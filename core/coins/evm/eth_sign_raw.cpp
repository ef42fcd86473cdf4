// sign_raw_transaction: params, the fee plan and the signature.
#include "core/coins/evm/eth_sign_raw.h"

#include "core/coins/evm/eth_fee_plan.h"
#include "core/coins/node_errors.h"
#include "core/coins/raw_transaction_error.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/node/node.h"

namespace walletd {
namespace {

[[noreturn]] void invalidParam(const std::string& message) {
  throw rpcError(RawTransactionError::InvalidParam, message, Json(message));
}

// PayForGas (spec §2.3): the fee caps a caller sets, in gwei; the wait times are estimator
// figures and are accepted as they are.
struct PayForGas {
  bool eip1559 = false;
  Decimal gas_price;
  Decimal max_fee_per_gas;
  Decimal max_priority_fee_per_gas;
  static PayForGas fromJson(const Json& value, const std::string& path) {
    ParamsReader r(value, path, false);
    PayForGas p;
    const std::string type = r.required<std::string>("tx_type");
    if (type == "Legacy") {
      p.gas_price = Decimal::fromJson(r.required<Json>("gas_price"), r.fieldPath("gas_price"));
    } else if (type == "Eip1559") {
      p.eip1559 = true;
      p.max_fee_per_gas =
          Decimal::fromJson(r.required<Json>("max_fee_per_gas"), r.fieldPath("max_fee_per_gas"));
      p.max_priority_fee_per_gas = Decimal::fromJson(r.required<Json>("max_priority_fee_per_gas"),
                                                     r.fieldPath("max_priority_fee_per_gas"));
      r.optional<std::uint64_t>("min_wait_time");
      r.optional<std::uint64_t>("max_wait_time");
    } else {
      throwInvalidParams(r.fieldPath("tx_type") + ": unknown variant `" + type.substr(0, 60) +
                         "`, expected `Legacy` or `Eip1559`");
    }
    r.rejectUnknown();
    return p;
  }
};

// An amount or gas figure: a 0x hex quantity (wei for `value`, as spec RawTxInfo writes it), a
// non-negative integer, or — for `value` only — a decimal in coin units (KDF's form).
UInt256 quantityField(const Json& value, const std::string& path,
                      std::optional<unsigned> decimals) {
  std::optional<UInt256> out;
  const bool hex = value.is_string() && value.get<std::string>().rfind("0x", 0) == 0;
  if (hex) {
    out = UInt256::fromHexQuantity(value.get<std::string>());
  } else if (value.is_string() || (value.is_number() && (decimals || !value.is_number_float()))) {
    const std::string text = Decimal::fromJson(value, path).str();
    const bool fraction_refused = !decimals && text.find('.') != std::string::npos;
    if (text[0] != '-' && !fraction_refused) out = UInt256::fromDecimal(text, decimals.value_or(0));
  }
  if (!out) throwInvalidParams(path + ": expected a non-negative amount or 0x quantity");
  return *out;
}

struct SignRawParams {
  std::string coin;
  std::string type;
  std::optional<std::string> to;
  UInt256 value;
  Bytes data;
  std::uint64_t gas_limit = 0;
  std::optional<PayForGas> pay_for_gas;

  static SignRawParams parse(ParamsReader& r) {
    SignRawParams p;
    p.coin = r.required<std::string>("coin");
    p.type = r.required<std::string>("type");
    if (p.type != "ETH" && p.type != "UTXO") {
      throwInvalidParams(r.fieldPath("type") + ": unknown variant `" + p.type.substr(0, 60) +
                         "`, expected `UTXO` or `ETH`");
    }
    const Json tx = r.required<Json>("tx");
    ParamsReader t(tx, r.fieldPath("tx"), false);
    if (p.type == "UTXO") {  // refused by coin below; the shape is still checked
      t.required<std::string>("tx_hex");
      t.optional<Json>("prev_txns");
      t.rejectUnknown();
      return p;
    }
    p.to = t.optional<std::string>("to");
    if (auto value = t.optional<Json>("value"))
      p.value = quantityField(*value, t.fieldPath("value"), 18);
    if (auto data = t.optional<std::string>("data")) {
      const std::string hex = data->rfind("0x", 0) == 0 ? data->substr(2) : *data;
      if (hex.size() % 2 != 0 || !isHex(hex)) throwInvalidParams(t.fieldPath("data") + ": not hex");
      p.data = fromHex(hex);
    }
    const UInt256 gas =
        quantityField(t.required<Json>("gas_limit"), t.fieldPath("gas_limit"), std::nullopt);
    const auto gas64 = gas.toUint64();
    if (!gas64 || *gas64 == 0 || *gas64 > 30'000'000)
      throwInvalidParams(t.fieldPath("gas_limit") + ": out of range 1..30000000");
    p.gas_limit = *gas64;
    if (auto pay = t.optional<Json>("pay_for_gas"))
      p.pay_for_gas = PayForGas::fromJson(*pay, t.fieldPath("pay_for_gas"));
    t.rejectUnknown();
    return p;
  }
};

Task<EvmFeePlan> feePlan(EthPlatform& platform, const std::optional<PayForGas>& pay) {
  if (!pay) co_return co_await estimateFeePlan(platform);
  try {
    if (!pay->eip1559) co_return legacyFeePlan(pay->gas_price);
    co_return eip1559FeePlan(platform, pay->max_fee_per_gas, pay->max_priority_fee_per_gas);
  } catch (const EvmFeeError& e) {
    invalidParam(std::string("pay_for_gas: ") + e.what());
  }
}

Task<Json> signRaw(Node& node, SignRawParams p) {
  auto coin = node.activeCoins().find(p.coin);
  if (!coin)
    throw rpcError(RawTransactionError::NoSuchCoin, "No such coin " + p.coin,
                   Json{{"coin", p.coin}});
  auto platform = std::dynamic_pointer_cast<EthPlatform>(coin);
  if (!platform) {
    if (coin->platform()) {
      invalidParam(p.coin + " is a token: sign its transfers as " + *coin->platform() +
                   " transactions (the contract as `to`, the call as `data`)");
    }
    throw rpcError(RawTransactionError::NotImplemented,
                   "sign_raw_transaction is not implemented for " + p.coin, Json{{"coin", p.coin}});
  }
  if (p.type != "ETH")
    invalidParam("type " + p.type + " does not match " + p.coin + ", an EVM coin");
  EvmTransaction tx;
  if (p.to) {
    try {
      tx.to = parseEthAddress(*p.to, false);
    } catch (const EncodingError& e) {
      invalidParam(std::string("to: ") + e.what());
    }
  }
  tx.value = p.value;
  tx.data = p.data;
  tx.gas_limit = p.gas_limit;
  tx.chain_id = platform->chainId();
  const EvmFeePlan fees = co_await feePlan(*platform, p.pay_for_gas);
  tx.type = fees.type;
  tx.gas_price = fees.gas_price;
  tx.max_fee_per_gas = fees.max_fee;
  tx.max_priority_fee_per_gas = fees.priority_fee;
  tx.nonce = co_await platform->transactionCount(platform->address(), "pending");
  const EvmTransaction::Signed signed_tx = tx.sign(platform->signer().key);
  co_return Json{{"tx_hex", toHex(signed_tx.raw)}};
}

Task<Json> signRawTransaction(RequestContext& ctx, SignRawParams p) {
  co_return co_await overNodes(signRaw(ctx.node, std::move(p)), RawTransactionError::Transport);
}

}  // namespace

void registerSignRawTransactionMethods(MethodTable& t) {
  t.add({"sign_raw_transaction",
         "{coin, type: ETH, tx: {to?, value?, data?, gas_limit, pay_for_gas?: {tx_type: "
         "Legacy|Eip1559, gas_price | max_fee_per_gas + max_priority_fee_per_gas}}}",
         "{tx_hex}", MethodAccess::Protected, typedHandler(&signRawTransaction), nullptr});
}

}  // namespace walletd
