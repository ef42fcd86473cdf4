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
#include "core/rpc/schema.h"

namespace walletd {
namespace {

[[noreturn]] void invalidParam(const std::string& message) {
  throw rpcError(RawTransactionError::InvalidParam, message, Json(message));
}

// PayForGas (spec §2.3): the fee caps a caller sets, in gwei; the wait times are estimator
// figures and are accepted as they are.
struct PayForGas {
  std::string tx_type;
  Decimal gas_price;
  Decimal max_fee_per_gas;
  Decimal max_priority_fee_per_gas;
  std::optional<std::uint64_t> min_wait_time;
  std::optional<std::uint64_t> max_wait_time;
  bool eip1559() const { return tx_type == "Eip1559"; }
  static const TaggedSchema<PayForGas>& schema() {
    static const auto s =
        TaggedSchema<PayForGas>("tx_type", &PayForGas::tx_type)
            .variant("Legacy",
                     ObjectSchema<PayForGas>().required("gas_price", &PayForGas::gas_price))
            .variant("Eip1559",
                     ObjectSchema<PayForGas>()
                         .required("max_fee_per_gas", &PayForGas::max_fee_per_gas)
                         .required("max_priority_fee_per_gas", &PayForGas::max_priority_fee_per_gas)
                         .optional("min_wait_time", &PayForGas::min_wait_time)
                         .optional("max_wait_time", &PayForGas::max_wait_time));
    return s;
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

// `value`: wei as a 0x quantity, or coin units.
struct ValueField {
  static UInt256 decode(const Json& v, const std::string& path) {
    return quantityField(v, path, 18);
  }
  static std::string ts() { return "string | number"; }
};
// `gas_limit`: 1..30,000,000 as a 0x quantity or an integer.
struct GasLimitField {
  static std::uint64_t decode(const Json& v, const std::string& path) {
    const auto gas = quantityField(v, path, std::nullopt).toUint64();
    if (!gas || *gas == 0 || *gas > 30'000'000)
      throwInvalidParams(path + ": out of range 1..30000000");
    return *gas;
  }
  static std::string ts() { return "string | number"; }
};
// `nonce`: a 0x quantity or an integer below 2^64 - 1.
struct NonceField {
  static std::uint64_t decode(const Json& v, const std::string& path) {
    const auto n = quantityField(v, path, std::nullopt).toUint64();
    if (!n || *n == UINT64_MAX) throwInvalidParams(path + ": out of range");
    return *n;
  }
  static std::string ts() { return "number"; }
};
// `data`: hex, 0x-prefixed or not.
struct CallDataField {
  static Bytes decode(const Json& v, const std::string& path) {
    const std::string data = decodeString(v, path);
    const std::string hex = data.rfind("0x", 0) == 0 ? data.substr(2) : data;
    if (hex.size() % 2 != 0 || !isHex(hex)) throwInvalidParams(path + ": not hex");
    return fromHex(hex);
  }
  static std::string ts() { return "string"; }
};

// The `tx` of an ETH sign_raw_transaction.
struct EthRawTx {
  std::optional<std::string> to;
  std::optional<UInt256> value;  // none: 0
  std::optional<Bytes> data;     // none: empty
  std::uint64_t gas_limit = 0;
  std::optional<PayForGas> pay_for_gas;
  // walletd's addition: a caller that queues transactions (or signs without a node round
  // trip) names the nonce; without it the node's pending count is used, as KDF does.
  std::optional<std::uint64_t> nonce;

  static const ObjectSchema<EthRawTx>& schema() {
    static const auto s = ObjectSchema<EthRawTx>()
                              .optional("to", &EthRawTx::to)
                              .optional<ValueField>("value", &EthRawTx::value)
                              .optional<CallDataField>("data", &EthRawTx::data)
                              .required<GasLimitField>("gas_limit", &EthRawTx::gas_limit)
                              .optional("pay_for_gas", &EthRawTx::pay_for_gas)
                              .optional<NonceField>("nonce", &EthRawTx::nonce,
                                                    "walletd: default the node's pending count");
    return s;
  }
};

Task<EvmFeePlan> feePlan(EthPlatform& platform, const std::optional<PayForGas>& pay) {
  if (!pay) co_return co_await estimateFeePlan(platform);
  try {
    if (!pay->eip1559()) co_return legacyFeePlan(pay->gas_price);
    co_return eip1559FeePlan(platform, pay->max_fee_per_gas, pay->max_priority_fee_per_gas);
  } catch (const EvmFeeError& e) {
    invalidParam(std::string("pay_for_gas: ") + e.what());
  }
}

Task<std::string> signRaw(EthPlatform& platform, SignRawRequest request) {
  if (request.type != "ETH")
    invalidParam("type " + request.type + " does not match " + request.coin + ", an EVM coin");
  const EthRawTx p = EthRawTx::schema().fromJson(request.tx, request.tx_path);
  EvmTransaction tx;
  if (p.to) {
    try {
      tx.to = parseEthAddress(*p.to, false);
    } catch (const EncodingError& e) {
      invalidParam(std::string("to: ") + e.what());
    }
  }
  tx.value = p.value.value_or(UInt256());
  tx.data = p.data.value_or(Bytes());
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
  const WithdrawProgress no_task;  // sign_raw_transaction runs in no task
  const std::optional<EvmTransaction::Signed> signed_tx =
      co_await platform.keySource().sign(platform.signer(), tx, false, no_task);
  co_return toHex(signed_tx.value().raw);
}

}  // namespace

std::string ethRawTxInfoType() {
  return EthRawTx::schema().ts();
}

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
