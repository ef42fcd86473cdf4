// The JSON type of the whole core. Insertion-ordered so responses keep KDF's field order on the
// wire (serde serialises struct fields in declaration order).
#pragma once

#include <nlohmann/json.hpp>

namespace walletd {
using Json = nlohmann::ordered_json;
}
