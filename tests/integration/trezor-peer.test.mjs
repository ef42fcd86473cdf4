// The Trezor test device (tests/peers/trezor/) checked by an independent host: Debian's trezorlib
// (python3-trezor, Trezor's own Python library) drives it over the emulator's UDP transport
// (tests/peers/trezor/conformance.py). What trezorlib reads back must equal the published
// vectors for Trezor's test seed ("all" × 12): the device's internal public key and device_pubkey
// with and without the passphrase "TREZOR", the ETH xpub and address, Trezor's own BTC test
// addresses; its ETH signatures must recover (ethers) to the device's address, with data sent in
// chunks; a PIN read from the debug link's matrix unlocks it, a wrong PIN fails, a refused button
// cancels. Bitcoin signing (btc.sign_tx, the TxRequest/TxAck stream): two of Trezor's own T1 test
// transactions come out byte for byte, with the firmware's order of requests; a P2PKH + P2WPKH
// transaction over previous transactions built here with bitcoinjs-lib verifies (bitcoinjs-lib's
// sighash, tiny-secp256k1, keys derived here with bip32; litecoind's script interpreter when
// installed); a tampered previous transaction, a wrong amount or key, too little money, a refused
// button and an unplugged device fail as they should. Without trezorlib those tests fail in CI and
// skip elsewhere; the wire and Bridge checks need only node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { pbkdf2Sync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transaction, ripemd160, sha256 } from 'ethers';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { BIP32Factory } from 'bip32';
import { TEST_MNEMONIC, TrezorTestDevice } from '../peers/trezor/device.mjs';
import { listenUdp } from '../peers/trezor/udp.mjs';
import { listenBridge } from '../peers/trezor/bridge.mjs';
import { decode, encode } from '../peers/trezor/wire.mjs';
import { Litecoind } from '../peers/litecoind.mjs';
import { repoRoot } from '../support/walletd-process.mjs';

const PYTHON = '/usr/bin/python3';
const SCRIPT = join(repoRoot, 'tests/peers/trezor/conformance.py');

function trezorlibMissing() {
  try {
    execFileSync(PYTHON, ['-c', 'import trezorlib'], { stdio: 'ignore' });
    return false;
  } catch {
    return !process.env.CI && 'python3-trezor (trezorlib) is not installed';
  }
}
const skip = trezorlibMissing();

// Runs one trezorlib scenario against a fresh device; returns trezorlib's JSON and the device.
async function conformance(scenario, secret = '', deviceOptions = {}) {
  const device = new TrezorTestDevice(deviceOptions);
  const udp = await listenUdp(device);
  try {
    const stdout = await new Promise((resolve, reject) => {
      execFile(PYTHON, [SCRIPT, String(udp.port), scenario, secret], { timeout: 60000 },
        (error, out, err) => (error ? reject(new Error(`trezorlib ${scenario}: ${err || error.message}`)) : resolve(out)));
    });
    return { out: JSON.parse(stdout), device };
  } finally {
    await udp.close();
  }
}

const hash160 = (hex) => ripemd160(sha256(`0x${hex}`)).slice(2);

// The EIP-155 transaction trezorlib had signed, with the device's v, r, s.
function recoveredSigner({ v, r, s, data_length: dataLength }) {
  const data = `0x${Buffer.from(Array.from({ length: dataLength }, (_, i) => i % 251)).toString('hex')}`;
  const tx = Transaction.from({ type: 0, chainId: 1n, nonce: 9, gasPrice: 20n * 10n ** 9n, gasLimit: 21000n + 68n * BigInt(dataLength),
    to: '0x3535353535353535353535353535353535353535', value: 10n ** 18n, data, signature: { r: `0x${r}`, s: `0x${s}`, v } });
  return tx.from;
}

