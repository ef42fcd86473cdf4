// spawnRounds: background work done in rounds — `round` runs at once, then again `interval_ms`
// after each round ends, until `stop` is cancelled (which also cuts the wait short) or a round
// answers false. A round that throws is the round's business: catch inside it.
#pragma once

#include <cstdint>
#include <functional>

#include "core/async/cancellation.h"
#include "core/async/task.h"
#include "core/platform/executor.h"

namespace walletd {

void spawnRounds(Executor& executor, std::uint64_t interval_ms, CancellationToken stop,
                 std::function<Task<bool>()> round);

}  // namespace walletd
