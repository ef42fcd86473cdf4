// Session-wallet requests as withdraw errors (session_wallet_request.h).
#include "core/coins/session_wallet_request.h"

#include "core/coins/withdraw_request.h"

namespace walletd {

Task<Json> askSessionWallet(std::shared_ptr<wc::Service> wc, std::string topic, std::string chain,
                            std::string method, Json params, std::string timeout_note) {
  std::optional<Json> result;
  std::optional<wc::RequestFailure> failure;
  try {
    result = co_await wc->request(topic, chain, method, std::move(params));
  } catch (const wc::RequestFailure& e) {
    failure.emplace(e);
  }
  if (!failure) co_return std::move(*result);
  const bool timeout = failure->kind == wc::RequestFailure::Kind::Timeout;
  const bool signing = timeout || failure->kind == wc::RequestFailure::Kind::Rejected;
  std::string message = std::string("WalletConnect: ") + failure->what();
  if (timeout && !timeout_note.empty()) message += "; " + timeout_note;
  throw rpcError(signing ? WithdrawError::SigningError : WithdrawError::Transport, message,
                 Json(message));
}

}  // namespace walletd
