// SLP OP_RETURN parsing (the SLP token type 1 specification's layout) and output classification.
#include "core/coins/utxo/bch/bch_token_outputs.h"

#include <stdexcept>
#include <string_view>

namespace walletd {
namespace {

constexpr std::uint8_t kOpReturn = 0x6a;
constexpr std::uint8_t kTokenPrefix = 0xef;  // CashTokens' PREFIX_TOKEN

// The pushes of a script after OP_RETURN; nullopt at the first non-push opcode.
class PushReader {
 public:
  explicit PushReader(ByteView script) : script_(script) {}
  bool done() const { return at_ >= script_.size(); }
  Bytes next() {
    const std::uint8_t op = byte();
    std::size_t size = 0;
    if (op >= 0x01 && op <= 0x4b) {
      size = op;
    } else if (op == 0x4c) {
      size = byte();
    } else if (op == 0x4d) {
      size = byte() | std::size_t(byte()) << 8;
    } else {
      throw std::invalid_argument("SLP: not a data push");
    }
    if (script_.size() - at_ < size) throw std::invalid_argument("SLP: push past the script");
    Bytes out(script_.begin() + at_, script_.begin() + at_ + size);
    at_ += size;
    return out;
  }

 private:
  std::uint8_t byte() {
    if (done()) throw std::invalid_argument("SLP: script ends inside a push");
    return script_[at_++];
  }
  ByteView script_;
  std::size_t at_ = 1;  // after OP_RETURN
};

std::uint64_t bigEndian64(const Bytes& bytes) {
  if (bytes.size() != 8) throw std::invalid_argument("SLP: a quantity is 8 bytes");
  std::uint64_t v = 0;
  for (std::uint8_t b : bytes) v = v << 8 | b;
  return v;
}

std::optional<std::uint8_t> batonVout(const Bytes& push) {
  if (push.empty()) return std::nullopt;
  if (push.size() != 1 || push[0] < 2) throw std::invalid_argument("SLP: bad mint baton vout");
  return push[0];
}

bool is(const Bytes& push, std::string_view text) {
  return push.size() == text.size() && std::equal(push.begin(), push.end(), text.begin());
}

}  // namespace

std::optional<SlpMessage> parseSlpMessage(ByteView script) {
  if (script.size() < 6 || script[0] != kOpReturn || script[1] != 4 || script[2] != 'S' ||
      script[3] != 'L' || script[4] != 'P' || script[5] != 0)
    return std::nullopt;
  PushReader r(script);
  r.next();  // the lokad id
  const Bytes type = r.next();
  if (type.empty() || type.size() > 2) throw std::invalid_argument("SLP: bad token type");
  const Bytes kind = r.next();
  SlpMessage m;
  if (is(kind, "GENESIS")) {
    m.kind = SlpMessage::Kind::Genesis;
    for (int i = 0; i < 4; ++i) r.next();  // ticker, name, document url, document hash
    if (r.next().size() != 1) throw std::invalid_argument("SLP: bad decimals");
    m.baton_vout = batonVout(r.next());
    m.amounts = {bigEndian64(r.next())};
  } else if (is(kind, "MINT")) {
    m.kind = SlpMessage::Kind::Mint;
    m.token_id = r.next();
    m.baton_vout = batonVout(r.next());
    m.amounts = {bigEndian64(r.next())};
  } else if (is(kind, "SEND")) {
    m.kind = SlpMessage::Kind::Send;
    m.token_id = r.next();
    while (!r.done()) m.amounts.push_back(bigEndian64(r.next()));
    if (m.amounts.empty() || m.amounts.size() > 19) throw std::invalid_argument("SLP: bad SEND");
  } else {
    throw std::invalid_argument("SLP: unknown transaction type");
  }
  if (m.kind != SlpMessage::Kind::Genesis && m.token_id.size() != 32)
    throw std::invalid_argument("SLP: a token id is 32 bytes");
  return m;
}

BchOutputKind classifyBchOutput(const std::vector<Bytes>& scripts, std::uint32_t vout) {
  if (vout >= scripts.size()) return BchOutputKind::Undetermined;
  if (!scripts[vout].empty() && scripts[vout][0] == kTokenPrefix) return BchOutputKind::CashToken;
  if (vout == 0) return BchOutputKind::Plain;  // where SLP puts its OP_RETURN
  std::optional<SlpMessage> slp;
  try {
    slp = parseSlpMessage(scripts[0]);
  } catch (const std::invalid_argument&) {
    return BchOutputKind::Undetermined;  // says SLP, does not parse: may carry tokens
  }
  if (!slp) return BchOutputKind::Plain;
  if (slp->baton_vout == vout) return BchOutputKind::SlpBaton;
  if (slp->kind == SlpMessage::Kind::Send)
    return vout <= slp->amounts.size() ? BchOutputKind::SlpToken : BchOutputKind::Plain;
  return vout == 1 ? BchOutputKind::SlpToken : BchOutputKind::Plain;
}

}  // namespace walletd
