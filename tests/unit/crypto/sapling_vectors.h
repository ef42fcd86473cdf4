// The zcash-test-vectors files in tests/vectors/zcash (its README names the commit):
// each is a JSON array of a source line, a line of comma-separated column names, then rows. A
// row becomes a map from column name to value.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/encoding/hex.h"
#include "core/rpc/json.h"
#include "tests/unit/test_support.h"

namespace walletd::test {

using VectorRow = std::map<std::string, Json>;

inline std::vector<VectorRow> zcashVectors(const std::string& file) {
  const Json all = readVectors("zcash/" + file);
  std::vector<std::string> columns;
  std::string names = all.at(1).at(0).get<std::string>();
  for (std::size_t start = 0; start <= names.size();) {
    std::size_t comma = names.find(',', start);
    if (comma == std::string::npos) comma = names.size();
    while (start < comma && names[start] == ' ') ++start;
    columns.push_back(names.substr(start, comma - start));
    start = comma + 1;
  }
  std::vector<VectorRow> rows;
  for (std::size_t r = 2; r < all.size(); ++r) {
    VectorRow row;
    for (std::size_t c = 0; c < columns.size() && c < all[r].size(); ++c)
      row[columns[c]] = all[r][c];
    rows.push_back(std::move(row));
  }
  return rows;
}

template <std::size_t N>
ByteArray<N> hexArray(const Json& value) {
  const Bytes bytes = fromHex(value.get<std::string>());
  ByteArray<N> out{};
  std::copy(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(N), out.begin());
  return out;
}

}  // namespace walletd::test
