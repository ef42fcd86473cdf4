// The two Sapling parameter files (sapling-spend.params, sapling-output.params) in an activation's
// zcash_params_path, checked as KDF checks them on activation — present, then the right bytes
// (their sizes and KDF's SHA-256 digests) — with KDF's error words (ZCashParamsNotFound,
// SaplingParamsInvalidChecksum). walletd reads them only when the path is given: without it a
// coin activates for viewing, and spending is refused later (KDF refuses the activation).
#pragma once

#include <cstdint>
#include <string>

#include "core/platform/local_files.h"

namespace walletd {

struct SaplingParamsFile {
  const char* name;
  std::uint64_t size;
  const char* sha256;  // hex
};

inline constexpr SaplingParamsFile kSaplingSpendParams{
    "sapling-spend.params", 47958396,
    "8e48ffd23abb3a5fd9c5589204f32d9c31285a04b78096ba40a79b75677efc13"};
inline constexpr SaplingParamsFile kSaplingOutputParams{
    "sapling-output.params", 3592860,
    "2f0ebbcbb9bb0bcffe95a397e7eba89c29eb4dde6191c339db88570e3f3fb0e4"};

// Throws CoinCreationError for `ticker`: "ZCashParamsNotFound" when a file cannot be read,
// "SaplingParamsInvalidChecksum" when one is not the right file. A host without local files (the
// browser) checks nothing: there the application hands the files to the package's prover, as
// KDF's wasm build ignores the path.
void checkSaplingParams(LocalFiles* files, const std::string& folder, const std::string& ticker);

}  // namespace walletd
