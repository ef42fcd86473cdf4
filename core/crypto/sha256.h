// SHA-256 through Mbed TLS.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace walletd {

std::array<std::uint8_t, 32> sha256(std::string_view data);
std::string sha256Hex(std::string_view data);

}  // namespace walletd
