// ExternalSigner: EVM accounts whose keys stay in a browser-extension wallet. The browser host
// supplies one when createWalletd() is given an EIP-1193 provider (window.ethereum); each call is
// that provider's request({method, params}). The native daemon has none.
#pragma once

#include <stdexcept>
#include <string>

#include "core/async/task.h"
#include "core/rpc/json.h"

namespace walletd {

// The provider refused: its EIP-1193 error code (4001 the user rejected, 4100 unauthorized,
// 4200 unsupported method, 4900 disconnected, 4901 chain disconnected, 4902 unknown chain) and
// message. A code of -1 means the provider gave none.
struct ExternalSignerError : std::runtime_error {
  ExternalSignerError(int code_, const std::string& message)
      : std::runtime_error(message), code(code_) {}
  int code;
};

class ExternalSigner {
 public:
  virtual ~ExternalSigner() = default;
  // The provider's answer; throws ExternalSignerError.
  virtual Task<Json> request(std::string method, Json params) = 0;
};

}  // namespace walletd
