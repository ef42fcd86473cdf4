// TransactionDetails: amounts from smallest units, and serialisation (memo is null when absent, as
// KDF writes it).
#include "core/coins/transaction_details.h"

namespace walletd {

void TransactionDetails::setAmounts(const UInt256& total, const UInt256& spent,
                                    const UInt256& received, unsigned decimals) {
  total_amount = total.toDecimal(decimals);
  spent_by_me = spent.toDecimal(decimals);
  received_by_me = received.toDecimal(decimals);
  const bool loss = spent > received;
  my_balance_change = (loss ? spent.sub(received) : received.sub(spent))->toDecimal(decimals);
  if (loss) my_balance_change.insert(my_balance_change.begin(), '-');
}

Json TransactionDetails::toJson() const {
  Json out = Json::object();
  if (authorization.is_object()) {
    for (const auto& [key, value] : authorization.items()) out[key] = value;
  } else {
    out["tx_hex"] = tx_hex;
    out["tx_hash"] = tx_hash;
  }
  out["from"] = from;
  out["to"] = to;
  out["total_amount"] = total_amount;
  out["spent_by_me"] = spent_by_me;
  out["received_by_me"] = received_by_me;
  out["my_balance_change"] = my_balance_change;
  out["block_height"] = block_height;
  out["timestamp"] = timestamp;
  out["fee_details"] = fee_details.toJson();
  out["coin"] = coin;
  out["internal_id"] = internal_id;
  out["transaction_type"] = transaction_type;
  out["memo"] = memo ? Json(*memo) : Json();
  if (extras.is_object()) {
    for (const auto& [key, value] : extras.items())
      if (!out.contains(key)) out[key] = value;
  }
  return out;
}

}  // namespace walletd
