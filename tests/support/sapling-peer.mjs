// What @airgap/sapling-wasm 0.0.9 (librustzcash's zcash_primitives compiled to wasm, no code shared
// with walletd) derives for a ZHTLC coin: the reference side of the ZHTLC key differential test.
// Keys are its 169-byte ZIP-32 serialisations, written in Bech32 by @scure/base without the
// 90-character limit; the Iguana key is KDF's (SHA-256 of the passphrase, clamped) from node's
// crypto.
import { createHash } from 'node:crypto';
import { bech32 } from '@scure/base';
import airgap from '@airgap/sapling-wasm';

const sapling = airgap.default ?? airgap;

/** Bech32 of `bytes` under `hrp`, without the 90-character limit (Sapling's texts). */
export function bech32Long(hrp, bytes) {
  return bech32.encode(hrp, bech32.toWords(bytes), false);
}

/** KDF's Iguana private key of a passphrase that is not a WIF. */
export function iguanaPrivateKey(passphrase) {
  const key = createHash('sha256').update(passphrase, 'utf8').digest();
  key[0] &= 248;
  key[31] &= 127;
  key[31] |= 64;
  return key;
}

/** {address, priv_key, viewing_key} of the ZIP-32 key at `path` ("m/" is the master key) of `seed`. */
export async function saplingKeyTexts(seed, path) {
  const xsk = await sapling.getExtendedSpendingKey(Buffer.from(seed), path);
  const xfvk = await sapling.getExtendedFullViewingKeyFromSpendingKey(xsk);
  const address = await sapling.getPaymentAddressFromViewingKey(xfvk);
  return {
    address: bech32Long('zs', address.raw),
    priv_key: bech32Long('secret-extended-key-main', xsk),
    viewing_key: bech32Long('zxviews', xfvk),
  };
}
