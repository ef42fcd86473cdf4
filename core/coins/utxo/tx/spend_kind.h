// SpendKind: the output forms walletd spends from (and so signs and sizes).
#pragma once

namespace walletd {

enum class SpendKind { P2PKH, P2WPKH };

}  // namespace walletd
