// send_raw_transaction with tx_json for a TRC20 token (spec §4.2): the signed relay authorization
// a gasless withdraw answered, checked again before anything is sent — chain id, verifying
// contract, token, provider, relay address, version, a signer this wallet owns whose signature
// recovers, a deadline not passed — then submitted to the relay provider. Answers {relay_type,
// trace_id, state}; the transfer is followed (in memory and on disk) for the trace stream.
#include "core/coins/tron/gasless/gasless_errors.h"
#include "core/coins/tron/gasless/relay_authorization.h"
#include "core/coins/tron/tron_coins.h"
#include "core/encoding/tron_address.h"
#include "core/platform/log.h"

namespace walletd {
namespace {

[[noreturn]] void refuse(const std::string& why) {
  throw gaslessError(GaslessError::InvalidAuthorization,
                     "The signed authorization is refused: " + why);
}

}  // namespace

Task<Json> Trc20Token::sendRawJson(SendRawRequest request) {
  const RelayAuthorization auth = RelayAuthorization::fromJson(*request.tx_json, "params.tx_json");
  TronRelay* relay = platform_->relay();
  if (relay == nullptr) {
    throw gaslessError(GaslessError::Unavailable,
                       platform_->ticker() + " was activated without a tron_gasless_provider");
  }
  const PermitTransfer& p = auth.permit;
  if (auth.coin != ticker_) refuse("it is for " + auth.coin.substr(0, 60) + ", not " + ticker_);
  if (auth.chain_id != relay->network().chain_id) refuse("another chain id");
  if (auth.verifying_contract != relay->network().controller) refuse("another verifying contract");
  if (p.token != contract_) refuse("another token contract");
  if (p.service_provider != relay->config().service_provider) refuse("another service provider");
  if (p.version != 1) refuse("permit version " + std::to_string(p.version));
  if (auth.relay_address != relay->relayAddressOf(p.user))
    refuse("relay_address is not the user's relay address");
  if (!platform_->ownsAccount(p.user)) refuse("the user is not an address of this wallet");
  if (permitSigner(relay->network(), p, auth.signature) != p.user)
    refuse("the signature does not recover to the user (tampered?)");
  const std::uint64_t now = platform_->clock().unixMillis() / 1000;
  if (p.deadline <= now) {
    throw gaslessError(GaslessError::AuthorizationExpired,
                       "The signed authorization expired at " + std::to_string(p.deadline) +
                           "; withdraw again for a new one",
                       Json{{"deadline", p.deadline}});
  }
  const RelayTrace trace = co_await relay->client().submit(p, auth.signature);
  relay->traces().follow(ticker_, decimals_, trace.id, p.user);
  // Kept on disk so a restart goes on following it. The transfer is submitted either way: a
  // failed write is logged, not answered as a failed submission (the caller would retry).
  try {
    StoredTrace record{trace.id, ticker_, decimals_, p.user, ""};  // named: GCC 12 coroutines
    co_await relay->store().put(std::move(record));
  } catch (const std::exception& e) {
    logMessage(LogLevel::Warning,
               "gasless transfer " + trace.id +
                   " is followed in memory only: storing it failed: " + e.what());
  }
  Json out = Json::object();
  out["relay_type"] = "tron_relay";
  out["trace_id"] = trace.id;
  out["state"] = trace.state;
  co_return out;
}

}  // namespace walletd
