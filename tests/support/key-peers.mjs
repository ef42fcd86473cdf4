// What independent JS libraries derive for a BIP39 mnemonic: the reference side of the keys
// differential test. Seeds come from node's OpenSSL PBKDF2; BTC/BCH/TRX/ATOM keys from
// @scure/bip32; ETH from ethers' own HDNodeWallet; addresses from bitcoinjs-lib, cashaddrjs,
// tronweb and cosmjs. None of this shares code with walletd.
import { pbkdf2Sync } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import * as bitcoin from 'bitcoinjs-lib';
import bs58check from 'bs58check';
import cashaddr from 'cashaddrjs';
import { HDNodeWallet } from 'ethers';
import { TronWeb } from 'tronweb';
import { toBech32 } from '@cosmjs/encoding';
import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino';

const tron = new TronWeb({ fullHost: 'http://127.0.0.1:9' });  // a closed port: nothing is contacted
const hex = (bytes) => Buffer.from(bytes).toString('hex');

export function seedOf(mnemonic, password = '') {
  return pbkdf2Sync(Buffer.from(mnemonic.normalize('NFKD')), Buffer.from('mnemonic' + password), 2048, 64, 'sha512');
}

function wif(privateKey) {
  return bs58check.encode(Buffer.concat([Buffer.from([0x80]), Buffer.from(privateKey), Buffer.from([1])]));
}

/** Keys and addresses for index `i` of account 0 in each family walletd's differential test covers. */
export function peerKeys(mnemonic, i = 0) {
  const seed = seedOf(mnemonic);
  const root = HDKey.fromMasterSeed(seed);
  const btc = root.derive(`m/44'/0'/0'/0/${i}`);
  const segwit = root.derive(`m/84'/0'/0'/0/${i}`);
  const bch = root.derive(`m/44'/145'/0'/0/${i}`);
  const trx = root.derive(`m/44'/195'/0'/0/${i}`);
  const atom = root.derive(`m/44'/118'/0'/0/${i}`);
  const eth = HDNodeWallet.fromSeed(seed).derivePath(`m/44'/60'/0'/0/${i}`);
  const bchHash = bitcoin.crypto.hash160(Buffer.from(bch.publicKey));
  return {
    BTC: { address: bitcoin.payments.p2pkh({ pubkey: Buffer.from(btc.publicKey) }).address, priv_key: wif(btc.privateKey), pubkey: hex(btc.publicKey) },
    'BTC-segwit': { address: bitcoin.payments.p2wpkh({ pubkey: Buffer.from(segwit.publicKey) }).address, priv_key: wif(segwit.privateKey) },
    BCH: { address: cashaddr.encode('bitcoincash', 'P2PKH', new Uint8Array(bchHash)), priv_key: wif(bch.privateKey) },
    ETH: { address: eth.address, priv_key: eth.privateKey, pubkey: '0x' + eth.signingKey.publicKey.slice(4) },
    TRX: { address: tron.address.fromPrivateKey(hex(trx.privateKey)), priv_key: '0x' + hex(trx.privateKey) },
    ATOM: { address: toBech32('cosmos', rawSecp256k1PubkeyToRawAddress(atom.publicKey)), priv_key: hex(atom.privateKey) },
  };
}
