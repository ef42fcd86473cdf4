// my_tx_history (v2) as every family receives it (KDF's my_tx_history_v2), the page a family
// answers, and KDF's MyTxHistoryErrorV2 family.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/coins/transaction_details.h"
#include "core/rpc/json.h"
#include "core/rpc/rpc_error.h"

namespace walletd {

// CoinIsNotActive and NotSupportedFor carry the ticker; the others the message.
// clang-format off
#define WALLETD_TX_HISTORY_ERRORS(X) \
  X(CoinIsNotActive, 404)            \
  X(InvalidTarget, 400)              \
  X(NotSupportedFor, 400)            \
  X(StorageIsNotInitialized, 500) X(StorageError, 500) X(RpcError, 500) X(Internal, 500)
// clang-format on
WALLETD_ERROR_FAMILY(TxHistoryError, WALLETD_TX_HISTORY_ERRORS)

struct TxHistoryRequest {
  static constexpr std::uint32_t kDefaultLimit = 10;
  static constexpr std::uint32_t kMaxLimit = 100000;  // KDF has none; the SDK asks for 10000

  std::string coin;
  std::uint32_t limit = kDefaultLimit;
  std::optional<std::string> from_id;  // paging_options {FromId}
  std::uint32_t page_number = 1;       // paging_options {PageNumber}
  Json target = Json{{"type", "iguana"}};
};

struct TxHistoryPage {
  std::uint64_t current_block = 0;
  std::vector<TransactionDetails> transactions;  // newest first
  std::vector<std::uint64_t> confirmations;      // one per transaction
  std::string sync_state = "NotEnabled";
  Json sync_info;  // sync_status.additional_info when set (an object)
  std::uint64_t skipped = 0;
  std::uint64_t total = 0;
};

// Fills `page`'s transactions, confirmations, skipped and total from every row of the history
// (newest first) and each row's block height (0 unconfirmed), as KDF pages: from the row after
// `request.from_id` (an internal_id; StorageError when no row has it), else page_number × limit.
void fillHistoryPage(TxHistoryPage& page, std::vector<TransactionDetails> rows,
                     const std::vector<std::uint64_t>& heights, const TxHistoryRequest& request);

}  // namespace walletd
