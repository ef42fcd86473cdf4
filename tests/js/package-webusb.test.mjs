// A Trezor over WebUSB through the packed package (trezor.transport "webusb", KDF's wasm
// transport): createWalletd's `usb` is a WebUSB stand-in (tests/support/webusb-stand-in.mjs: the
// spec's USB / USBDevice shapes, the firmware's descriptors) whose transfers reach the Trezor test
// device's endpoints (tests/peers/trezor/usb.mjs). Before the user allows the device
// (requestTrezor), init finds none and times out; then init goes through the PIN in 64-byte
// transfers and names the vectors' device; ETH activates on ganache with the device's account and
// task::withdraw is signed on the device — ethers recovers the device's address and ganache
// moves the amount to the wei; the device pulled out while it waits for its button is KDF's
// HwError. The same path in Chromium: webusb-chromium.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Transaction, parseEther } from 'ethers';
import { createWalletd, requestTrezor } from '../support/walletd-package.mjs';
import { Ganache } from '../peers/ganache.mjs';
import { TrezorTestDevice } from '../peers/trezor/device.mjs';
import { usbEndpoints } from '../peers/trezor/usb.mjs';
import { webUsbStandIn } from '../support/webusb-stand-in.mjs';
import { matrixPositions } from '../support/trezor-tasks.mjs';
import { repoRoot } from '../support/walletd-process.mjs';

const DEVICE_ADDRESS = '0x73d0385F4d8E00C5e6504C6030F47BF6212736A8';  // m/44'/60'/0'/0/0 of "all" × 12
const PUBKEY = 'bc07b06cd602924eb9f3b9cab87d9d9da7f16ab4';            // device_pubkey, no passphrase
const TO = '0x3535353535353535353535353535353535353535';
let ganache, device, usb, walletd;

function coins() {
  const list = JSON.parse(readFileSync(join(repoRoot, 'config/coins.json'), 'utf8'));
  list.find((c) => c.coin === 'ETH-ganache').trezor_coin = 'Ethereum';
  return list;
}

// Polls a task's status until `done` (bounded).
async function until(method, taskId, done, what) {
  for (let i = 0; i < 800; i++) {
    const s = await walletd.call(method, { task_id: taskId, forget_if_finished: false });
    if (done(s)) return s;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${method} ${taskId} never reached ${what}`);
}

before(async () => {
  ganache = await Ganache.start();
  await (await ganache.funder.sendTransaction({ to: DEVICE_ADDRESS, value: parseEther('5') })).wait();
  device = new TrezorTestDevice({ pin: '2468' });
  usb = webUsbStandIn(usbEndpoints(device));
  walletd = await createWalletd({ config: { passphrase: 'webusb package test', trezor: { transport: 'webusb', connect_timeout_s: 1 } },
    coins: coins(), usb });
});

after(async () => {
  walletd?.dispose();
  await ganache?.stop();
});

test('before the user allows the device, init finds no Trezor and times out', async () => {
  const { task_id: id } = await walletd.call('task::init_trezor::init', {});
  const failed = await until('task::init_trezor::status', id, (s) => s.status === 'Error', 'the timeout');
  assert.equal(failed.details.error_type, 'Timeout', JSON.stringify(failed));
  assert.equal(device.log.length, 0, 'nothing reached the device');
});

test('allowed, init goes through the PIN over WebUSB transfers and names the vectors\' device', async () => {
  const allowed = await requestTrezor(usb);
  assert.equal(allowed.productId, 0x53c1);
  const { task_id: id } = await walletd.call('task::init_trezor::init', {});
  await until('task::init_trezor::status', id, (s) => s.details === 'EnterTrezorPin', 'the PIN');
  await walletd.call('task::init_trezor::user_action', { task_id: id, user_action: { action_type: 'TrezorPin', pin: matrixPositions(device, '2468') } });
  const done = await until('task::init_trezor::status', id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  assert.equal(done.details.device_pubkey, PUBKEY);
  assert.equal(done.details.device_id, device.deviceId);
  assert.ok(usb.device.configuration.interfaces[0].claimed, 'the vendor interface is claimed');
  assert.ok(!usb.device.configuration.interfaces[1].claimed, 'the U2F interface is left alone');
});

test('ETH with the device\'s account; task::withdraw signed over WebUSB; ganache moves it to the wei', async () => {
  const { task_id: activation } = await walletd.call('task::enable_eth::init', { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }],
    priv_key_policy: { type: 'Trezor' }, erc20_tokens_requests: [] });
  const enabled = await until('task::enable_eth::status', activation, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(enabled.status, 'Ok', JSON.stringify(enabled));
  assert.equal(enabled.details.wallet_balance.accounts[0].addresses[0].address, DEVICE_ADDRESS);
  const { task_id: id } = await walletd.call('task::withdraw::init', { coin: 'ETH-ganache', to: TO, amount: '1.25' });
  const done = await until('task::withdraw::status', id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  const tx = Transaction.from(`0x${done.details.tx_hex}`);
  assert.equal(tx.from, DEVICE_ADDRESS);
  assert.equal(tx.value, parseEther('1.25'));
  const { tx_hash: hash } = await walletd.call('send_raw_transaction', { coin: 'ETH-ganache', tx_hex: done.details.tx_hex });
  const receipt = await ganache.provider.waitForTransaction(`0x${hash}`);
  assert.equal(receipt.status, 1);
  const at = (block) => ganache.provider.getBalance(TO, block);
  assert.equal(await at(receipt.blockNumber) - await at(receipt.blockNumber - 1), parseEther('1.25'));
});

test('the device pulled out while it waits for its button: HwError, nothing signed', async () => {
  device.buttons = () => new Promise(() => {});  // the user never presses
  const { task_id: id } = await walletd.call('task::withdraw::init', { coin: 'ETH-ganache', to: TO, amount: '1' });
  await until('task::withdraw::status', id, (s) => s.details === 'WaitingForUserToConfirmSigning', 'the button');
  device.unplug();
  const gone = await until('task::withdraw::status', id, (s) => s.status === 'Error', 'the error');
  assert.equal(gone.details.error_type, 'HwError', JSON.stringify(gone));
  assert.equal(gone.details.error_data, 'NoTrezorDeviceAvailable');
});