test('trezorlib reads the test device as a Trezor One: keys, addresses and signatures match the vectors', { skip }, async () => {
  const { out, device } = await conformance('basic');
  assert.equal(out.vendor, 'trezor.io');
  assert.equal(out.model, '1');
  assert.deepEqual(out.version, [1, 12, 1]);
  assert.equal(out.internal_pubkey, '02c5fc9bd505024e6f13b2b6669b320056ce7382da6bfc796942bc7c3e64863130');
  assert.equal(hash160(out.internal_pubkey), 'bc07b06cd602924eb9f3b9cab87d9d9da7f16ab4');
  const ethXpub = 'xpub6CNFa58kEQJu2hwMVoofpDEKVVSg6gfwqBqE2zHAianaUnQkrJzJJ42iLDp7Dmg2aP88qCKoFZ4jidk3tECdQuF4567NGHDfe7iBRwHxgke';
  assert.equal(out.eth_xpub, ethXpub);
  assert.equal(out.eth_public_node, ethXpub);
  assert.equal(out.eth_address, '0x73d0385F4d8E00C5e6504C6030F47BF6212736A8');
  // Trezor's firmware tests' vectors for this seed.
  assert.equal(out.btc_address, '1JAd7XCBzGudGpJQSDSfpmJhiygtLQWaGL');
  assert.equal(out.btc_segwit_address, 'bc1qannfxke2tfd4l7vhepehpvt05y83v3qsf6nfkk');
  assert.equal(out.ltc_address, 'LcubERmHD31PWup1fbozpKuiqjHZ4anxcL');
  assert.match(out.ltc_xpub, /^Ltub/);
  assert.match(out.kmd_address_shown, /^R/);
  assert.equal(out.eth_signature.v, 37);
  assert.equal(recoveredSigner(out.eth_signature), out.eth_address);
  assert.equal(out.eth_signature_chunked.data_length, 2500);
  assert.equal(recoveredSigner(out.eth_signature_chunked), out.eth_address);
  assert.equal(out.ping, 'walletd');
  // Address shown (10); per signature the output (3) and the signing (8); the protected ping (7).
  assert.deepEqual(out.buttons, [10, 3, 8, 3, 8, 7]);
  // The 2,500 bytes arrived as the initial 1,024 and two chunks the device asked for.
  assert.equal(device.log.filter((m) => m === '< EthereumTxAck').length, 2);
});

test('trezorlib enters the PIN from the debug link\'s matrix; a wrong PIN is PinInvalid', { skip }, async () => {
  const ok = await conformance('pin', '1234', { pin: '1234' });
  assert.equal(ok.out.internal_pubkey, '02c5fc9bd505024e6f13b2b6669b320056ce7382da6bfc796942bc7c3e64863130');
  assert.equal(ok.out.unlocked, true);
  assert.ok(ok.device.log.includes('> PinMatrixRequest'));
  const wrong = await conformance('wrong-pin', '1234', { pin: '1234' });
  assert.deepEqual(wrong.out, { error: 'PinException', code: 7 });
  assert.equal(wrong.device.unlocked, false);
});

test('trezorlib\'s passphrase "TREZOR" opens the hidden wallet of the vectors', { skip }, async () => {
  const { out } = await conformance('passphrase', 'TREZOR', { passphraseProtection: true });
  assert.equal(out.internal_pubkey, '02a539c295eac02c808001296a47831d26c70b102cf2d5f22f41a261e67dae821f');
  assert.equal(hash160(out.internal_pubkey), '7a450c0244525a850f0467c9a5b57c4260d98b37');
  assert.equal(out.eth_address.toLowerCase(), '0xf061411b46fb8cccdeb16855347a419a777a1f9a');
  assert.equal(out.eth_xpub, 'xpub6CTa7uMx7SA5Ho2jhMSut24QpQVuTeB6dAKq7WSdTwXEmyVZyTKbmpGkMkWyyGJAu21a9WxqYobQkabu1x4zmeDxuzhQwSbxWdQ9542yff1');
});

test('a button refused on the device is trezorlib\'s Cancelled', { skip }, async () => {
  const { out, device } = await conformance('refuse', '', { buttons: 'refuse' });
  assert.deepEqual(out, { error: 'Cancelled' });
  assert.deepEqual(device.buttonsPressed, ['ButtonRequest_ProtectCall:no']);
});

// ---- Bitcoin signing ----

const TESTNET = bitcoin.networks.testnet;
const hex = (bytes) => Buffer.from(bytes).toString('hex');
// The test seed's keys derived here, not by the device: the BIP-39 seed by PBKDF2 itself, BIP-32 by
// the bip32 package (tiny-secp256k1); the device uses @scure/bip39 + @scure/bip32.
const root = BIP32Factory(ecc).fromSeed(pbkdf2Sync(TEST_MNEMONIC, 'mnemonic', 2048, 64, 'sha512'), TESTNET);
const pubkeyAt = (path) => Buffer.from(root.derivePath(path).publicKey);
const P2PKH_PATH = "m/44'/1'/0'/0/0";
const P2WPKH_PATH = "m/84'/1'/0'/0/0";
const CHANGE_PATH = "m/84'/1'/0'/1/0";
const EXTERNAL = '2N4Q5FhU2497BryFfUgbqkAJE87aKHUhXMp';  // a P2SH address (Trezor's tests: m/49'/1'/0'/0/0)

