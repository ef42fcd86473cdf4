// Password policy checks.
#include "core/node/password_policy.h"

#include <algorithm>
#include <cctype>

namespace walletd {

std::optional<std::string> passwordPolicyViolation(const std::string& password) {
  std::string lower = password;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower.find("password") != std::string::npos) {
    return "Password can't contain the word password";
  }
  std::size_t chars = 0;
  for (unsigned char c : password) chars += (c & 0xC0) != 0x80;
  if (chars < 8) return "Password length should be at least 8 characters long";
  auto any = [&](auto pred) {
    return std::any_of(password.begin(), password.end(),
                       [&](char c) { return pred(static_cast<unsigned char>(c)); });
  };
  if (!any([](unsigned char c) { return std::isdigit(c); })) {
    return "Password should contain at least 1 digit";
  }
  if (!any([](unsigned char c) { return std::islower(c); })) {
    return "Password should contain at least 1 lowercase character";
  }
  if (!any([](unsigned char c) { return std::isupper(c); })) {
    return "Password should contain at least 1 uppercase character";
  }
  if (!any([](unsigned char c) { return !std::isalnum(c); })) {
    return "Password should contain at least 1 special character";
  }
  for (std::size_t i = 2; i < password.size(); ++i) {
    if (password[i] == password[i - 1] && password[i] == password[i - 2]) {
      return "Password can't contain the same character 3 times in a row";
    }
  }
  return std::nullopt;
}

}  // namespace walletd
