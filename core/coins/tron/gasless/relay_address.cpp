// CREATE2 on TVM for the relay address.
#include "core/coins/tron/gasless/relay_address.h"

#include <algorithm>

#include "core/crypto/keccak.h"

namespace walletd {
namespace {

// A 32-byte ABI word holding `value` right-aligned.
void appendWord(Bytes& out, ByteView value) {
  out.insert(out.end(), 32 - value.size(), 0);
  out.insert(out.end(), value.begin(), value.end());
}

void appendWord(Bytes& out, std::uint8_t small) {
  out.insert(out.end(), 31, 0);
  out.push_back(small);
}

}  // namespace

EthAddress relayAddress(const RelayNetwork& network, const EthAddress& user) {
  Bytes salt;
  appendWord(salt, ByteView(user.data(), user.size()));
  // initialize(address user): selector c4d66de8, then the salt word (the padded user).
  Bytes init_data{0xc4, 0xd6, 0x6d, 0xe8};
  init_data.insert(init_data.end(), salt.begin(), salt.end());
  // abi.encode(address beacon, bytes init_data): head (beacon, offset 0x40), then the bytes'
  // length and its contents padded to a whole word.
  Bytes init_code = network.creation_code;
  appendWord(init_code, ByteView(network.beacon.data(), network.beacon.size()));
  appendWord(init_code, std::uint8_t{0x40});
  appendWord(init_code, static_cast<std::uint8_t>(init_data.size()));
  init_code.insert(init_code.end(), init_data.begin(), init_data.end());
  init_code.insert(init_code.end(), (32 - init_data.size() % 32) % 32, 0);
  const ByteArray<32> code_hash = keccak256(init_code);

  Bytes preimage;
  preimage.reserve(1 + 20 + 32 + 32);
  preimage.push_back(0x41);
  preimage.insert(preimage.end(), network.controller.begin(), network.controller.end());
  preimage.insert(preimage.end(), salt.begin(), salt.end());
  preimage.insert(preimage.end(), code_hash.begin(), code_hash.end());
  const ByteArray<32> hash = keccak256(preimage);
  EthAddress out{};
  std::copy(hash.begin() + 12, hash.end(), out.begin());
  return out;
}

}  // namespace walletd
