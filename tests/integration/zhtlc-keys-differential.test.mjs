// ZHTLC keys against an independent implementation: 500 random wallets — BIP39 mnemonics with
// random accounts and random Iguana passphrases — through the real get_private_keys handler
// (key_oracle, in-process) and 10 through the npm package (wasm), each row compared with
// @airgap/sapling-wasm (librustzcash in wasm; tests/support/sapling-peer.mjs).
import 'fake-indexeddb/auto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { seedOf } from '../support/key-peers.mjs';
import { iguanaPrivateKey, saplingKeyTexts } from '../support/sapling-peer.mjs';
import { runOracle } from '../support/key-oracle.mjs';
import { createWalletd, IndexedDbStorage } from '../support/walletd-package.mjs';
import { repoRoot, PASSWORD } from '../support/walletd-process.mjs';

process.setMaxListeners(64);

/** A random wallet: HD with a random account (small or anywhere below 2^31), or Iguana. */
function randomWallet(i) {
  if (i % 2 === 0) {
    const account = i % 4 === 0 ? randomInt(0, 5) : randomInt(0, 2 ** 31);
    return { passphrase: generateMnemonic(wordlist, i % 8 === 0 ? 256 : 128), enable_hd: true, account };
  }
  const passphrase = i % 3 === 0 ? randomBytes(12).toString('base64') : `zhtlc wallet ${randomBytes(6).toString('hex')} ${i}`;
  return { passphrase, enable_hd: false };
}

function request(wallet) {
  return wallet.enable_hd ? { coins: ['ARRR'], mode: 'hd', account_index: wallet.account } : { coins: ['ARRR'], mode: 'iguana' };
}

/** What the reference derives for `wallet`, as walletd's ARRR row should read. */
async function expectedRow(wallet) {
  if (!wallet.enable_hd) {
    return { coin: 'ARRR', pubkey: '', ...(await saplingKeyTexts(iguanaPrivateKey(wallet.passphrase), 'm/')) };
  }
  const texts = await saplingKeyTexts(seedOf(wallet.passphrase), `m/32'/141'/${wallet.account}'`);
  return { derivation_path: `m/44'/141'/${wallet.account}'`, z_derivation_path: `m/32'/141'/${wallet.account}`, pubkey: '', ...texts };
}

function rowOf(wallet, answer) {
  if (!answer.result) return answer;
  return wallet.enable_hd ? answer.result[0].addresses[0] : answer.result[0];
}

async function mismatches(wallets, answers) {
  const out = [];
  for (let i = 0; i < wallets.length; i++) {
    const expected = await expectedRow(wallets[i]);
    const got = rowOf(wallets[i], answers[i]);
    for (const [field, value] of Object.entries(expected)) {
      if (got[field] !== value) out.push(`#${i} ${field}: walletd ${JSON.stringify(got[field])} vs reference ${value}`);
    }
  }
  return out;
}

test('500 random ZHTLC wallets: walletd (native handler) equals @airgap/sapling-wasm', async () => {
  const wallets = Array.from({ length: 500 }, (_, i) => randomWallet(i));
  const answers = await runOracle(wallets.map((w) => ({ passphrase: w.passphrase, enable_hd: w.enable_hd, params: request(w) })));
  assert.equal(answers.length, 500);
  const found = await mismatches(wallets, answers);
  assert.deepEqual(found.slice(0, 10), [], `${found.length} mismatches`);
});

test('10 random ZHTLC wallets through the npm package (wasm core) equal @airgap/sapling-wasm', async () => {
  const coins = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');
  const wallets = Array.from({ length: 10 }, (_, i) => randomWallet(i + 1000));
  const answers = [];
  for (const [i, wallet] of wallets.entries()) {
    const walletd = await createWalletd({ config: { rpc_password: PASSWORD, passphrase: wallet.passphrase, enable_hd: wallet.enable_hd },
      coins, storage: new IndexedDbStorage(`zhtlc-keys-${i}`) });
    const answer = await walletd.request(JSON.stringify({ mmrpc: '2.0', userpass: PASSWORD, method: 'get_private_keys', params: request(wallet) }));
    answers.push(JSON.parse(answer.body));
  }
  assert.deepEqual(await mismatches(wallets, answers), []);
});
