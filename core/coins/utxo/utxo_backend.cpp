// The UtxoBackend defaults.
#include "core/coins/utxo/utxo_backend.h"

#include <stdexcept>

namespace walletd {

Task<Bytes> UtxoBackend::callContract(ByteArray<20>, Bytes) {
  throw std::logic_error("this coin's peer answers no contract calls");
  co_return Bytes{};
}

}  // namespace walletd