// Runs a trezorlib scenario over a JSON file of transactions (trezorctl's sign-tx format).
async function conformanceTx(scenario, transactions, deviceOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'walletd-trezor-'));
  try {
    const file = join(dir, 'transactions.json');
    writeFileSync(file, JSON.stringify({ transactions }));
    return await conformance(scenario, file, deviceOptions);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// A bitcoinjs-lib transaction as trezorctl's prev_txes entry (trezorlib's TransactionType as a dict).
const asPrevTx = (tx) => ({ version: tx.version, lock_time: tx.locktime,
  inputs: tx.ins.map((i) => ({ prev_hash: hex(Buffer.from(i.hash).reverse()), prev_index: i.index, script_sig: hex(i.script),
    sequence: i.sequence })),
  bin_outputs: tx.outs.map((o) => ({ amount: Number(o.value), script_pubkey: hex(o.script) })) });

// Two funding transactions made here with bitcoinjs-lib over made-up outpoints: a legacy one paying
// the P2PKH address (output 1), a segwit one (version 2, a witness, nLockTime) paying the P2WPKH
// address (output 0) — the device must hash the latter without its witness.
function funding() {
  const legacy = new bitcoin.Transaction();
  legacy.version = 1;
  legacy.addInput(Buffer.alloc(32, 0xa1), 3, 0xfffffffe, Buffer.concat([Buffer.from([0x47]), Buffer.alloc(0x47, 0x30)]));
  legacy.addOutput(bitcoin.address.toOutputScript('msj42CCGruhRsFrGATiUuh25dtxYtnpbTx', TESTNET), 50_000n);
  legacy.addOutput(bitcoin.payments.p2pkh({ pubkey: pubkeyAt(P2PKH_PATH) }).output, 1_234_567n);
  const segwit = new bitcoin.Transaction();
  segwit.version = 2;
  segwit.locktime = 2_500_000;
  segwit.addInput(Buffer.alloc(32, 0xb2), 0, 0xfffffffd);
  segwit.setWitness(0, [Buffer.alloc(71, 0x30), Buffer.alloc(33, 0x02)]);
  segwit.addOutput(bitcoin.payments.p2wpkh({ pubkey: pubkeyAt(P2WPKH_PATH) }).output, 2_000_000n);
  segwit.addOutput(bitcoin.address.toOutputScript('tb1q54un3q39sf7e7tlfq99d6ezys7qgc62a6rxllc', TESTNET), 777n);
  assert.ok(segwit.hasWitnesses());
  return { legacy, segwit };
}

// P2PKH (funding.legacy:1) + P2WPKH (funding.segwit:0) to EXTERNAL and change by address_n.
function mixedSpend({ legacy, segwit }, overrides = {}) {
  return { coin_name: 'Testnet', details: { version: 2 },
    inputs: [
      { address_n: P2PKH_PATH, prev_hash: legacy.getId(), prev_index: 1, amount: 1_234_567, script_type: 'SPENDADDRESS' },
      { address_n: P2WPKH_PATH, prev_hash: segwit.getId(), prev_index: 0, amount: 2_000_000, script_type: 'SPENDWITNESS',
        sequence: 0xfffffffd }],
    outputs: [
      { address: EXTERNAL, amount: 3_000_000, script_type: 'PAYTOADDRESS' },
      { address_n: CHANGE_PATH, amount: 1_234_567 + 2_000_000 - 3_000_000 - 10_000, script_type: 'PAYTOWITNESS' }],
    prev_txes: { [legacy.getId()]: asPrevTx(legacy), [segwit.getId()]: asPrevTx(segwit) }, ...overrides };
}

// Trezor's own T1 device tests (trezor-firmware tests/device_tests/bitcoin: test_signtx.py
// test_testnet_one_two_fee, test_signtx_segwit_native.py test_send_native_change), transactions
// that the firmware signed and that are on testnet; their previous transactions as Trezor's tx cache
// holds them. RFC 6979 makes the signatures deterministic, so the device must produce these bytes.
const TREZOR_VECTORS = [
  { spec: { coin_name: 'Testnet',
    inputs: [{ address_n: P2PKH_PATH, amount: 31_000_000, prev_hash: 'e5040e1bc1ae7667ffb9e5248e90b2fb93cd9150234151ce90e14ab2f5933bcd',
      prev_index: 0 }],
    outputs: [{ address: 'msj42CCGruhRsFrGATiUuh25dtxYtnpbTx', amount: 30_090_000, script_type: 'PAYTOADDRESS' },
      { address_n: "m/44'/1'/0'/1/0", amount: 900_000, script_type: 'PAYTOADDRESS' }],
    prev_txes: { e5040e1bc1ae7667ffb9e5248e90b2fb93cd9150234151ce90e14ab2f5933bcd: { version: 1, lock_time: 0,
      inputs: [{ prev_hash: 'bb0bc570bbde0a0c06f33fa0bd2516149c35c566bf70e8e08861ad9f07400021', prev_index: 0, sequence: 4294967295,
        script_sig: '483045022100a484e6399d1c0e50b5a26716a0f9c51a2d9d7c0cd6dc41f25f56375e5d0c0b4d02200360655bf46a65688744c411783ed6f048efa238a591af716878af279bfbf66e012102dcd8d570036b1575605734359eff834e362bf2ac6463b27bd877b9cb4c6162d1' }],
      bin_outputs: [{ amount: 31_000_000, script_pubkey: '76a914a579388225827d9f2fe9014add644487808c695d88ac' },
        { amount: 142_920_000, script_pubkey: '76a914dd597a4de23945b20a56446ce3a1b6e39cbf351c88ac' }] } } },
  requests: ['TXINPUT 0', 'TXOUTPUT 0', 'TXOUTPUT 1', 'TXINPUT 0', 'TXMETA e5040e', 'TXINPUT 0 e5040e', 'TXOUTPUT 0 e5040e', 'TXOUTPUT 1 e5040e',
    'TXINPUT 0', 'TXOUTPUT 0', 'TXOUTPUT 1', 'TXOUTPUT 0', 'TXOUTPUT 1', 'TXFINISHED'],
  signed: '0100000001cd3b93f5b24ae190ce5141235091cd93fbb2908e24e5b9ff6776aec11b0e04e5000000006b483045022100eba3bbcbb82ab1ebac88a394e8fb53b0263dadbb3e8072f0a21ee62818c911060220686a9b7f306d028b54a228b5c47cc6c27b1d01a3b0770440bcc64d55d8bace2c0121030e669acac1f280d1ddf441cd2ba5e97417bf2689e4bbec86df4f831bf9f7ffd0ffffffff021023cb01000000001976a91485eb47fe98f349065d6f044e27a4ac541af79ee288aca0bb0d00000000001976a9143d3cca567e00a04819742b21a696a67da796498b88ac00000000' },
  { spec: { coin_name: 'Testnet',
    inputs: [{ address_n: "m/84'/1'/0'/0/87", amount: 100_000, prev_hash: 'fcb3f5436224900afdba50e9e763d98b920dfed056e552040d99ea9bc03a9d83',
      prev_index: 0, script_type: 'SPENDWITNESS' }],
    outputs: [{ address: EXTERNAL, amount: 40_000, script_type: 'PAYTOADDRESS' },
      { address_n: "m/84'/1'/0'/1/87", amount: 50_000, script_type: 'PAYTOWITNESS' }],
    prev_txes: { fcb3f5436224900afdba50e9e763d98b920dfed056e552040d99ea9bc03a9d83: { version: 1, lock_time: 0,
      inputs: [{ prev_hash: '0d5d04bffd49287d122f509bebd196b1ecba7cbc5f945c28bf8a26dea66e65de', prev_index: 0, sequence: 4294967293,
        script_sig: '47304402205622f5398e9f431afce154cece3eea635ac4ff877ff4c8fa6ba86c71db0ae3bb022035faf2bf8cee793cf17ad9b4444d58bf962d14ef3bb8a5a46c4e5b63d0e3eea5012102d83bf667bad85e533790d8c30656dec165a1b662310458be0219b4f2a9d84a30' },
      { prev_hash: 'b36780ceb86807ca6e7535a6fd418b1b788cb9b227d2c8a26a0de295e523219e', prev_index: 1, sequence: 4294967293,
        script_sig: '48304502210096093de2c32a418c7aa735e841d88aca50819ffcb6591c8854b4a57e07438e82022041e06bb7054fd6222301744ee4a068f38ee80571eef684aa0c62f836b5f78a1c0121027f66fac81a9c518fc9375e62f4d7827682b90b18d0a949cc9d2c23bd144cfcf2' }],
      bin_outputs: [{ amount: 100_000, script_pubkey: '0014ec871ec494e095efd8c3dcfd8b1fe1529a822d9d' },
        { amount: 1_062_199, script_pubkey: '76a914d919c35ad9af848342a17a8e3e1cd44f0489215388ac' }] } } },
  requests: ['TXINPUT 0', 'TXOUTPUT 0', 'TXOUTPUT 1', 'TXINPUT 0', 'TXMETA fcb3f5', 'TXINPUT 0 fcb3f5', 'TXINPUT 1 fcb3f5',
    'TXOUTPUT 0 fcb3f5', 'TXOUTPUT 1 fcb3f5', 'TXINPUT 0', 'TXOUTPUT 0', 'TXOUTPUT 1', 'TXINPUT 0', 'TXFINISHED'],
  signed: '01000000000101839d3ac09bea990d0452e556d0fe0d928bd963e7e950bafd0a90246243f5b3fc0000000000ffffffff02409c00000000000017a9147a55d61848e77ca266e79a39bfc85c580a6426c98750c3000000000000160014cc3e33b1eb529cea8b34af5d2c5d6e6e332de9040247304402207413e26bf9eff16513f5ed1db710aa6f766b51f6c6f23ad5e9e8ddf5c67e8aba02204e09b0755ec173f6beeb8ddfa515d36afb25f046d0c851d48fdbc2e0ad3b9f13012103f60fc56bf7b5326537c7e86e0a63b6cd008eeb87d39af324cee5bcc3424bf4d000000000' },
];

// The device's requests for mixedSpend, in the firmware's order: phase 1 (inputs, outputs, each
// input again with its previous transaction), then phase 2 (the legacy input 0 after the whole
// transaction again, the segwit input 1, the outputs, both inputs for their witnesses).
const mixedRequests = (a, b) => ['TXINPUT 0', 'TXINPUT 1', 'TXOUTPUT 0', 'TXOUTPUT 1',
  'TXINPUT 0', `TXMETA ${a}`, `TXINPUT 0 ${a}`, `TXOUTPUT 0 ${a}`, `TXOUTPUT 1 ${a}`,
  'TXINPUT 1', `TXMETA ${b}`, `TXINPUT 0 ${b}`, `TXOUTPUT 0 ${b}`, `TXOUTPUT 1 ${b}`,
  'TXINPUT 0', 'TXINPUT 1', 'TXOUTPUT 0', 'TXOUTPUT 1', 'TXINPUT 1', 'TXOUTPUT 0', 'TXOUTPUT 1', 'TXINPUT 0', 'TXINPUT 1', 'TXFINISHED'];

// One trezorlib run signing the two vectors and mixedSpend, shared by the tests below.
let signedRun;
const signed = () => (signedRun ??= (async () => {
  const txs = funding();
  const { out, device } = await conformanceTx('btc', [...TREZOR_VECTORS.map((v) => v.spec), mixedSpend(txs)]);
  return { out, device, txs };
})());

// Reads a signed transaction with bitcoinjs-lib and checks each input against the output it
// spends: the key (derived here) owns that output, and its signature verifies (tiny-secp256k1)
// over bitcoinjs-lib's sighash (legacy, or BIP-143 with the amount). Answers the signatures
// (DER, without the hash type) and the parsed transaction.
function verifySpends(signedHex, spends) {
  const tx = bitcoin.Transaction.fromHex(signedHex);
  assert.equal(tx.ins.length, spends.length);
  const signatures = spends.map(({ path, script, value, segwit }, i) => {
    const pubkey = pubkeyAt(path);
    const owned = bitcoin.payments[segwit ? 'p2wpkh' : 'p2pkh']({ pubkey }).output;
    assert.equal(hex(script), hex(owned), `input ${i}: ${path} owns the output it spends`);
    const [sig, pub] = segwit ? tx.ins[i].witness : bitcoin.script.decompile(tx.ins[i].script);
    assert.equal(segwit ? tx.ins[i].script.length : tx.ins[i].witness.length, 0);
    assert.equal(hex(pub), hex(pubkey));
    const { signature, hashType } = bitcoin.script.signature.decode(sig);
    assert.equal(hashType, bitcoin.Transaction.SIGHASH_ALL);
    const digest = segwit
      ? tx.hashForWitnessV0(i, bitcoin.payments.p2pkh({ pubkey }).output, value, bitcoin.Transaction.SIGHASH_ALL)
      : tx.hashForSignature(i, script, bitcoin.Transaction.SIGHASH_ALL);
    assert.ok(ecc.verify(digest, pubkey, signature), `input ${i}: the signature verifies`);
    return hex(sig.subarray(0, -1));
  });
  return { tx, signatures };
}

// What mixedSpend's inputs spend.
const mixedSpends = ({ legacy, segwit }) => [
  { path: P2PKH_PATH, script: legacy.outs[1].script, value: legacy.outs[1].value, segwit: false },
  { path: P2WPKH_PATH, script: segwit.outs[0].script, value: segwit.outs[0].value, segwit: true }];

test('the test seed\'s testnet addresses derived here are Trezor\'s published ones', () => {
  assert.equal(bitcoin.payments.p2pkh({ pubkey: pubkeyAt(P2PKH_PATH), network: TESTNET }).address, 'mvbu1Gdy8SUjTenqerxUaZyYjmveZvt33q');
  assert.equal(bitcoin.payments.p2wpkh({ pubkey: pubkeyAt(P2WPKH_PATH), network: TESTNET }).address,
    'tb1qkvwu9g3k2pdxewfqr7syz89r3gj557l3uuf9r9');
  assert.equal(bitcoin.payments.p2wpkh({ pubkey: pubkeyAt("m/84'/1'/0'/0/87"), network: TESTNET }).address,
    'tb1qajr3a3y5uz27lkxrmn7ck8lp22dgytvagr5nqy');
});

test('id 22 reads back through TxAck.tx whichever TxAck variant encoded it', () => {
  const read = (name, fields) => {
    const { id, payload } = encode(name, fields);
    assert.equal(id, 22);
    const decoded = decode(id, payload);
    assert.equal(decoded.type, 'TxAck');
    return decoded.message.tx;
  };
  const meta = read('TxAckPrevMeta', { tx: { version: 2, lock_time: 7, inputs_count: 3, outputs_count: 4, extra_data_len: 0 } });
  assert.deepEqual([meta.version, meta.lock_time, meta.inputs_cnt, meta.outputs_cnt, meta.extra_data_len], [2, 7, 3, 4, 0]);
  const input = read('TxAckInput', { tx: { input: { address_n: [1, 2], prev_hash: 'ab'.repeat(32), prev_index: 5, amount: '2100000000000000',
    script_type: 'SPENDWITNESS' } } }).inputs[0];
  assert.deepEqual([input.address_n, input.prev_index, String(input.amount), input.script_type, input.sequence],
    [[1, 2], 5, '2100000000000000', 'SPENDWITNESS', null]);
  const prevInput = read('TxAckPrevInput', { tx: { input: { prev_hash: 'cd'.repeat(32), prev_index: 1, script_sig: '00', sequence: 9 } } })
    .inputs[0];
  assert.deepEqual([prevInput.prev_hash, prevInput.script_sig, prevInput.sequence], ['cd'.repeat(32), '00', 9]);
  const prevOutput = read('TxAckPrevOutput', { tx: { output: { amount: 5, script_pubkey: '0014' } } }).bin_outputs[0];
  assert.deepEqual([prevOutput.amount, prevOutput.script_pubkey], [5, '0014']);
  const output = read('TxAckOutput', { tx: { output: { address_n: [3], amount: 6, script_type: 'PAYTOWITNESS' } } }).outputs[0];
  assert.deepEqual([output.address_n, output.amount, output.script_type], [[3], 6, 'PAYTOWITNESS']);
});

test('btc.sign_tx: Trezor\'s own T1 test transactions byte for byte, in the firmware\'s order of requests', { skip }, async () => {
  const { out, device } = await signed();
  for (const [i, vector] of TREZOR_VECTORS.entries()) {
    const result = out.transactions[i];
    assert.equal(result.serialized, vector.signed);
    assert.deepEqual(result.signatures, verifySpends(vector.signed, [{ path: vector.spec.inputs[0].address_n,
      script: Buffer.from(Object.values(vector.spec.prev_txes)[0].bin_outputs[0].script_pubkey, 'hex'),
      value: BigInt(vector.spec.inputs[0].amount), segwit: vector.spec.inputs[0].script_type === 'SPENDWITNESS' }]).signatures);
    // One external output confirmed (3), the change not, then the total (8).
    assert.deepEqual(result.buttons, [3, 8]);
  }
  const [legacyRequests, segwitRequests] = TREZOR_VECTORS.map((v) => v.requests);
  assert.deepEqual(device.txRequests.slice(0, legacyRequests.length + segwitRequests.length), [...legacyRequests, ...segwitRequests]);
});

test('a P2PKH + P2WPKH spend of bitcoinjs-lib transactions signed through trezorlib verifies with bitcoinjs-lib', { skip }, async () => {
  const { out, device, txs } = await signed();
  const result = out.transactions[2];
  assert.ok(result.serialized, JSON.stringify(result));
  const { tx, signatures } = verifySpends(result.serialized, mixedSpends(txs));
  assert.deepEqual(result.signatures, signatures);
  assert.equal(tx.version, 2);
  assert.equal(tx.locktime, 0);
  assert.ok(tx.hasWitnesses());
  assert.deepEqual(tx.ins.map((i) => [hex(Buffer.from(i.hash).reverse()), i.index, i.sequence]),
    [[txs.legacy.getId(), 1, 0xffffffff], [txs.segwit.getId(), 0, 0xfffffffd]]);
  assert.deepEqual(tx.outs.map((o) => [hex(o.script), o.value]), [
    [hex(bitcoin.address.toOutputScript(EXTERNAL, TESTNET)), 3_000_000n],
    [hex(bitcoin.payments.p2wpkh({ pubkey: pubkeyAt(CHANGE_PATH) }).output), 224_567n]]);
  // The inputs come from two accounts, so (firmware rule) no output counts as change: both shown.
  assert.deepEqual(result.buttons, [3, 3, 8]);
  const short = (t) => t.getId().slice(0, 6);
  assert.deepEqual(device.txRequests.slice(-24), mixedRequests(short(txs.legacy), short(txs.segwit)));
});

const litecoindSkip = skip || Litecoind.skipReason();
test('litecoind\'s script interpreter accepts the device\'s P2PKH and P2WPKH signatures', { skip: litecoindSkip }, async () => {
  const { out, txs } = await signed();
  const signedHex = out.transactions[2].serialized;
  const prevtxs = [[txs.legacy, 1], [txs.segwit, 0]].map(([t, vout]) => ({ txid: t.getId(), vout,
    scriptPubKey: hex(t.outs[vout].script), amount: Number(t.outs[vout].value) / 1e8 }));
  const tampered = bitcoin.Transaction.fromHex(signedHex);
  tampered.outs[0].value -= 1n;
  const ltc = await Litecoind.start();
  try {
    // No keys given: litecoind only verifies the scripts and signatures already there.
    const ok = await ltc.rpc('signrawtransactionwithkey', [signedHex, [], prevtxs]);
    assert.equal(ok.complete, true, JSON.stringify(ok.errors));
    assert.equal(ok.hex, signedHex);
    const bad = await ltc.rpc('signrawtransactionwithkey', [tampered.toHex(), [], prevtxs]);
    assert.equal(bad.complete, false);
    assert.equal(bad.errors.length, 2);
  } finally {
    await ltc.stop();
  }
});

test('a tampered previous transaction, a wrong amount or key and too little money are trezorlib TrezorFailures', { skip }, async () => {
  const txs = funding();
  const spend = (overrides) => {
    const base = mixedSpend(txs);
    return { ...base, inputs: [base.inputs[0]], prev_txes: { [txs.legacy.getId()]: asPrevTx(txs.legacy) },
      outputs: [{ address: EXTERNAL, amount: 1_000_000, script_type: 'PAYTOADDRESS' },
        { address_n: "m/44'/1'/0'/1/0", amount: 200_000, script_type: 'PAYTOADDRESS' }], ...overrides(base) };
  };
  const tamperedPrev = asPrevTx(txs.legacy);
  tamperedPrev.bin_outputs[0].amount += 1;
  const { out, device } = await conformanceTx('btc', [
    spend(() => ({ prev_txes: { [txs.legacy.getId()]: tamperedPrev } })),
    spend((base) => ({ inputs: [{ ...base.inputs[0], amount: 1_234_568 }] })),
    spend((base) => ({ inputs: [{ ...base.inputs[0], address_n: "m/44'/1'/0'/0/1" }] })),
    spend(() => ({ outputs: [{ address: EXTERNAL, amount: 1_234_568, script_type: 'PAYTOADDRESS' }] })),
    spend(() => ({})),
  ]);
  const failure = ({ code, message, buttons }) => ({ code, message, buttons });
  // The previous transaction is checked after the confirmations (3 output, 8 total), as the firmware does.
  assert.deepEqual(failure(out.transactions[0]), { code: 3, message: 'Encountered invalid prevhash', buttons: [3, 8] });
  assert.deepEqual(failure(out.transactions[1]), { code: 3, message: 'Invalid amount specified', buttons: [3, 8] });
  assert.deepEqual(failure(out.transactions[2]), { code: 3, message: 'Input does not match scriptPubKey', buttons: [3, 8] });
  assert.deepEqual(failure(out.transactions[3]), { code: 10, message: 'Not enough funds', buttons: [3] });
  // After the failures the device signs the same spend untampered.
  verifySpends(out.transactions[4].serialized, mixedSpends(txs).slice(0, 1));
  assert.deepEqual(out.transactions[4].buttons, [3, 8]);
  assert.equal(device.log.filter((m) => m === '> Failure').length, 4);
});

test('a refused output on the device is trezorlib\'s Cancelled', { skip }, async () => {
  const { out, device } = await conformanceTx('btc', [mixedSpend(funding())], { buttons: 'refuse' });
  assert.deepEqual(out.transactions, [{ error: 'Cancelled', buttons: [3] }]);
  assert.deepEqual(device.buttonsPressed, ['ButtonRequest_ConfirmOutput:no']);
  assert.deepEqual(device.txRequests, ['TXINPUT 0', 'TXINPUT 1', 'TXOUTPUT 0']);
});

test('a device unplugged before its first signature leaves trezorlib without an answer and without an emulator', { skip }, async () => {
  const disconnectAt = (name, fields) => name === 'TxRequest' && fields.serialized?.signature_index !== undefined;
  const { out, device } = await conformanceTx('btc-disconnect', [mixedSpend(funding())], { disconnectAt });
  assert.deepEqual(out, { error: 'no answer', emulator_answers: false });
  assert.equal(device.disconnected, true);
  assert.equal(device.log.at(-1), 'x unplugged');
  // Signed input 0 after streaming the transaction again; the piece would have ridden on TXINPUT 1.
  assert.deepEqual(device.txRequests.slice(-4), ['TXINPUT 0', 'TXINPUT 1', 'TXOUTPUT 0', 'TXOUTPUT 1']);
});

test('over the Bridge, a device unplugged mid-signing fails the call in flight as trezord does, then the session', async () => {
  const device = new TrezorTestDevice({ disconnectAt: 'TXOUTPUT' });
  const bridge = await listenBridge([{ path: '1', device }]);
  // trezord answers only requests with a Trezor origin (tests/peers/trezor/recorded/trezord-2.0.md).
  const post = async (route, body = '') => {
    const res = await fetch(`${bridge.url}/${route}`, { method: 'POST', body, headers: { Origin: 'https://python.trezor.io' } });
    return { status: res.status, body: await res.text() };
  };
  // trezord's /call body and answer: hex of u16 type, u32 length, payload.
  const call = async (session, name, fields) => {
    const { id, payload } = encode(name, fields);
    const head = Buffer.alloc(6);
    head.writeUInt16BE(id, 0);
    head.writeUInt32BE(payload.length, 2);
    const res = await post(`call/${session}`, Buffer.concat([head, payload]).toString('hex'));
    if (res.status !== 200) return { status: res.status, error: JSON.parse(res.body).error };
    const bytes = Buffer.from(res.body, 'hex');
    return { status: 200, ...decode(bytes.readUInt16BE(0), bytes.subarray(6)) };
  };
  try {
    // trezord's paths are the ids its enumeration gives.
    const [{ path }] = JSON.parse((await post('enumerate')).body);
    const { session } = JSON.parse((await post(`acquire/${path}/null`)).body);
    const first = await call(session, 'SignTx', { coin_name: 'Testnet', inputs_count: 1, outputs_count: 1 });
    assert.equal(first.type, 'TxRequest');
    assert.equal(first.message.request_type, 'TXINPUT');
    const hardened = (n) => n + 0x80000000;
    const input = { address_n: [hardened(84), hardened(1), hardened(0), 0, 0], prev_hash: 'ab'.repeat(32), prev_index: 0, amount: 1000,
      script_type: 'SPENDWITNESS' };
    // The device would now ask TXOUTPUT 0: it is unplugged instead.
    assert.deepEqual(await call(session, 'TxAck', { tx: { inputs: [input] } }),
      { status: 400, error: 'device disconnected during action' });
    // The next enumeration no longer sees the device and releases its session.
    assert.equal((await post('enumerate')).body, '[]\n');
    assert.deepEqual(await call(session, 'Cancel', {}), { status: 400, error: 'session not found' });
    assert.deepEqual(await post(`acquire/${path}/null`), { status: 400, body: `${JSON.stringify({ error: 'device not found' })}\n` });
    assert.deepEqual(device.txRequests, ['TXINPUT 0']);
    assert.equal(device.log.at(-1), 'x unplugged');
  } finally {
    await bridge.close();
  }
});
