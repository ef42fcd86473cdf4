// HD addresses per second from a cached chain node (ETH and BTC P2PKH) and BIP39 seeds per
// second: walletd native, walletd wasm under node, and the JS libraries, printed side by side.
// Usage: node bench/hd_keys/run.mjs [seconds per measurement, default 2]
import { join, dirname } from 'node:path';
import { pbkdf2Sync } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { BIP32Factory } from 'bip32';
import * as ecc from 'tiny-secp256k1';
import * as bitcoin from 'bitcoinjs-lib';
import { HDNodeWallet, computeAddress, hexlify } from 'ethers';
import { runCoreBench } from '../core_bench.mjs';

const seconds = Number(process.argv[2] ?? 2);
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = pbkdf2Sync(MNEMONIC, 'mnemonic', 2048, 64, 'sha512');

function rate(body) {
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  do {
    for (let k = 0; k < 20; k++) body(n++);
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  } while (elapsed < seconds);
  return n / elapsed;
}

const walletd = (kind) => runCoreBench('hd_keys_bench', seconds, kind);

const scureEth = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'/0");
const scureBtc = HDKey.fromMasterSeed(seed).derive("m/44'/0'/0'/0");
const bip32 = BIP32Factory(ecc);
const tinyEth = bip32.fromSeed(seed).derivePath("m/44'/60'/0'/0");
const tinyBtc = bip32.fromSeed(seed).derivePath("m/44'/0'/0'/0");
const ethersChain = HDNodeWallet.fromSeed(seed).derivePath("m/44'/60'/0'/0");

const expectedEth = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
if (computeAddress(hexlify(scureEth.deriveChild(0).publicKey)) !== expectedEth || ethersChain.deriveChild(0).address !== expectedEth) {
  throw new Error('peer libraries disagree on m/44\'/60\'/0\'/0/0');
}

const rows = [];
const native = walletd('native');
const wasm = walletd('wasm');
for (const w of [native, wasm]) {
  if (!w) continue;
  if (w.eth_first !== expectedEth) throw new Error(`walletd ${w.host} derived ${w.eth_first}`);
  rows.push([`walletd ${w.host}`, w.eth_addresses_per_s, w.btc_addresses_per_s, w.bip39_seeds_per_s]);
}
rows.push(['@scure/bip32 (+ ethers computeAddress / bitcoinjs p2pkh)',
  rate((i) => computeAddress(hexlify(scureEth.deriveChild(i).publicKey))),
  rate((i) => bitcoin.payments.p2pkh({ pubkey: scureBtc.deriveChild(i).publicKey }).address), null]);
rows.push(['bip32 + tiny-secp256k1 (same address code)',
  rate((i) => computeAddress(hexlify(tinyEth.derive(i).publicKey))),
  rate((i) => bitcoin.payments.p2pkh({ pubkey: tinyBtc.derive(i).publicKey }).address), null]);
rows.push(['ethers HDNodeWallet .deriveChild(i).address', rate((i) => ethersChain.deriveChild(i).address), null, null]);
rows.push(["node crypto.pbkdf2Sync (OpenSSL), BIP39 seed", null, null, rate(() => pbkdf2Sync(MNEMONIC, 'mnemonicTREZOR', 2048, 64, 'sha512'))]);
rows.push(['@scure/bip39 mnemonicToSeedSync', null, null, rate(() => mnemonicToSeedSync(MNEMONIC, 'TREZOR'))]);

const fmt = (v) => (v == null ? '—' : Math.round(v).toLocaleString('en-US'));
console.log(`HD addresses/s from a cached m/44'/COIN'/0'/0 node; BIP39 seeds/s (${seconds} s per figure)`);
console.log(['implementation'.padEnd(58), 'ETH addr/s'.padStart(11), 'BTC addr/s'.padStart(11), 'seeds/s'.padStart(9)].join(' '));
for (const [name, eth, btc, seeds] of rows) {
  console.log([name.padEnd(58), fmt(eth).padStart(11), fmt(btc).padStart(11), fmt(seeds).padStart(9)].join(' '));
}
console.log('targets: walletd native >= 35,000 addr/s and >= 900 seeds/s; wasm >= 15,000 addr/s');
