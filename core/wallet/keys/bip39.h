// BIP39 with the English wordlist: mnemonic validation (clear errors for unknown words, word count
// and checksum), generation from entropy, and mnemonic + password → 64-byte seed.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "core/crypto/bytes.h"
#include "core/crypto/secret.h"

namespace walletd {

struct Bip39Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Words separated by single spaces, lowercase; throws Bip39Error saying what is wrong. The
// message names the position of an unknown word but never the word (it may be part of a secret).
void validateMnemonic(std::string_view mnemonic);
bool isValidMnemonic(std::string_view mnemonic);
// 16, 20, 24, 28 or 32 bytes of entropy → 12..24 words.
std::string mnemonicFromEntropy(ByteView entropy);
// PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic" + password. Text is used as given (UTF-8);
// ASCII mnemonics and passwords are already in NFKD form.
SecretBytes mnemonicToSeed(std::string_view mnemonic, std::string_view password);

}  // namespace walletd
