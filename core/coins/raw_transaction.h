// send_raw_transaction and sign_raw_transaction as every family receives them, and KDF's
// RawTransactionError family shared by both.
#pragma once

#include <optional>
#include <string>

#include "core/crypto/bytes.h"
#include "core/rpc/json.h"
#include "core/rpc/rpc_error.h"

namespace walletd {

// NoSuchCoin {coin}; InvalidParam and Transport carry the message; NotImplemented {coin}.
// clang-format off
#define WALLETD_RAW_TRANSACTION_ERRORS(X) \
  X(NoSuchCoin, 404) X(InvalidParam, 400) X(NotImplemented, 400) X(Transport, 502)
// clang-format on
WALLETD_ERROR_FAMILY(RawTransactionError, WALLETD_RAW_TRANSACTION_ERRORS)

// Exactly one of tx_bytes (from `tx_hex`) and tx_json (a family's structured form, e.g. a signed
// gasless permit) is set.
struct SendRawRequest {
  std::string coin;
  std::optional<Bytes> tx_bytes;
  std::optional<Json> tx_json;
};

// `type` names the transaction family ("ETH", "UTXO", ...); `tx` is that family's RawTxInfo,
// which the coin parses strictly with `tx_path` ("params.tx") in its messages.
struct SignRawRequest {
  std::string coin;
  std::string type;
  Json tx;
  std::string tx_path;
};

}  // namespace walletd
