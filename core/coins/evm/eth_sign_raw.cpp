// sign_raw_transaction for EVM coins (KDF's `{coin, type: "ETH", tx: {to?, value?, data?,
// gas_limit, pay_for_gas?}}` → {tx_hex}; spec RawTxInfo): signs, with the coin's activated
// address, a transaction the caller describes — a plain transfer, a contract call or a contract
// creation (no `to`). `pay_for_gas` (spec PayForGas) sets the fee: {tx_type: "Legacy", gas_price}
// or {tx_type: "Eip1559", max_fee_per_gas, max_priority_fee_per_gas} in gwei; without it the fee
// is estimated as for withdraw. Nothing is broadcast (send_raw_transaction does that).
#include "core/coins/evm/eth_fee_plan.h"
#include "core/coins/evm/evm_coins.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/rpc/params_reader.h"

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
      p.gas_price = decodeDecimal(r.required<Json>("gas_price"), r.fieldPath("gas_price"));
    } else if (type == "Eip1559") {
      p.eip1559 = true;
      p.max_fee_per_gas =
          decodeDecimal(r.required<Json>("max_fee_per_gas"), r.fieldPath("max_fee_per_gas"));
      p.max_priority_fee_per_gas = decodeDecimal(r.required<Json>("max_priority_fee_per_gas"),
                                                 r.fieldPath("max_priority_fee_per_gas"));
      r.optional<std::uint64_t>("min_wait_time");
      r.optional<std::uint64_t>("max_wait_time");
    } else {
      throwInvalidParams(r.fieldPath("tx_type") + ": unknown variant `" + type.substr(0, 60) +
                         "`, expected `Legacy` or `Eip1559`");
    }
    r.ignoreUnknown();
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
    const std::string text = decodeDecimal(value, path).str();
    const bool fraction_refused = !decimals && text.find('.') != std::string::npos;
    if (text[0] != '-' && !fraction_refused) out = UInt256::fromDecimal(text, decimals.value_or(0));
  }
  if (!out) throwInvalidParams(path + ": expected a non-negative amount or 0x quantity");
  return *out;
}

// The `tx` of an ETH sign_raw_transaction.
struct EthRawTx {
  std::optional<std::string> to;
  UInt256 value;
  Bytes data;
  std::uint64_t gas_limit = 0;
  std::optional<PayForGas> pay_for_gas;
  // walletd's addition: a caller that queues transactions (or signs without a node round
  // trip) names the nonce; without it the node's pending count is used, as KDF does.
  std::optional<std::uint64_t> nonce;

  static EthRawTx fromJson(const Json& tx, const std::string& path) {
    ParamsReader t(tx, path, false);
    EthRawTx p;
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
    p.pay_for_gas = t.optional<PayForGas>("pay_for_gas");
    if (auto nonce = t.optional<Json>("nonce")) {
      const auto n = quantityField(*nonce, t.fieldPath("nonce"), std::nullopt).toUint64();
      if (!n || *n == UINT64_MAX) throwInvalidParams(t.fieldPath("nonce") + ": out of range");
      p.nonce = *n;
    }
    t.ignoreUnknown();
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

Task<std::string> signRaw(EthPlatform& platform, SignRawRequest request) {
  if (request.type != "ETH")
    invalidParam("type " + request.type + " does not match " + request.coin + ", an EVM coin");
  const EthRawTx p = EthRawTx::fromJson(request.tx, request.tx_path);
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
  tx.chain_id = platform.chainId();
  const EvmFeePlan fees = co_await feePlan(platform, p.pay_for_gas);
  tx.type = fees.type;
  tx.gas_price = fees.gas_price;
  tx.max_fee_per_gas = fees.max_fee;
  tx.max_priority_fee_per_gas = fees.priority_fee;
  if (p.nonce) {
    tx.nonce = *p.nonce;
  } else {
    tx.nonce = co_await platform.transactionCount(platform.address(), "pending");
  }
  co_return toHex(platform.keySource().sign(platform.signer(), tx).value().raw);
}

}  // namespace

Task<std::string> EthPlatform::signRawTransaction(SignRawRequest request) {
  if (key_source_->signsOnlyWhenSending()) {
    invalidParam(request.coin + " is signed by a browser wallet, which does not hand out signed " +
                 "transactions: use withdraw with broadcast: true");
  }
  return signRaw(*this, std::move(request));
}

Task<std::string> Erc20Token::signRawTransaction(SignRawRequest request) {
  invalidParam(request.coin + " is a token: sign its transfers as " + platform_->ticker() +
               " transactions (the contract as `to`, the call as `data`)");
  co_return std::string();
}

}  // namespace walletd
