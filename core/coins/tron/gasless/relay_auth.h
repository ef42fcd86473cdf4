// The relay provider's API authentication (direct mode): the headers
// `Timestamp: <unix seconds>` and `Authorization: ApiKey <key>:<signature>`, where signature =
// Base64(HMAC-SHA256(api_secret, METHOD ‖ PATH ‖ TIMESTAMP)), PATH being the whole URL path with
// the network segment (e.g. /nile/api/v1/config/token/all). The body is not signed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace walletd {

std::string relayAuthorization(std::string_view api_key, std::string_view api_secret,
                               std::string_view method, std::string_view path,
                               std::uint64_t timestamp);

}  // namespace walletd
