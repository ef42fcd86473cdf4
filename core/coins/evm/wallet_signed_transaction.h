// Reading back a transaction a session wallet signed (eth_signTransaction): it must be exactly the
// transaction walletd asked it to sign — the same fields, so the same bytes once walletd's own
// serialisation carries the wallet's signature — and signed by the session's account. A wallet
// that changed a field (gas, nonce, type) or signed with another key is refused, so what walletd
// reports is what it built.
#pragma once

#include <string>

#include "core/coins/evm/evm_transaction.h"

namespace walletd {

struct WalletSignedCheck {
  std::optional<EvmTransaction::Signed> signed_tx;  // set when the transaction is accepted
  std::string problem;                              // else why not
};

WalletSignedCheck checkWalletSigned(const EvmTransaction& asked, ByteView raw,
                                    const EthAddress& account);

}  // namespace walletd
