// The UtxoBackend defaults.
#include "core/coins/utxo/utxo_backend.h"

#include <stdexcept>

namespace walletd {

Task<Bytes> UtxoBackend::callContract(ByteArray<20>, Bytes) {
  throw std::logic_error("this coin's peer answers no contract calls");
  co_return Bytes{};
}

Task<std::vector<ContractEvent>> UtxoBackend::contractEvents(ByteArray<20>, ByteArray<20>,
                                                             std::string) {
  throw std::logic_error("this coin's peer serves no contract events (Native not supported)");
  co_return std::vector<ContractEvent>{};
}

Task<std::vector<ContractLog>> UtxoBackend::receiptLogs(std::string) {
  throw std::logic_error("this coin's peer serves no transaction receipts");
  co_return std::vector<ContractLog>{};
}

}  // namespace walletd
