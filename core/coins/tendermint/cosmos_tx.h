// Cosmos SDK transactions as KDF's Tendermint coins sign them (SIGN_MODE_DIRECT): one message per
// transaction, wrapped in an Any; TxBody {messages, memo, timeout_height}; AuthInfo {one signer
// (the secp256k1 PubKey, mode DIRECT, sequence), Fee {one coin, gas_limit}}; the signature is
// RFC 6979 low-S over SHA-256 of SignDoc {body, auth_info, chain_id, account_number}, 64 bytes
// r‖s; the hash is the upper-case hex SHA-256 of the TxRaw. Every message is written in
// canonical proto3 form (ascending fields, defaults omitted), byte for byte what cosmrs and
// cosmjs-types write.
#pragma once

#include <cstdint>
#include <string>

#include "core/crypto/bytes.h"
#include "core/crypto/secp256k1.h"

namespace walletd {

// cosmos.base.v1beta1.Coin: the amount in base units as a decimal integer.
struct CosmosCoin {
  std::string denom;
  std::string amount;
};

// A message as its Any: type URL and encoded value.
struct CosmosMsg {
  std::string type_url;
  Bytes value;
};

CosmosMsg msgSend(const std::string& from, const std::string& to, const CosmosCoin& amount);
// ibc.applications.transfer.v1.MsgTransfer on port "transfer", without timeout_height (as KDF).
CosmosMsg msgTransfer(const std::string& channel, const CosmosCoin& token,
                      const std::string& sender, const std::string& receiver,
                      std::uint64_t timeout_timestamp_ns);
CosmosMsg msgDelegate(const std::string& delegator, const std::string& validator,
                      const CosmosCoin& amount);
CosmosMsg msgUndelegate(const std::string& delegator, const std::string& validator,
                        const CosmosCoin& amount);
CosmosMsg msgWithdrawDelegatorReward(const std::string& delegator, const std::string& validator);

// Everything a signed transaction is made of besides the key.
struct CosmosTxPlan {
  CosmosMsg msg;
  std::string memo;
  std::uint64_t timeout_height = 0;
  CosmosCoin fee;
  std::uint64_t gas_limit = 0;
  std::string chain_id;
  std::uint64_t account_number = 0;
  std::uint64_t sequence = 0;
};

struct SignedCosmosTx {
  Bytes bytes;       // the TxRaw
  std::string hash;  // upper-case hex SHA-256 of `bytes`
};

SignedCosmosTx signCosmosTx(const CosmosTxPlan& plan, const PrivateKey& key,
                            const PublicKey& public_key);

// What SIGN_MODE_DIRECT signs, for a signer outside walletd: the TxBody and AuthInfo bytes and
// the SignDoc over them (its SHA-256 is signed).
struct CosmosSignDoc {
  Bytes body;
  Bytes auth_info;
  Bytes sign_doc;
};
CosmosSignDoc cosmosSignDoc(const CosmosTxPlan& plan, const PublicKey& public_key);
// The TxRaw of `doc` with a 64-byte r ‖ s signature.
SignedCosmosTx assembleCosmosTx(const CosmosSignDoc& doc, ByteView signature);

// The Any of a secp256k1 public key (/cosmos.crypto.secp256k1.PubKey {key: 33 bytes}).
Bytes cosmosPubKeyAny(const PublicKey& key);

// Whether `bytes` read as a TxRaw (body, auth_info, at least one signature); what
// send_raw_transaction checks before a node sees them.
bool isCosmosTxRaw(ByteView bytes);

// The upper-case hex SHA-256 of a transaction (CometBFT's transaction hash).
std::string cosmosTxHash(ByteView tx);

}  // namespace walletd
