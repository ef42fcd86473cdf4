// Contract-call spends on QTUM.
#include "core/coins/utxo/qtum/contract_spend.h"

namespace walletd {
namespace {

std::uint64_t gasReserve(const ContractCall& call) {
  return call.gas_limit * call.gas_price;
}

}  // namespace

std::string qtumAmount(std::uint64_t satoshis) {
  return UInt256(satoshis).toDecimal(kQtumDecimals);
}

UtxoSpendOrder contractCallOrder(const ContractCall& call) {
  UtxoSpendOrder order;
  order.calls = {{0, contractCallScript(call)}};
  order.reserve = gasReserve(call);
  order.dust = 0;  // KDF's QRC20_DUST: the call output is worth nothing
  order.own_address_only = true;
  return order;
}

// The miner's fee is what the inputs left beyond the gas reserve (KDF: fee + unused change).
Qrc20FeeDetails contractCallFee(std::string coin, const ContractCall& call,
                                const UtxoSpend& spent) {
  const std::uint64_t reserve = gasReserve(call);
  return Qrc20FeeDetails{std::move(coin), qtumAmount(spent.fee - reserve), call.gas_limit,
                         call.gas_price, qtumAmount(reserve)};
}

}  // namespace walletd
