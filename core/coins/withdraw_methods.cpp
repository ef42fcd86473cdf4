// withdraw → TransactionDetails (legacy: the bare object); send_raw_transaction {coin, tx_hex} →
// {tx_hash}. Only the EVM family withdraws in this build; other active families would answer
// UnsupportedError.
#include "core/coins/withdraw_methods.h"

#include "core/coins/evm/eth_withdraw.h"
#include "core/coins/raw_transaction_error.h"
#include "core/encoding/hex.h"
#include "core/node/node.h"

namespace walletd {
namespace {

struct RawTxParams {
  std::string coin;
  std::string tx_hex;
  static RawTxParams parse(ParamsReader& r) {
    RawTxParams p{r.required<std::string>("coin"), r.required<std::string>("tx_hex")};
    r.optional<Json>("tx_json");  // the gasless form (TRON issue)
    return p;
  }
};

Task<Json> withdraw(RequestContext& ctx, WithdrawRequest req) {
  auto coin = ctx.node.activeCoins().find(req.coin);
  if (!coin)
    throw rpcError(WithdrawError::NoSuchCoin, "No such coin " + req.coin, Json{{"coin", req.coin}});
  if (auto token = std::dynamic_pointer_cast<Erc20Token>(coin)) {
    auto platform = ctx.node.activeCoins().findAs<EthPlatform>(*token->platform());
    co_return co_await evmWithdraw(ctx.node, platform, token, std::move(req));
  }
  if (auto platform = std::dynamic_pointer_cast<EthPlatform>(coin)) {
    co_return co_await evmWithdraw(ctx.node, platform, nullptr, std::move(req));
  }
  throw rpcError(WithdrawError::UnsupportedError,
                 "withdraw is not supported for " + req.coin + " yet",
                 Json("withdraw is not supported for " + req.coin + " yet"));
}

Task<Json> withdrawLegacy(RequestContext& ctx, const Json& request) {
  co_return co_await withdraw(ctx, parseLegacyParams<WithdrawRequest>(request));
}

Task<Json> sendRaw(Node& node, RawTxParams p) {
  auto platform = node.activeCoins().findAs<EthPlatform>(p.coin);
  if (!platform) {
    if (auto token = node.activeCoins().findAs<Erc20Token>(p.coin))
      platform = node.activeCoins().findAs<EthPlatform>(*token->platform());
  }
  if (!platform)
    throw rpcError(RawTransactionError::NoSuchCoin, "No such coin " + p.coin,
                   Json{{"coin", p.coin}});
  std::string hex = p.tx_hex.rfind("0x", 0) == 0 ? p.tx_hex.substr(2) : p.tx_hex;
  if (hex.empty() || hex.size() % 2 != 0 || !isHex(hex)) {
    throw rpcError(RawTransactionError::InvalidParam, "tx_hex is not a hex string",
                   Json("tx_hex is not a hex string"));
  }
  try {
    std::string hash = co_await evmSendRawTransaction(*platform, hex);
    co_return Json{{"tx_hash", std::move(hash)}};
  } catch (const JsonRpcError& e) {
    throw rpcError(RawTransactionError::Transport, e.node + " refused the transaction: " + e.what(),
                   Json(std::string(e.what())));
  } catch (const NodesUnavailable& e) {
    throw rpcError(RawTransactionError::Transport, e.what(), Json(std::string(e.what())));
  }
}

Task<Json> sendRawTransaction(RequestContext& ctx, RawTxParams p) {
  co_return co_await sendRaw(ctx.node, std::move(p));
}
Task<Json> sendRawTransactionLegacy(RequestContext& ctx, const Json& request) {
  co_return co_await sendRaw(ctx.node, parseLegacyParams<RawTxParams>(request));
}

}  // namespace

void registerWithdrawMethods(MethodTable& t) {
  t.add({"withdraw",
         "{coin, to, amount | max: true, fee?: {type: EthGas|EthGasEip1559|...}, from?, memo?, "
         "broadcast?}",
         "TransactionDetails {tx_hex, tx_hash, from, to, total_amount, spent_by_me, "
         "received_by_me, my_balance_change, "
         "block_height, timestamp, fee_details, coin, internal_id, transaction_type, memo}",
         MethodAccess::Protected, typedHandler(&withdraw), &withdrawLegacy});
  t.add({"send_raw_transaction", "{coin, tx_hex}", "{tx_hash}", MethodAccess::Protected,
         typedHandler(&sendRawTransaction), &sendRawTransactionLegacy});
}

}  // namespace walletd
