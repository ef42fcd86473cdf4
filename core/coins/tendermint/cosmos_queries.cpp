// Protobuf of the ABCI queries a Tendermint coin asks (cosmos_queries.h).
#include "core/coins/tendermint/cosmos_queries.h"

#include <string_view>

#include "core/encoding/protobuf.h"

namespace walletd::cosmos_query {
namespace {

CosmosAccount baseAccount(ByteView base) {
  return {protoVarint(base, 3), protoVarint(base, 4)};
}

// The BaseAccount nested `depth` levels deep through field 1 (vesting: 2, module, Eth: 1).
CosmosAccount nestedBase(ByteView value, int depth) {
  ByteView inner = value;
  for (int level = 0; level < depth; ++level) {
    const auto next = protoBytes(inner, 1);
    if (!next) return {};
    inner = *next;
  }
  return baseAccount(inner);
}

}  // namespace

Bytes accountRequest(const std::string& address) {
  ProtoWriter w;
  w.bytes(1, asBytes(address));
  return w.data();
}

CosmosAccount decodeAccount(ByteView response) {
  try {
    const auto any = protoBytes(response, 1);
    if (!any) throw CosmosDecodeError("the account answer holds no account");
    const std::string type_url = protoText(protoBytes(*any, 1));
    const ByteView value = protoBytes(*any, 2).value_or(ByteView{});
    const std::string_view type = std::string_view(type_url).substr(type_url.rfind('.') + 1);
    if (type == "BaseAccount") return baseAccount(value);
    if (type == "ContinuousVestingAccount" || type == "DelayedVestingAccount" ||
        type == "PeriodicVestingAccount" || type == "PermanentLockedAccount")
      return nestedBase(value, 2);
    if (type == "ModuleAccount" || type == "EthAccount") return nestedBase(value, 1);
    throw CosmosDecodeError("unknown account type " + type_url.substr(0, 100));
  } catch (const ProtoError& e) {
    throw CosmosDecodeError(std::string("malformed account answer: ") + e.what());
  }
}

Bytes balanceRequest(const std::string& address, const std::string& denom) {
  ProtoWriter w;
  w.bytes(1, asBytes(address)).bytes(2, asBytes(denom));
  return w.data();
}

std::string decodeBalance(ByteView response) {
  try {
    const auto coin = protoBytes(response, 1);
    if (!coin) return "0";
    const auto amount = protoBytes(*coin, 2);
    return amount ? protoText(amount) : "0";
  } catch (const ProtoError& e) {
    throw CosmosDecodeError(std::string("malformed balance answer: ") + e.what());
  }
}

Bytes simulateRequest(ByteView tx_bytes) {
  ProtoWriter w;
  w.bytes(2, tx_bytes);
  return w.data();
}

std::uint64_t decodeGasUsed(ByteView response) {
  try {
    const auto gas_info = protoBytes(response, 1);
    if (!gas_info) throw CosmosDecodeError("the simulation answer holds no gas_info");
    return protoVarint(*gas_info, 2);
  } catch (const ProtoError& e) {
    throw CosmosDecodeError(std::string("malformed simulation answer: ") + e.what());
  }
}

Bytes channelRequest(const std::string& port, const std::string& channel) {
  ProtoWriter w;
  w.bytes(1, asBytes(port)).bytes(2, asBytes(channel));
  return w.data();
}

std::optional<std::uint64_t> decodeChannelState(ByteView response) {
  try {
    const auto channel = protoBytes(response, 1);
    if (!channel) return std::nullopt;
    return protoVarint(*channel, 1);
  } catch (const ProtoError& e) {
    throw CosmosDecodeError(std::string("malformed channel answer: ") + e.what());
  }
}

}  // namespace walletd::cosmos_query
