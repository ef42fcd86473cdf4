// ZIP-32 for Sapling: master key from BLAKE2b-512("ZcashIP32Sapling", seed), child keys through
// PRF^expand (BLAKE2b-512 "Zcash_ExpandSeed") with the domain bytes 0x10–0x16, and diversifiers by
// FF1-AES256 under dk.
#include "core/crypto/sapling/sapling_keys.h"

#include "core/crypto/blake2b.h"
#include "core/crypto/blake2s.h"
#include "core/crypto/crypto_error.h"
#include "core/crypto/sapling/ff1.h"
#include "core/crypto/sapling/group_hash.h"
#include "core/crypto/secret.h"

namespace walletd::sapling {
namespace {

// ZIP-32's domain bytes before a child's inputs.
constexpr std::uint8_t kHardenedTag[1] = {0x11};
constexpr std::uint8_t kNonHardenedTag[1] = {0x12};
constexpr std::uint8_t kOvkTag[1] = {0x15};
constexpr std::uint8_t kDkTag[1] = {0x16};

// PRF^expand(key, t) = BLAKE2b-512("Zcash_ExpandSeed", key ‖ t).
Bytes prfExpand(ByteView key, ByteView t) {
  Bytes input = concatBytes({key, t});
  Bytes out = blake2b(input, {.digest_size = 64, .personal = asBytes("Zcash_ExpandSeed")});
  wipe(input);
  return out;
}

Bytes prfExpand(ByteView key, std::uint8_t domain) {
  const std::uint8_t t[1] = {domain};
  return prfExpand(key, t);
}

// ToScalar(PRF^expand(key, t)).
Fr expandScalar(ByteView key, std::uint8_t domain) {
  Bytes wide = prfExpand(key, domain);
  const Fr out = Fr::fromWide(wide);
  wipe(wide);
  return out;
}

ByteArray<32> first32(Bytes&& bytes) {
  ByteArray<32> out;
  std::copy(bytes.begin(), bytes.begin() + 32, out.begin());
  wipe(bytes);
  return out;
}

void writeHeader(std::uint8_t* out, const Zip32Header& h) {
  out[0] = h.depth;
  std::copy(h.parent_tag.begin(), h.parent_tag.end(), out + 1);
  for (int i = 0; i < 4; ++i) out[5 + i] = static_cast<std::uint8_t>(h.child_index >> (8 * i));
  std::copy(h.chain_code.begin(), h.chain_code.end(), out + 9);
}

void put32(std::uint8_t* out, const ByteArray<32>& bytes) {
  std::copy(bytes.begin(), bytes.end(), out);
}

ByteArray<11> diversifierIndexBytes(std::uint64_t index) {
  ByteArray<11> out{};
  for (int i = 0; i < 8; ++i) out[i] = static_cast<std::uint8_t>(index >> (8 * i));
  return out;
}

}  // namespace

ByteArray<43> PaymentAddress::bytes() const {
  ByteArray<43> out{};
  std::copy(diversifier.begin(), diversifier.end(), out.begin());
  const ByteArray<32> pk = pk_d.encode();
  std::copy(pk.begin(), pk.end(), out.begin() + 11);
  return out;
}

std::optional<PaymentAddress> PaymentAddress::fromBytes(ByteView bytes43) {
  if (bytes43.size() != 43) return std::nullopt;
  PaymentAddress out;
  std::copy(bytes43.begin(), bytes43.begin() + 11, out.diversifier.begin());
  const std::optional<JubjubPoint> g_d = diversifyHash(out.diversifier);
  if (!g_d) return std::nullopt;
  ByteArray<32> pk{};
  std::copy(bytes43.begin() + 11, bytes43.end(), pk.begin());
  const std::optional<JubjubPoint> pk_d = JubjubPoint::decode(pk);
  if (!pk_d || pk_d->isIdentity() || !pk_d->isPrimeOrder()) return std::nullopt;
  out.g_d = *g_d;
  out.pk_d = *pk_d;
  return out;
}

ByteArray<32> FullViewingKey::ivk() const {
  const ByteArray<32> ak_bytes = ak.encode();
  const ByteArray<32> nk_bytes = nk.encode();
  ByteArray<32> out = blake2s256(concatBytes({ak_bytes, nk_bytes}), asBytes("Zcashivk"));
  out[31] &= 0x07;
  return out;
}

ByteArray<32> FullViewingKey::fingerprint() const {
  const ByteArray<32> ak_bytes = ak.encode();
  const ByteArray<32> nk_bytes = nk.encode();
  const Bytes digest = blake2b(concatBytes({ak_bytes, nk_bytes, ovk}),
                               {.digest_size = 32, .personal = asBytes("ZcashSaplingFVFP")});
  ByteArray<32> out;
  std::copy(digest.begin(), digest.end(), out.begin());
  return out;
}

ByteArray<169> ExtendedFullViewingKey::serialize() const {
  ByteArray<169> out{};
  writeHeader(out.data(), header);
  put32(out.data() + 41, fvk.ak.encode());
  put32(out.data() + 73, fvk.nk.encode());
  put32(out.data() + 105, fvk.ovk);
  put32(out.data() + 137, dk);
  return out;
}

std::optional<PaymentAddress> ExtendedFullViewingKey::address(std::uint64_t index) const {
  PaymentAddress out;
  out.diversifier = ff1Aes256Encrypt88(dk, diversifierIndexBytes(index));
  const std::optional<JubjubPoint> g_d = diversifyHash(out.diversifier);
  if (!g_d) return std::nullopt;
  out.g_d = *g_d;
  out.pk_d = g_d->mul(fvk.ivk());
  return out;
}

std::pair<std::uint64_t, PaymentAddress> ExtendedFullViewingKey::defaultAddress() const {
  // About half of all diversifiers are valid: 256 tries fail with probability 2^-256.
  for (std::uint64_t index = 0; index < 256; ++index) {
    if (auto address = this->address(index)) return {index, *address};
  }
  throw CryptoError("no valid Sapling diversifier in the first 256 indices");
}

ExtendedSpendingKey::~ExtendedSpendingKey() {
  wipe(&ask_, sizeof ask_);
  wipe(&nsk_, sizeof nsk_);
  wipe(ovk_);
  wipe(dk_);
  wipe(header_.chain_code);
}

ExtendedSpendingKey ExtendedSpendingKey::fromSpendingKey(ByteView sk) {
  ExtendedSpendingKey out;
  out.ask_ = expandScalar(sk, 0x00);
  out.nsk_ = expandScalar(sk, 0x01);
  out.ovk_ = first32(prfExpand(sk, 0x02));
  out.dk_ = first32(prfExpand(sk, 0x10));
  return out;
}

ExtendedSpendingKey ExtendedSpendingKey::master(ByteView seed) {
  Bytes i = blake2b(seed, {.digest_size = 64, .personal = asBytes("ZcashIP32Sapling")});
  ExtendedSpendingKey out = fromSpendingKey(ByteView(i.data(), 32));
  std::copy(i.begin() + 32, i.end(), out.header_.chain_code.begin());
  wipe(i);
  return out;
}

ExtendedSpendingKey ExtendedSpendingKey::child(std::uint32_t index) const {
  const ExtendedFullViewingKey parent = fullViewingKey();
  Bytes data;
  if (index >= kZip32Hardened) {
    ByteArray<32> ask_bytes = ask_.toBytes();
    ByteArray<32> nsk_bytes = nsk_.toBytes();
    data = concatBytes({kHardenedTag, ask_bytes, nsk_bytes, ovk_, dk_});
    wipe(ask_bytes);
    wipe(nsk_bytes);
  } else {
    data =
        concatBytes({kNonHardenedTag, parent.fvk.ak.encode(), parent.fvk.nk.encode(), ovk_, dk_});
  }
  for (int k = 0; k < 4; ++k) data.push_back(static_cast<std::uint8_t>(index >> (8 * k)));
  Bytes i = prfExpand(header_.chain_code, data);
  wipe(data);
  const ByteView i_l(i.data(), 32);

  ExtendedSpendingKey out;
  out.header_.depth = static_cast<std::uint8_t>(header_.depth + 1);
  const ByteArray<32> fp = parent.fvk.fingerprint();
  std::copy(fp.begin(), fp.begin() + 4, out.header_.parent_tag.begin());
  out.header_.child_index = index;
  std::copy(i.begin() + 32, i.end(), out.header_.chain_code.begin());
  out.ask_ = expandScalar(i_l, 0x13) + ask_;
  out.nsk_ = expandScalar(i_l, 0x14) + nsk_;
  out.ovk_ = first32(prfExpand(i_l, concatBytes({kOvkTag, ovk_})));
  out.dk_ = first32(prfExpand(i_l, concatBytes({kDkTag, dk_})));
  wipe(i);
  return out;
}

ExtendedFullViewingKey ExtendedSpendingKey::fullViewingKey() const {
  const SaplingGenerators& g = saplingGenerators();
  ExtendedFullViewingKey out;
  out.header = header_;
  out.fvk.ak = g.spend_auth.mul(ask_);
  out.fvk.nk = g.proof_generation.mul(nsk_);
  out.fvk.ovk = ovk_;
  out.dk = dk_;
  return out;
}

ByteArray<169> ExtendedSpendingKey::serialize() const {
  ByteArray<169> out{};
  writeHeader(out.data(), header_);
  ByteArray<32> ask_bytes = ask_.toBytes();
  ByteArray<32> nsk_bytes = nsk_.toBytes();
  put32(out.data() + 41, ask_bytes);
  put32(out.data() + 73, nsk_bytes);
  put32(out.data() + 105, ovk_);
  put32(out.data() + 137, dk_);
  wipe(ask_bytes);
  wipe(nsk_bytes);
  return out;
}

}  // namespace walletd::sapling
