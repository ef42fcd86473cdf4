// The browser host's Sapling prover: each proving context asks the application's prover
// (createWalletd's `saplingProver`, e.g. createAirgapSaplingProver over @airgap/sapling-wasm)
// through host.saplingProve({op: "spend" | "output" | "binding", context, ...}) with every byte
// string in hex (scalars and points in their 32-byte little-endian encodings, the path level 0
// first); a closed context is told with host.saplingClose(context).
#pragma once

#include "core/crypto/sapling/sapling_prover.h"

namespace walletd::wasm {

class JsSaplingProver : public SaplingProver {
 public:
  std::unique_ptr<SaplingProvingContext> newContext() override;
  // Whether createWalletd() was given a saplingProver.
  static bool available();

 private:
  double next_context_ = 1;
};

}  // namespace walletd::wasm
