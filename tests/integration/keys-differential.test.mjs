// Keys and addresses against independent libraries: 1,000 random mnemonics through the real
// get_private_keys handler (key_oracle, in-process) and 20 through the npm package (wasm), each
// compared field by field with @scure/bip32 + bitcoinjs-lib, cashaddrjs, ethers, tronweb and
// cosmjs; then KDF's offline_keys vectors, conversion and validation over HTTP with the daemon.
import 'fake-indexeddb/auto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { peerKeys } from '../support/key-peers.mjs';
import { runOracle } from '../support/key-oracle.mjs';
import { createWalletd, IndexedDbStorage } from '../support/walletd-package.mjs';
import { WalletdProcess, runWalletd, tempDir, writeConfig, cleanup, repoRoot, PASSWORD } from '../support/walletd-process.mjs';

process.setMaxListeners(64);  // each wasm module instance adds process listeners

const COINS = ['BTC', 'BTC-segwit', 'BCH', 'ETH', 'TRX', 'ATOM'];
const PARAMS = { coins: COINS, mode: 'hd', start_index: 0, end_index: 1 };
const KDF_MNEMONIC = 'prosper boss develop coconut warrior silly cabin trial person glass toilet mixed push spirit love';

/** Compares walletd's HD answer with the peers' keys for indexes 0 and 1; returns mismatch texts. */
function compare(mnemonicIndex, answer, mnemonic) {
  const mismatches = [];
  if (!answer.result) return [`#${mnemonicIndex}: no result: ${JSON.stringify(answer).slice(0, 200)}`];
  for (const index of [0, 1]) {
    const expected = peerKeys(mnemonic, index);
    for (const coin of answer.result) {
      const got = coin.addresses[index];
      for (const [field, value] of Object.entries(expected[coin.coin])) {
        if (got[field] !== value) mismatches.push(`#${mnemonicIndex} ${coin.coin}[${index}].${field}: walletd ${got[field]} vs peer ${value}`);
      }
    }
  }
  return mismatches;
}

test('1,000 random mnemonics: walletd (native handler) equals the independent libraries', async () => {
  const mnemonics = Array.from({ length: 1000 }, (_, i) => generateMnemonic(wordlist, i % 2 ? 128 : 256));
  const answers = await runOracle(mnemonics.map((passphrase) => ({ passphrase, enable_hd: true, params: PARAMS })));
  assert.equal(answers.length, 1000);
  const mismatches = answers.flatMap((answer, i) => compare(i, answer, mnemonics[i]));
  assert.deepEqual(mismatches.slice(0, 10), [], `${mismatches.length} mismatches`);
});

test('20 random mnemonics through the npm package (wasm core) equal the independent libraries', async () => {
  const coins = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');
  const mismatches = [];
  for (let i = 0; i < 20; i++) {
    const mnemonic = generateMnemonic(wordlist, 128);
    const walletd = await createWalletd({ config: { rpc_password: PASSWORD, passphrase: mnemonic, enable_hd: true }, coins,
      storage: new IndexedDbStorage(`keys-diff-${i}`) });
    const answer = await walletd.request(JSON.stringify({ mmrpc: '2.0', userpass: PASSWORD, method: 'get_private_keys', params: PARAMS }));
    mismatches.push(...compare(i, JSON.parse(answer.body), mnemonic));
  }
  assert.deepEqual(mismatches, []);
});

test('the daemon over HTTP: KDF offline_keys vectors, public key, conversion and validation', async () => {
  const dir = tempDir();
  const daemon = await WalletdProcess.start(writeConfig(dir, { passphrase: KDF_MNEMONIC, enable_hd: true }));
  try {
    const keys = await daemon.rpc('get_private_keys', { coins: ['BTC', 'ETH'], mode: 'hd', start_index: 0, end_index: 2 });
    assert.equal(keys.status, 200);
    assert.equal(keys.json.result[0].addresses[0].address, '1DWZWURWrdJnuZBqQgv3THfmhbxWgJuFex');
    assert.equal(keys.json.result[0].addresses[2].priv_key, 'L5kmC8cqWodyjm2JUQNfRbmyZeJMJMeYH4WJGUSVcdnD9X6aAs8Z');
    assert.equal(keys.json.result[1].addresses[1].address, '0x012F492f2d254e204dD8da3a4f0d6071C345b9D1');
    const range = await daemon.rpc('get_private_keys', { coins: ['BTC'], start_index: 0, end_index: 101 });
    assert.equal(range.status, 400);
    assert.equal(range.json.error_type, 'HdRangeTooLarge');
    const pub = await daemon.rpc('get_public_key');
    assert.match(pub.json.result.public_key, /^0[23][0-9a-f]{64}$/);
    const legacy = await daemon.post({ userpass: PASSWORD, method: 'convertaddress', coin: 'BCH', from: '1DmFp16U73RrVZtYUbo2Ectt8mAnYScpqM',
      to_address_format: { format: 'cashaddress', network: 'bitcoincash' } });
    assert.deepEqual(legacy.json, { result: { address: 'bitcoincash:qzxqqt9lh4feptf0mplnk58gnajfepzwcq9f2rxk55' } });
    const invalid = await daemon.post({ userpass: PASSWORD, method: 'validateaddress', coin: 'ETH', address: '0x6b06d67c539b101180ac03b61ba7f7f3158ce54d' });
    assert.deepEqual(invalid.json, { result: { is_valid: false, reason: 'Invalid address checksum' } });
    // The log never holds the mnemonic or a private key.
    assert.ok(!daemon.stderr.includes('prosper') && !daemon.stderr.includes('KywJq'));
  } finally {
    await daemon.stop();
    cleanup(dir);
  }
});

test('a named wallet survives a restart; a wrong wallet_password stops the start with one clear line', async () => {
  const dir = tempDir();
  try {
    const conf = { wallet_name: 'main', wallet_password: 'Wallet-Passw0rd!', enable_hd: true };
    let daemon = await WalletdProcess.start(writeConfig(dir, conf));
    const first = (await daemon.rpc('get_public_key')).json.result.public_key;
    await daemon.stop();
    const stored = readFileSync(join(dir, 'db', 'wallet.log'), 'utf8');
    assert.ok(stored.includes('ciphertext'));
    daemon = await WalletdProcess.start(writeConfig(dir, conf));
    assert.equal((await daemon.rpc('get_public_key')).json.result.public_key, first);
    await daemon.stop();
    const wrong = await runWalletd(['--config', writeConfig(dir, { ...conf, wallet_password: 'Other-Passw0rd!' }), '--coins', join(repoRoot, 'config/coins.json')]);
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /wallet_password is wrong for wallet 'main'/);
  } finally {
    cleanup(dir);
  }
});
