// Sapling keys (Zcash protocol specification §4.2.2) and their ZIP-32 hierarchy: the expanded
// spending key (ask, nsk, ovk), the full viewing key (ak, nk, ovk), the incoming viewing key,
// diversified payment addresses, and the 169-byte extended keys that KDF writes in Bech32.
#pragma once

#include <cstdint>
#include <optional>

#include "core/crypto/sapling/jubjub_point.h"

namespace walletd::sapling {

constexpr std::uint32_t kZip32Hardened = 0x80000000u;

// d ‖ pk_d: 43 bytes.
struct PaymentAddress {
  ByteArray<11> diversifier{};
  JubjubPoint g_d;  // DiversifyHash(d)
  JubjubPoint pk_d;
  ByteArray<43> bytes() const;
  // Valid iff d has a g_d and pk_d decodes (canonical) to a non-identity prime-order point.
  static std::optional<PaymentAddress> fromBytes(ByteView bytes43);
};

struct FullViewingKey {
  JubjubPoint ak, nk;
  ByteArray<32> ovk{};
  // CRH^ivk(repr(ak) ‖ repr(nk)) truncated to 251 bits, little-endian.
  ByteArray<32> ivk() const;
  // BLAKE2b-256("ZcashSaplingFVFP", repr(ak) ‖ repr(nk) ‖ ovk).
  ByteArray<32> fingerprint() const;
};

// What both extended keys share: ZIP-32's header and the diversifier key.
struct Zip32Header {
  std::uint8_t depth = 0;
  ByteArray<4> parent_tag{};
  std::uint32_t child_index = 0;
  ByteArray<32> chain_code{};
};

struct ExtendedFullViewingKey {
  Zip32Header header;
  FullViewingKey fvk;
  ByteArray<32> dk{};
  ByteArray<169> serialize() const;
  // The diversifier for index j, or nullopt when that d has no g_d.
  std::optional<PaymentAddress> address(std::uint64_t index) const;
  // The first valid diversifier from index 0, and its index.
  std::pair<std::uint64_t, PaymentAddress> defaultAddress() const;
};

// A ZIP-32 extended spending key. Its scalars and keys are wiped on destruction.
class ExtendedSpendingKey {
 public:
  // ZIP-32 master key of a seed (KDF: the BIP39 seed, or the 32-byte Iguana private key).
  static ExtendedSpendingKey master(ByteView seed);
  // The key whose expanded parts come from the 32-byte spending key sk as in ZIP-32's master step
  // (ask, nsk, ovk, dk from PRF^expand(sk, ·)) with a zero header: what Sapling's key-component
  // vectors start from.
  static ExtendedSpendingKey fromSpendingKey(ByteView sk);
  // Child i; hardened when i ≥ 2^31.
  ExtendedSpendingKey child(std::uint32_t index) const;
  ExtendedFullViewingKey fullViewingKey() const;
  ByteArray<169> serialize() const;
  const Fr& ask() const { return ask_; }
  const Fr& nsk() const { return nsk_; }
  const ByteArray<32>& ovk() const { return ovk_; }

  ExtendedSpendingKey(const ExtendedSpendingKey&) = default;
  ExtendedSpendingKey& operator=(const ExtendedSpendingKey&) = default;
  ~ExtendedSpendingKey();

 private:
  ExtendedSpendingKey() = default;
  Zip32Header header_;
  Fr ask_, nsk_;
  ByteArray<32> ovk_{}, dk_{};
};

}  // namespace walletd::sapling
