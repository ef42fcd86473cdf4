// KeccakAccountKey construction and wiping.
#include "core/wallet/keys/keccak_account_key.h"

#include "core/crypto/secret.h"

namespace walletd {

KeccakAccountKey KeccakAccountKey::fromKey(const PrivateKey& key, std::string derivation_path) {
  KeccakAccountKey out;
  out.key = key;
  out.public_key = PublicKey::fromPrivate(key);
  out.account = ethAddressFromPublicKey(out.public_key.uncompressed());
  out.derivation_path = std::move(derivation_path);
  return out;
}

KeccakAccountKey KeccakAccountKey::fromPublicKey(const PublicKey& public_key,
                                                 std::string derivation_path) {
  KeccakAccountKey out;
  out.public_key = public_key;
  out.account = ethAddressFromPublicKey(public_key.uncompressed());
  out.derivation_path = std::move(derivation_path);
  return out;
}

KeccakAccountKey::~KeccakAccountKey() = default;  // the key wipes itself (a SecretArray)

}  // namespace walletd
