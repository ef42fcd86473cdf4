// utxo_merge_params: a background loop per coin that merges the unspent outputs of the coin's
// address into one output to itself when there are more than `merge_at` of them. As KDF's loop,
// it counts the outputs every `check_every` seconds (the first count after one interval); a merge
// spends the smallest confirmed outputs first, at most `max_merge_at_once` of them (at least 2)
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

// check_every is bounded to [0.1 s, 1 day] (KDF takes 0 and would spin).
constexpr std::uint64_t kMinMergeIntervalMs = 100;
// Bitcoin Core's largest standard transaction is 100,000 virtual bytes; inputs beyond what fits
// are left for the next merge.
constexpr std::size_t kMaxStandardTxVbytes = 100000;

// Runs until `stop` is cancelled; peer failures are retried at the next check.
void startUtxoMergeLoop(std::shared_ptr<UtxoCoin> coin, UtxoMergeParams params, Executor& executor,
                        CancellationToken stop);

}  // namespace walletd
