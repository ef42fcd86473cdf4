// Standard output scripts.
#include "core/coins/utxo/tx/utxo_script.h"

#include <stdexcept>

namespace walletd {
namespace {

constexpr std::uint8_t OP_0 = 0x00, OP_PUSHDATA1 = 0x4c, OP_PUSHDATA2 = 0x4d, OP_1 = 0x51,
                       OP_16 = 0x60, OP_DUP = 0x76, OP_EQUAL = 0x87, OP_EQUALVERIFY = 0x88,
                       OP_HASH160 = 0xa9, OP_CHECKSIG = 0xac;

Bytes witnessProgram(std::uint8_t version, ByteView program) {
  Bytes s{version == 0 ? OP_0 : static_cast<std::uint8_t>(OP_1 + version - 1)};
  pushData(s, program);
  return s;
}

}  // namespace

void pushData(Bytes& script, ByteView data) {
  if (data.size() > 520) throw std::invalid_argument("a script push holds at most 520 bytes");
  if (data.size() < OP_PUSHDATA1) {
    script.push_back(static_cast<std::uint8_t>(data.size()));
  } else if (data.size() <= 0xff) {
    script.push_back(OP_PUSHDATA1);
    script.push_back(static_cast<std::uint8_t>(data.size()));
  } else {
    script.push_back(OP_PUSHDATA2);
    script.push_back(static_cast<std::uint8_t>(data.size() & 0xff));
    script.push_back(static_cast<std::uint8_t>(data.size() >> 8));
  }
  script.insert(script.end(), data.begin(), data.end());
}

Bytes p2pkhScript(ByteView hash160) {
  Bytes s{OP_DUP, OP_HASH160};
  pushData(s, hash160);
  s.push_back(OP_EQUALVERIFY);
  s.push_back(OP_CHECKSIG);
  return s;
}

Bytes scriptPubKeyFor(const UtxoAddress& address) {
  switch (address.kind) {
    case UtxoAddress::Kind::P2PKH:
      return p2pkhScript(address.hash);
    case UtxoAddress::Kind::P2SH: {
      Bytes s{OP_HASH160};
      pushData(s, address.hash);
      s.push_back(OP_EQUAL);
      return s;
    }
    case UtxoAddress::Kind::WitnessV0KeyHash:
    case UtxoAddress::Kind::WitnessV0ScriptHash:
      return witnessProgram(0, address.hash);
    case UtxoAddress::Kind::WitnessOther:
      break;
  }
  throw std::invalid_argument("walletd does not pay to witness versions above 0");
}

std::optional<UtxoAddress> standardOutput(ByteView s) {
  using Kind = UtxoAddress::Kind;
  auto slice = [&](std::size_t from, std::size_t n) {
    return Bytes(s.begin() + from, s.begin() + from + n);
  };
  if (s.size() == 25 && s[0] == OP_DUP && s[1] == OP_HASH160 && s[2] == 20 &&
      s[23] == OP_EQUALVERIFY && s[24] == OP_CHECKSIG)
    return UtxoAddress{Kind::P2PKH, slice(3, 20)};
  if (s.size() == 23 && s[0] == OP_HASH160 && s[1] == 20 && s[22] == OP_EQUAL)
    return UtxoAddress{Kind::P2SH, slice(2, 20)};
  if (s.size() == 22 && s[0] == OP_0 && s[1] == 20)
    return UtxoAddress{Kind::WitnessV0KeyHash, slice(2, 20)};
  if (s.size() == 34 && s[0] == OP_0 && s[1] == 32)
    return UtxoAddress{Kind::WitnessV0ScriptHash, slice(2, 32)};
  if (s.size() >= 4 && s.size() <= 42 && s[0] >= OP_1 && s[0] <= OP_16 && s[1] == s.size() - 2)
    return UtxoAddress{Kind::WitnessOther, slice(2, s.size() - 2)};
  return std::nullopt;
}

}  // namespace walletd
