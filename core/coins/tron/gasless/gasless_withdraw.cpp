// The gasless withdraw: preflight, fee cap, permit, answer.
#include "core/coins/tron/gasless/gasless_withdraw.h"

#include "core/coins/tron/gasless/gasless_errors.h"
#include "core/coins/tron/gasless/relay_authorization.h"
#include "core/coins/withdraw_amounts.h"
#include "core/encoding/tron_address.h"
#include "core/rpc/params_reader.h"

namespace walletd {
namespace {

[[noreturn]] void unavailable(const std::string& why) {
  throw gaslessError(GaslessError::Unavailable, "Gasless transfer unavailable: " + why);
}

// The fee cap in token units: the request's max_fee, else the token's transfer_max_fee.
std::optional<UInt256> feeCap(const GaslessOptions& options, const Trc20Token& token) {
  if (!options.max_fee) return token.transferMaxFee();
  const auto units = UInt256::fromDecimal(options.max_fee->str(), token.decimals());
  if (!units) throwInvalidParams("params.gasless.max_fee: out of range");
  return units;
}

[[noreturn]] void insufficient(bool active, const std::string& coin, const UInt256& available,
                               const UInt256& required, unsigned decimals) {
  const std::string a = available.toDecimal(decimals);
  const std::string r = required.toDecimal(decimals);
  throw gaslessError(active ? GaslessError::InsufficientRelayBalance
                            : GaslessError::InsufficientRelayBalanceForActivation,
                     "Not enough " + coin + " on the relay address: available " + a +
                         ", required " + r + (active ? "" : " (its first transfer activates it)"),
                     Json{{"coin", coin}, {"available", a}, {"required", r}});
}

}  // namespace

GaslessOptions GaslessOptions::parse(const Json& value) {
  GaslessOptions out;
  if (value.is_null()) return out;
  ParamsReader r(value, "params.gasless", false);
  out.deadline_seconds = r.optional<std::uint64_t>("deadline_seconds");
  out.fallback_to_native = r.optionalOr<bool>("fallback_to_native", false);
  out.max_fee = r.optional<Decimal>("max_fee");
  r.rejectUnknown();
  if (out.deadline_seconds && *out.deadline_seconds == 0)
    throwInvalidParams("params.gasless.deadline_seconds: must be at least 1");
  if (out.max_fee && out.max_fee->negative())
    throwInvalidParams("params.gasless.max_fee: must not be negative");
  return out;
}

Task<std::optional<TransactionDetails>> gaslessWithdraw(TronPlatform& platform,
                                                        const Trc20Token* token,
                                                        KeccakAccountKey sender,
                                                        EthAddress receiver, WithdrawRequest req,
                                                        Json gasless_options) {
  const GaslessOptions options = GaslessOptions::parse(gasless_options);
  TronRelay* relay = platform.relay();
  if (!token || !relay) {
    if (options.fallback_to_native) co_return std::nullopt;
    unavailable(token ? platform.ticker() + " was activated without a tron_gasless_provider"
                      : "gasless transfers move TRC20 tokens; TRX pays its own fee");
  }
  const std::string coin = token->ticker();
  const unsigned decimals = token->decimals();
  UInt256 value = req.max ? UInt256() : requestedUnits(req, decimals);
  const std::optional<UInt256> cap = feeCap(options, *token);

  RelayProviderClient& provider = relay->client();
  const RelayAccount account = co_await relay->account(sender.account);
  const EthAddress relay_address = account.relay_address;  // confirmed equal to CREATE2's
  const RelayAsset* asset = account.asset(token->contract());
  if (asset == nullptr) {
    if (options.fallback_to_native) co_return std::nullopt;
    unavailable("the relay provider does not offer " + coin);
  }
  if (!account.allow_submit) {
    throw gaslessError(GaslessError::PendingTransfer,
                       "A gasless transfer from " + tronBase58(sender.account) +
                           " is still pending at the relay provider; try again when it is done");
  }
  const RelayDeadlineBounds bounds = co_await provider.deadlineBounds();
  const std::uint64_t lifetime = options.deadline_seconds.value_or(bounds.default_seconds);
  if (lifetime < bounds.min_seconds || lifetime > bounds.max_seconds) {
    throw gaslessError(GaslessError::InvalidDeadline,
                       "deadline_seconds must be between " + std::to_string(bounds.min_seconds) +
                           " and " + std::to_string(bounds.max_seconds) + " for this provider",
                       Json{{"min", bounds.min_seconds}, {"max", bounds.max_seconds}});
  }
  const UInt256 on_chain = co_await platform.tokenBalance(token->contract(), relay_address);

  const std::optional<UInt256> activation_fee =
      account.active ? std::nullopt : std::optional<UInt256>(asset->activate_fee);
  const UInt256 total_fee = *asset->transfer_fee.add(activation_fee.value_or(UInt256()));
  if (cap && total_fee > *cap) {
    throw gaslessError(
        GaslessError::MaxFeeExceeded,
        "The relay fee " + total_fee.toDecimal(decimals) + " " + coin + " is above the cap " +
            cap->toDecimal(decimals),
        Json{{"fee", total_fee.toDecimal(decimals)}, {"max_fee", cap->toDecimal(decimals)}});
  }
  const UInt256 spendable = on_chain > asset->frozen ? *on_chain.sub(asset->frozen) : UInt256();
  if (req.max) {
    if (spendable <= total_fee) insufficient(account.active, coin, spendable, total_fee, decimals);
    value = *spendable.sub(total_fee);
  }
  const UInt256 required = *value.add(total_fee);
  if (spendable < required) insufficient(account.active, coin, spendable, required, decimals);

  const std::uint64_t now_ms = platform.clock().unixMillis();
  RelayAuthorization auth;
  auth.chain_id = relay->network().chain_id;
  auth.coin = coin;
  auth.relay_address = relay_address;
  auth.verifying_contract = relay->network().controller;
  auth.permit.token = token->contract();
  auth.permit.service_provider = relay->config().service_provider;
  auth.permit.user = sender.account;
  auth.permit.receiver = receiver;
  auth.permit.value = value;
  auth.permit.max_fee = cap ? *cap : total_fee;
  auth.permit.deadline = now_ms / 1000 + lifetime;
  auth.permit.nonce = account.nonce;
  req.progress.signing();
  auth.signature = signPermit(relay->network(), auth.permit, sender.key);
  req.progress.finishing();
  auth.created_at = isoUtc(now_ms);

  TronGaslessFeeDetails fee;
  fee.coin = coin;
  fee.provider_name = "relay";
  fee.relay_address = tronBase58(relay_address);
  fee.transfer_fee = asset->transfer_fee.toDecimal(decimals);
  if (activation_fee) fee.activation_fee = activation_fee->toDecimal(decimals);
  fee.total_token_fee = total_fee.toDecimal(decimals);
  if (cap) fee.signed_max_fee = cap->toDecimal(decimals);

  TransactionDetails out;
  out.authorization = auth.toJson();
  out.from = {tronBase58(sender.account)};
  out.to = {tronBase58(receiver)};
  // Spec rule 7: spent_by_me is the transfer amount; the fee comes off the relay balance.
  out.setAmounts(value, value, receiver == sender.account ? value : UInt256(), decimals);
  out.timestamp = now_ms / 1000;
  out.fee_details.value = fee;
  out.coin = coin;
  co_return out;
}

}  // namespace walletd
