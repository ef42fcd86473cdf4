// ActiveCoin's defaults: KDF's "not supported for this coin" answers.
#include "core/coins/active_coin.h"

namespace walletd {

Task<TransactionDetails> ActiveCoin::withdraw(WithdrawRequest request) {
  const std::string message = "withdraw is not supported for " + request.coin;
  throw rpcError(WithdrawError::UnsupportedError, message, Json(message));
  co_return TransactionDetails{};
}

Task<std::string> ActiveCoin::sendRawTransaction(SendRawRequest request) {
  throw rpcError(RawTransactionError::NotImplemented,
                 "send_raw_transaction is not implemented for " + request.coin,
                 Json{{"coin", request.coin}});
  co_return std::string();
}

Task<Json> ActiveCoin::sendRawJson(SendRawRequest request) {
  throw rpcError(RawTransactionError::InvalidParam,
                 "tx_json is not a transaction form of " + request.coin + "; send tx_hex",
                 Json("tx_json is not a transaction form of " + request.coin + "; send tx_hex"));
  co_return Json();
}

Task<std::string> ActiveCoin::signRawTransaction(SignRawRequest request) {
  throw rpcError(RawTransactionError::NotImplemented,
                 "sign_raw_transaction is not implemented for " + request.coin,
                 Json{{"coin", request.coin}});
  co_return std::string();
}

Task<TxHistoryPage> ActiveCoin::txHistory(TxHistoryRequest request) {
  throw rpcError(TxHistoryError::NotSupportedFor, "Not supported for " + request.coin,
                 Json(request.coin));
  co_return TxHistoryPage{};
}

}  // namespace walletd
