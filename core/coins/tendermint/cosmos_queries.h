// The ABCI queries a Tendermint coin asks (CometBFT abci_query, protobuf in and out): requests
// encoded and answers decoded for the auth account, a bank balance, a transaction simulation
// and an IBC channel. Accounts are read by their Any type URL — BaseAccount, the vesting
// accounts, ModuleAccount and Ethermint's EthAccount (which wrap a BaseAccount) — where KDF
// decodes everything as a BaseAccount and signs with account number 0 for a wrapped type.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/crypto/bytes.h"

namespace walletd {

struct CosmosAccount {
  std::uint64_t account_number = 0;
  std::uint64_t sequence = 0;
};

// An answer that does not decode as the message it should be.
struct CosmosDecodeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

namespace cosmos_query {

inline constexpr const char* kAccount = "/cosmos.auth.v1beta1.Query/Account";
inline constexpr const char* kBalance = "/cosmos.bank.v1beta1.Query/Balance";
inline constexpr const char* kSimulate = "/cosmos.tx.v1beta1.Service/Simulate";
inline constexpr const char* kChannel = "/ibc.core.channel.v1.Query/Channel";

Bytes accountRequest(const std::string& address);
// QueryAccountResponse; throws CosmosDecodeError for an account type it does not know.
CosmosAccount decodeAccount(ByteView response);

Bytes balanceRequest(const std::string& address, const std::string& denom);
// QueryBalanceResponse's amount (base units, decimal text; "0" when absent).
std::string decodeBalance(ByteView response);

Bytes simulateRequest(ByteView tx_bytes);
// SimulateResponse's gas_info.gas_used.
std::uint64_t decodeGasUsed(ByteView response);

Bytes channelRequest(const std::string& port, const std::string& channel);
// QueryChannelResponse's channel.state (3 = OPEN); nullopt when the answer has no channel.
std::optional<std::uint64_t> decodeChannelState(ByteView response);

}  // namespace cosmos_query
}  // namespace walletd
