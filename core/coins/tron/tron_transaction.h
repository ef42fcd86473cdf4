// TRON transactions built locally (tron-protocol core/Tron.proto): a TransferContract (TRX) or a
// TriggerSmartContract (a TRC20 call) with its reference block (TAPOS), expiration, timestamp and
// fee_limit. txID = SHA-256 of the raw_data bytes; the signature is secp256k1 over the txID,
// r || s || v with v = 27 + recovery id (as tronweb writes it; java-tron takes 0/1 too).
#pragma once

#include <cstdint>
#include <variant>

#include "core/crypto/secp256k1.h"
#include "core/encoding/eth_address.h"

namespace walletd {

// The block a transaction refers to: its number, its 32-byte block id (8-byte number || hash)
// and its timestamp in milliseconds.
struct TronBlockRef {
  std::uint64_t number = 0;
  ByteArray<32> id{};
  std::uint64_t timestamp_ms = 0;
};

struct TronTransfer {  // ContractType 1
  EthAddress owner{};
  EthAddress to{};
  std::uint64_t amount = 0;  // sun
};

struct TronTrigger {  // ContractType 31
  EthAddress owner{};
  EthAddress contract{};
  Bytes data;
  std::uint64_t call_value = 0;
};

struct TronTransaction {
  static constexpr std::uint64_t kDefaultExpirationSeconds = 60;
  static constexpr std::uint64_t kMaxExpirationSeconds = 24 * 3600;  // java-tron's maximum
  static constexpr std::size_t kResultReserve = 64;  // bandwidth counted per contract result

  TronBlockRef ref;
  std::uint64_t expiration_ms = 0;
  std::uint64_t timestamp_ms = 0;
  std::uint64_t fee_limit = 0;  // sun; TriggerSmartContract only
  std::variant<TronTransfer, TronTrigger> contract;

  // A transaction on `ref` that expires `expiration_seconds` after it (tronweb's convention:
  // timestamp = the reference block's time).
  static TronTransaction onBlock(const TronBlockRef& ref, std::uint64_t expiration_seconds);

  Bytes rawData() const;

  struct Signed {
    Bytes raw_data;
    Digest32 txid{};
    ByteArray<65> signature{};
    Bytes bytes;  // the Transaction message: raw_data and one signature
  };
  Signed sign(const PrivateKey& key) const;
};

// Bandwidth a signed transaction consumes: its size + 64 (java-tron's MAX_RESULT_SIZE_IN_TX).
inline std::uint64_t tronBandwidth(const TronTransaction::Signed& tx) {
  return tx.bytes.size() + TronTransaction::kResultReserve;
}

// A broadcastable Transaction message taken apart: raw_data, txID and the signatures. Throws
// ProtoError when the bytes are not a Transaction with raw_data.
struct TronSignedParts {
  Bytes raw_data;
  Digest32 txid{};
  std::size_t signatures = 0;
};
TronSignedParts parseTronTransaction(ByteView bytes);

}  // namespace walletd
