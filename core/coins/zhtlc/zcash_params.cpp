#include "core/coins/zhtlc/zcash_params.h"

#include "core/coins/standalone_activation.h"
#include "core/crypto/hashes.h"
#include "core/encoding/hex.h"

namespace walletd {

void checkSaplingParams(LocalFiles* files, const std::string& folder, const std::string& ticker) {
  if (files == nullptr) return;  // the browser host: the application hands the files to the prover
  std::string base = folder;
  while (base.size() > 1 && base.back() == '/') base.pop_back();
  for (const SaplingParamsFile& file : {kSaplingSpendParams, kSaplingOutputParams}) {
    const std::optional<std::string> bytes = files->readText(base + "/" + file.name);
    if (!bytes) throwCoinCreationError(ticker, "ZCashParamsNotFound");
    if (bytes->size() != file.size || toHex(sha256Bytes(asBytes(*bytes))) != file.sha256)
      throwCoinCreationError(ticker, "SaplingParamsInvalidChecksum");
  }
}

}  // namespace walletd
