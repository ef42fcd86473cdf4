// Tendermint withdraw (platform coin and tokens), as KDF's TendermintCoin::withdraw: the
// destination's bech32 prefix decides between a bank MsgSend and an IBC MsgTransfer (another
// prefix, or ibc_source_channel given); the balance is read, the fee simulated (KDF's rule,
// ×3/2 for an IBC transfer of the platform coin), max settles amount = balance − fee, the account
// is re-read and the transaction signed; sent with `broadcast`. Where walletd is stricter than
// KDF: a fee object of another type is refused (KDF ignores it), and an IBC channel is checked
// OPEN on the node whether it comes from the request or the coins file.
#include <cmath>

#include "core/async/all_of.h"
#include "core/coins/tendermint/cosmos_tx.h"
#include "core/coins/tendermint/tendermint_coins.h"
#include "core/coins/tendermint/tendermint_signing.h"
#include "core/coins/withdraw_amounts.h"
#include "core/crypto/hashes.h"
#include "core/encoding/bech32.h"
#include "core/encoding/encoding_error.h"
#include "core/encoding/hex.h"
#include "core/rpc/params_reader.h"

namespace walletd {
namespace {

constexpr std::uint64_t kTimeoutBlocks = 100;
constexpr std::uint64_t kIbcTimeoutNs = 900'000'000'000;  // 15 minutes
constexpr std::uint64_t kChannelOpen = 3;

[[noreturn]] void refuse(WithdrawError kind, const std::string& message) {
  throw rpcError(kind, message, Json(message));
}

[[noreturn]] void ibcError(const std::string& message, Json inner) {
  throw rpcError(WithdrawError::IBCError, "Tendermint IBC error: " + message, std::move(inner));
}

// The request's ibc_source_channel: KDF's u16 (the string form was dropped in KDF 2.5).
std::optional<std::uint64_t> sourceChannel(const Json& params) {
  const auto found = params.find("ibc_source_channel");
  if (found == params.end() || found->is_null()) return std::nullopt;
  if (!found->is_number_unsigned() || found->get<std::uint64_t>() > 0xffff) {
    throwInvalidParams("params.ibc_source_channel: invalid type: " + describeJsonType(*found) +
                       ", expected u16");
  }
  return found->get<std::uint64_t>();
}

// The bech32 prefix of a destination account address (any prefix: another one means IBC).
std::string destinationPrefix(const std::string& to) {
  try {
    const Bech32Decoded decoded = bech32Decode(to);
    if (decoded.variant != Bech32Variant::Bech32) throw EncodingError("not bech32");
    const Bytes program = convertBits(decoded.data, 5, 8, false);
    if (program.size() != 20 && program.size() != 32)
      throw EncodingError("account ids are 20 or 32 bytes");
    return decoded.hrp;
  } catch (const EncodingError& e) {
    refuse(WithdrawError::InvalidAddress, std::string("Invalid address: ") + e.what());
  }
}

struct GasChoice {
  double gas_price;
  std::optional<std::uint64_t> gas_limit;
};

GasChoice gasChoice(const WithdrawRequest& req, const TendermintChain& chain) {
  if (!req.fee) return {chain.gas_price, std::nullopt};
  const CosmosGasFee* cosmos = req.fee->as<CosmosGasFee>();
  if (cosmos == nullptr) {
    refuse(WithdrawError::InvalidFeePolicy, "Fee type " + req.fee->typeName() +
                                                " is not supported for " + chain.ticker +
                                                "; Tendermint coins take CosmosGas");
  }
  if (!(cosmos->gas_price >= 0) || !std::isfinite(cosmos->gas_price))
    throw rpcError(WithdrawError::InvalidFee, "gas_price must be a non-negative number",
                   Json{{"reason", "gas_price must be a non-negative number"}});
  return {cosmos->gas_price, cosmos->gas_limit};
}

// The IBC source channel: the request's, else the coins file's for the destination prefix;
// checked OPEN on the node in both cases.
Task<std::string> ibcChannel(TendermintPlatform& platform, std::optional<std::uint64_t> requested,
                             std::string prefix) {
  std::uint64_t number = 0;
  if (requested) {
    number = *requested;
  } else {
    const auto& channels = platform.chain().ibc_channels;
    const auto found = channels.find(prefix);
    if (found == channels.end()) {
      ibcError("IBC channel could not be found in coins file for '" + prefix +
                   "' address prefix. Provide it manually by including `ibc_source_channel` in "
                   "the request.",
               Json{{"IBCChannelCouldNotBeFound", {{"address_prefix", prefix}}}});
    }
    number = found->second;
  }
  const std::string channel = "channel-" + std::to_string(number);
  const std::optional<std::uint64_t> state = co_await platform.client().channelState(channel);
  if (!state) {
    ibcError("Channel '" + channel + "' is missing on the node",
             Json{{"IBCChannelMissingOnNode", {{"channel_id", channel}}}});
  }
  if (*state != kChannelOpen) {
    ibcError("Channel '" + channel + "' is not healthy (its state is not OPEN)",
             Json{{"IBCChannelNotHealthy", {{"channel_id", channel}}}});
  }
  co_return channel;
}

// KDF's internal_id: SHA-256 of the ASCII tx hash (a token's id bytes appended).
std::string internalId(const std::string& tx_hash, const std::string& token_id_hex) {
  Bytes data(tx_hash.begin(), tx_hash.end());
  if (!token_id_hex.empty()) {
    const Bytes id = fromHex(token_id_hex);
    data.insert(data.end(), id.begin(), id.end());
  }
  return toHex(sha256Bytes(data));
}

[[noreturn]] void notEnoughPlatformForFee(const std::string& platform, const UInt256& available,
                                          const UInt256& required, unsigned decimals) {
  const std::string a = available.toDecimal(decimals), r = required.toDecimal(decimals);
  throw rpcError(WithdrawError::NotSufficientPlatformBalanceForFee,
                 "Not enough " + platform + " for the fee: available " + a + ", required " + r,
                 Json{{"coin", platform}, {"available", a}, {"required", r}});
}

// What a withdraw moves: the denom, whose balance pays the amount, and who pays the fee.
struct WithdrawCoin {
  std::string ticker;
  std::string denom;
  unsigned decimals;
  std::string token_id;  // empty for the platform coin
};

Task<TransactionDetails> tendermintWithdraw(TendermintPlatform& platform, WithdrawCoin coin,
                                            WithdrawRequest req) {
  const TendermintChain& chain = platform.chain();
  const bool token = !coin.token_id.empty();
  const std::optional<std::uint64_t> requested_channel = sourceChannel(req.params);
  const GasChoice gas = gasChoice(req, chain);
  const std::string prefix = destinationPrefix(req.to);
  const bool ibc = prefix != chain.account_prefix || requested_channel.has_value();
  const TendermintSigner signer = platform.signerFor(req.from);
  req.progress.generating();

  std::string channel;
  if (ibc) channel = co_await ibcChannel(platform, requested_channel, prefix);
  std::uint64_t height = 0;
  UInt256 balance, platform_balance;
  std::vector<Task<void>> reads;
  std::optional<CosmosAccount> found;  // read at once with the rest: one round trip fewer
  reads.push_back(storeInto(height, platform.client().latestHeight()));
  reads.push_back(storeInto(found, platform.client().account(signer.address)));
  reads.push_back(storeInto(balance, platform.client().balance(signer.address, coin.denom)));
  if (token) {
    reads.push_back(
        storeInto(platform_balance, platform.client().balance(signer.address, chain.denom)));
  }
  Task<void> all_reads = allOf(std::move(reads));
  co_await all_reads;
  if (!token) platform_balance = balance;

  UInt256 amount;
  if (req.max) {
    if (balance.isZero())
      throw rpcError(WithdrawError::ZeroBalanceToWithdrawMax, "Balance is zero");
    amount = balance;
  } else {
    amount = requestedUnits(req, coin.decimals);
    if (balance < amount) throwNotSufficientBalance(coin.ticker, balance, amount, coin.decimals);
  }
  const CosmosAccount account = knownAccount(found, signer.address, coin.ticker);

  const std::uint64_t timeout_ns = platform.clock().unixMillis() * 1'000'000 + kIbcTimeoutNs;
  auto message = [&](const UInt256& units) {
    const CosmosCoin sent{coin.denom, units.toDecimal(0)};
    return ibc ? msgTransfer(channel, sent, signer.address, req.to, timeout_ns)
               : msgSend(signer.address, req.to, sent);
  };
  CosmosTxPlan plan{message(amount),
                    req.memo.value_or(""),
                    height + kTimeoutBlocks,
                    CosmosCoin{chain.denom, "0"},
                    0,
                    chain.chain_id,
                    account.account_number,
                    account.sequence};
  std::uint64_t fee = co_await simulatedFee(platform, signer, plan, gas.gas_price);
  if (ibc && !token) {
    if (fee > UINT64_MAX / 3 * 2) {
      const std::string message = "the gas price gives a fee out of range";
      throw rpcError(WithdrawError::InvalidFee, message, Json{{"reason", message}});
    }
    fee = fee / 2 * 3 + (fee % 2) * 3 / 2;  // KDF's fee × 3 / 2 in integers
  }
  const UInt256 fee_units(fee);

  if (token) {
    if (platform_balance < fee_units)
      notEnoughPlatformForFee(chain.ticker, platform_balance, fee_units, chain.decimals);
  } else if (req.max) {
    if (balance < fee_units)
      throwNotSufficientBalance(coin.ticker, balance, fee_units, coin.decimals);
    amount = *balance.sub(fee_units);
    if (amount.isZero()) throwNotSufficientBalance(coin.ticker, balance, fee_units, coin.decimals);
  } else if (const UInt256 required = amount.add(fee_units).value(); balance < required) {
    throwNotSufficientBalance(coin.ticker, balance, required, coin.decimals);
  }

  req.progress.signing();
  plan.msg = message(amount);
  plan.fee.amount = fee_units.toDecimal(0);
  plan.gas_limit = gas.gas_limit.value_or(ibc ? kCosmosIbcGas : kCosmosSendGas);
  SignedCosmosTx signed_tx = co_await signFresh(platform, signer, plan);
  req.progress.finishing();
  if (req.broadcast) signed_tx = co_await broadcastSigned(platform, signer, plan, signed_tx);

  const bool to_self = !ibc && req.to == signer.address;
  const UInt256 spent = token ? amount : amount.add(fee_units).value();
  TransactionDetails out;
  out.tx_hex = toHex(signed_tx.bytes);
  out.tx_hash = signed_tx.hash;
  out.from = {signer.address};
  out.to = {req.to};
  out.setAmounts(spent, spent, to_self ? amount : UInt256(), coin.decimals);
  out.timestamp = 0;  // KDF's Tendermint results carry no time
  out.fee_details.value =
      TendermintFeeDetails{chain.ticker, fee_units.toDecimal(chain.decimals), plan.gas_limit};
  out.coin = coin.ticker;
  out.internal_id = internalId(out.tx_hash, coin.token_id);
  out.transaction_type = ibc ? "TendermintIBCTransfer" : "StandardTransfer";
  out.memo = plan.memo;
  co_return out;
}

}  // namespace

Task<TransactionDetails> TendermintPlatform::withdraw(WithdrawRequest request) {
  return tendermintWithdraw(*this, {chain_.ticker, chain_.denom, chain_.decimals, ""},
                            std::move(request));
}

Task<TransactionDetails> TendermintToken::withdraw(WithdrawRequest request) {
  return tendermintWithdraw(
      *platform_,
      {config_.ticker, config_.denom, config_.decimals, tendermintTokenId(config_.denom)},
      std::move(request));
}

}  // namespace walletd
