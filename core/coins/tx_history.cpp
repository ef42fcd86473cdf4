// Paging a history as KDF's my_tx_history v2 does (tx_history.h).
#include "core/coins/tx_history.h"

#include <algorithm>

namespace walletd {

void fillHistoryPage(TxHistoryPage& page, std::vector<TransactionDetails> rows,
                     const std::vector<std::uint64_t>& heights, const TxHistoryRequest& request) {
  std::size_t first = 0;
  if (request.from_id) {
    auto at = std::find_if(rows.begin(), rows.end(), [&request](const TransactionDetails& d) {
      return d.internal_id == *request.from_id;
    });
    if (at == rows.end()) {
      const std::string message =
          "No transaction with internal_id " + request.from_id->substr(0, 80) + " in the history";
      throw rpcError(TxHistoryError::StorageError, message, Json(message));
    }
    first = static_cast<std::size_t>(at - rows.begin()) + 1;
  } else {
    first = static_cast<std::size_t>(request.page_number - 1) * request.limit;
  }
  page.total = rows.size();
  page.skipped = std::min<std::size_t>(first, rows.size());
  for (std::size_t i = first; i < rows.size() && i < first + request.limit; ++i) {
    page.confirmations.push_back(heights[i] == 0 || heights[i] > page.current_block
                                     ? 0
                                     : page.current_block + 1 - heights[i]);
    page.transactions.push_back(std::move(rows[i]));
  }
}

}  // namespace walletd
