// BIP39. The English list (bip39_english.txt, from the BIP itself, SHA-256 2f5eed53…dbda) is
// embedded at build time and sorted, so lookups are binary searches.
#include "core/wallet/keys/bip39.h"

#include <algorithm>
#include <vector>

#include "core/crypto/hashes.h"
#include "core/crypto/pbkdf2.h"

namespace walletd {

extern const char* const kBip39EnglishWordlist;

namespace {

const std::vector<std::string_view>& wordlist() {
  static const std::vector<std::string_view> words = [] {
    std::vector<std::string_view> out;
    std::string_view text(kBip39EnglishWordlist);
    while (!text.empty()) {
      const std::size_t end = text.find('\n');
      out.push_back(text.substr(0, end));
      text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    }
    return out;
  }();
  return words;
}

std::vector<std::string_view> splitWords(std::string_view mnemonic) {
  std::vector<std::string_view> words;
  std::size_t start = 0;
  while (start <= mnemonic.size()) {
    const std::size_t end = std::min(mnemonic.find(' ', start), mnemonic.size());
    words.push_back(mnemonic.substr(start, end - start));
    start = end + 1;
  }
  return words;
}

int wordIndex(std::string_view word) {
  const auto& words = wordlist();
  const auto it = std::lower_bound(words.begin(), words.end(), word);
  return (it != words.end() && *it == word) ? static_cast<int>(it - words.begin()) : -1;
}

}  // namespace

void validateMnemonic(std::string_view mnemonic) {
  const auto words = splitWords(mnemonic);
  const std::size_t count = words.size();
  if (count < 12 || count > 24 || count % 3 != 0) {
    throw Bip39Error("mnemonic must have 12, 15, 18, 21 or 24 words, got " + std::to_string(count));
  }
  // 11 bits per word: entropy bits then count/3 checksum bits.
  Bytes bits;
  bits.reserve(count * 11);
  for (std::size_t i = 0; i < count; ++i) {
    if (words[i].empty()) throw Bip39Error("mnemonic words must be separated by single spaces");
    const int index = wordIndex(words[i]);
    if (index < 0)
      throw Bip39Error("mnemonic word " + std::to_string(i + 1) +
                       " is not in the BIP39 English list");
    for (int b = 10; b >= 0; --b) bits.push_back(static_cast<std::uint8_t>((index >> b) & 1));
  }
  const std::size_t checksum_bits = count / 3;
  const std::size_t entropy_bits = count * 11 - checksum_bits;
  Bytes entropy(entropy_bits / 8, 0);
  for (std::size_t i = 0; i < entropy_bits; ++i)
    entropy[i / 8] |= static_cast<std::uint8_t>(bits[i] << (7 - i % 8));
  const auto hash = sha256Bytes(entropy);
  wipe(entropy);
  for (std::size_t i = 0; i < checksum_bits; ++i) {
    if (((hash[i / 8] >> (7 - i % 8)) & 1) != bits[entropy_bits + i]) {
      wipe(bits);
      throw Bip39Error(
          "mnemonic checksum does not match (a word is wrong or the order is changed)");
    }
  }
  wipe(bits);
}

bool isValidMnemonic(std::string_view mnemonic) {
  try {
    validateMnemonic(mnemonic);
    return true;
  } catch (const Bip39Error&) {
    return false;
  }
}

std::string mnemonicFromEntropy(ByteView entropy) {
  if (entropy.size() < 16 || entropy.size() > 32 || entropy.size() % 4 != 0) {
    throw Bip39Error("entropy must be 16, 20, 24, 28 or 32 bytes");
  }
  const auto hash = sha256Bytes(entropy);
  const std::size_t total_bits = entropy.size() * 8 + entropy.size() / 4;
  auto bitAt = [&](std::size_t i) {
    const std::uint8_t byte =
        i < entropy.size() * 8 ? entropy[i / 8] : hash[(i - entropy.size() * 8) / 8];
    return (byte >> (7 - i % 8)) & 1;
  };
  std::string out;
  for (std::size_t w = 0; w < total_bits / 11; ++w) {
    int index = 0;
    for (std::size_t b = 0; b < 11; ++b) index = index << 1 | bitAt(w * 11 + b);
    if (!out.empty()) out += ' ';
    out += wordlist()[static_cast<std::size_t>(index)];
  }
  return out;
}

SecretBytes mnemonicToSeed(std::string_view mnemonic, std::string_view password) {
  std::string salt = "mnemonic";
  salt += password;
  auto seed = pbkdf2HmacSha512(asBytes(mnemonic), asBytes(salt), 2048);
  wipe(salt);
  SecretBytes out{ByteView(seed)};
  wipe(seed);
  return out;
}

}  // namespace walletd
