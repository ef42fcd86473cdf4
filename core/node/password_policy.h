// KDF's password policy (common/password_policy.rs): at least 8 characters, a digit, a lower-
// and an upper-case letter, a special character, no "password", no character three times in a row.
#pragma once

#include <optional>
#include <string>

namespace walletd {

// The first rule `password` breaks, as a sentence; nullopt when it passes.
std::optional<std::string> passwordPolicyViolation(const std::string& password);

}  // namespace walletd
