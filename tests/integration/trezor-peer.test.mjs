// The Trezor test device (tests/peers/trezor/) checked by an independent host: Debian's trezorlib
// (python3-trezor, Trezor's own Python library) drives it over the emulator's UDP transport
// (tests/peers/trezor/conformance.py). What trezorlib reads back must equal the published
// vectors for Trezor's test seed ("all" × 12): the device's internal public key and device_pubkey
// with and without the passphrase "TREZOR", the ETH xpub and address, Trezor's own BTC test
// addresses; its ETH signatures must recover (ethers) to the device's address, with data sent in
// chunks; a PIN read from the debug link's matrix unlocks it, a wrong PIN fails, a refused button
// cancels. Without trezorlib the test fails in CI and skips elsewhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Transaction, ripemd160, sha256 } from 'ethers';
import { TrezorTestDevice } from '../peers/trezor/device.mjs';
import { listenUdp } from '../peers/trezor/udp.mjs';
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
