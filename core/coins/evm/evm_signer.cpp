// EvmSigner construction; the key is wiped when a signer goes away.
#include "core/coins/evm/evm_signer.h"

#include "core/crypto/secret.h"

namespace walletd {

EvmSigner EvmSigner::fromKey(const PrivateKey& key, std::string derivation_path) {
  EvmSigner out;
  out.key = key;
  out.public_key = PublicKey::fromPrivate(key);
  out.address = ethAddressFromPublicKey(out.public_key.uncompressed());
  out.derivation_path = std::move(derivation_path);
  return out;
}

EvmSigner::~EvmSigner() {
  wipe(key);
}

}  // namespace walletd
