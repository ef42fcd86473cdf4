// utxo_merge_params: a background loop per coin that merges the unspent outputs of the coin's
// address into one output to itself when there are more than `merge_at` of them. It looks at the
// chain tip every kMergePollMs and counts the outputs once every `check_every` blocks (at once
// when it starts); a merge spends the smallest outputs first, at most `max_merge_at_once` of them
// and no more than a standard transaction can hold, with the coins file's default fee. It stops
// when the coin is disabled. HD wallets merge the coin's activated address.
#pragma once

#include <cstdint>
#include <memory>

#include "core/async/cancellation.h"
#include "core/async/task.h"
#include "core/coins/utxo/utxo_activation_params.h"
#include "core/platform/executor.h"

namespace walletd {

class UtxoCoin;

constexpr std::uint64_t kMergePollMs = 2000;
// Bitcoin Core's largest standard transaction is 100,000 virtual bytes; inputs beyond what fits
// are left for the next merge.
constexpr std::size_t kMaxStandardTxVbytes = 100000;

// Runs until `stop` is cancelled; peer failures are retried at the next check.
void startUtxoMergeLoop(std::shared_ptr<UtxoCoin> coin, UtxoMergeParams params, Executor& executor,
                        CancellationToken stop);

}  // namespace walletd
