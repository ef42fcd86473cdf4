// KDF's RawTransactionError, shared by send_raw_transaction and sign_raw_transaction.
#pragma once

#include "core/rpc/rpc_error.h"

namespace walletd {

enum class RawTransactionError {
  NoSuchCoin,      // 404, {coin}
  InvalidParam,    // 400, message
  NotImplemented,  // 400, {coin}
  Transport,       // 502, message (the node's refusal)
};

inline ErrorKindInfo describe(RawTransactionError e) {
  switch (e) {
    case RawTransactionError::NoSuchCoin:
      return {"NoSuchCoin", 404};
    case RawTransactionError::InvalidParam:
      return {"InvalidParam", 400};
    case RawTransactionError::NotImplemented:
      return {"NotImplemented", 400};
    case RawTransactionError::Transport:
      return {"Transport", 502};
  }
  return {"Transport", 502};
}

}  // namespace walletd
