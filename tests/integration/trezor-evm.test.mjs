// The Trezor policy for an EVM coin, end to end: the daemon (its own wallet an Iguana one)
// initializes the Trezor test device behind the emulated Bridge (PIN through user_action),
// activates ETH on ganache with priv_key_policy Trezor — an HD wallet from the device's account
// xpub, its first address the vectors' 0x73d0…36A8 — and withdraws through task::withdraw,
// signed on the device (EIP-1559, and legacy with an EthGas fee): ethers
// recovers the device's address from every tx_hex, ganache accepts the broadcast and moves the
// amount to the wei. (Data sent in chunks is covered by the device's own tests: a withdraw's
// data never reaches 1,024 bytes.) The device refusing, or pulled out while it waits for its button, ends the
// withdraw with KDF's errors and nothing broadcast; a plain withdraw, the non-task activation and
// a coin without trezor_coin are refused as KDF refuses them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { HDNodeWallet, Transaction, Wallet, parseEther } from 'ethers';
import { Ganache } from '../peers/ganache.mjs';
import { TEST_MNEMONIC, TrezorTestDevice } from '../peers/trezor/device.mjs';
import { listenBridge } from '../peers/trezor/bridge.mjs';
import { WalletdProcess, cleanup, tempDir, writeConfig } from '../support/walletd-process.mjs';
import { coinsWithTrezor, heldButtons, matrixPositions, untilTask } from '../support/trezor-tasks.mjs';

const DEVICE_ADDRESS = '0x73d0385F4d8E00C5e6504C6030F47BF6212736A8';  // m/44'/60'/0'/0/0 of "all" × 12
const TO = '0x3535353535353535353535353535353535353535';
let ganache, device, bridge, walletd, dir;


const until = (method, taskId, done, what) => untilTask(walletd, method, taskId, done, what);

const positions = (pin) => matrixPositions(device, pin);

before(async () => {
  dir = tempDir('walletd-trezor-evm-');
  ganache = await Ganache.start();
  await (await ganache.funder.sendTransaction({ to: DEVICE_ADDRESS, value: parseEther('10') })).wait();
  device = new TrezorTestDevice({ pin: '2581' });
  bridge = await listenBridge([{ path: '1', device }]);
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'trezor evm test iguana passphrase',
    trezor: { bridge_url: bridge.url } }), { coinsPath: coinsWithTrezor(dir, ['ETH-ganache'], 'Ethereum', 'ETH-ganache-plain') });
  const init = await walletd.rpc('task::init_trezor::init', {});
  const id = init.json.result.task_id;
  await until('task::init_trezor::status', id, (s) => s.status === 'UserActionRequired', 'the PIN');
  await walletd.rpc('task::init_trezor::user_action', { task_id: id, user_action: { action_type: 'TrezorPin', pin: positions('2581') } });
  const done = await until('task::init_trezor::status', id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(done.status, 'Ok', JSON.stringify(done));
});

after(async () => {
  await walletd?.stop();
  await bridge?.close();
  await ganache?.stop();
  cleanup(dir);
});

const activation = (ticker) => ({ ticker, nodes: [{ url: ganache.url }], priv_key_policy: { type: 'Trezor' },
  erc20_tokens_requests: [] });

async function withdrawTask(params) {
  const init = await walletd.rpc('task::withdraw::init', params);
  assert.equal(init.status, 200, init.text);
  return init.json.result.task_id;
}

test('the activation outside a task and a coin without trezor_coin are refused as KDF refuses them', async () => {
  const plain = await walletd.rpc('enable_eth_with_tokens', activation('ETH-ganache'));
  assert.equal(plain.json.error_type, 'UnexpectedDeviceActivationPolicy', plain.text);
  const init = await walletd.rpc('task::enable_eth::init', activation('ETH-ganache-plain'));
  const failed = await until('task::enable_eth::status', init.json.result.task_id, (s) => s.status === 'Error', 'the error');
  assert.equal(failed.details.error, 'Coin does not support Trezor wallet');
});

test('task::enable_eth with the Trezor: an HD wallet from the device, its first address funded', async () => {
  const init = await walletd.rpc('task::enable_eth::init', activation('ETH-ganache'));
  const done = await until('task::enable_eth::status', init.json.result.task_id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  const wallet = done.details.wallet_balance;
  assert.equal(wallet.wallet_type, 'HD');
  const first = wallet.accounts[0].addresses[0];
  assert.equal(first.address, DEVICE_ADDRESS);
  assert.equal(first.derivation_path, "m/44'/60'/0'/0/0");
  assert.equal(first.balance['ETH-ganache'].spendable, '10');
  assert.ok(device.log.includes('< EthereumGetPublicKey'), 'the account key came from the device');
  const keys = await walletd.rpc('get_private_keys', { coins: ['ETH-ganache'], mode: 'hd', start_index: 0, end_index: 0 });
  assert.notEqual(keys.status, 200, 'no private key of a hardware wallet exists here');
});

test('task::withdraw signs on the device (EIP-1559); ethers reads it; ganache moves the amount to the wei', async () => {
  const press = heldButtons(device);  // the user presses when the test says so
  const id = await withdrawTask({ coin: 'ETH-ganache', to: TO, amount: '1.5' });
  const waiting = await until('task::withdraw::status', id, (s) => s.details === 'WaitingForUserToConfirmSigning', 'the button');
  assert.equal(waiting.status, 'InProgress');
  await press();  // the output
  await press();  // the fee and the signing
  const done = await until('task::withdraw::status', id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  const tx = Transaction.from(`0x${done.details.tx_hex}`);
  assert.equal(tx.from, DEVICE_ADDRESS);
  assert.equal(tx.type, 2);
  assert.equal(tx.value, parseEther('1.5'));
  assert.ok(device.log.includes('< EthereumSignTxEIP1559'));
  const sent = await walletd.rpc('send_raw_transaction', { coin: 'ETH-ganache', tx_hex: done.details.tx_hex });
  assert.equal(sent.status, 200, sent.text);
  const receipt = await ganache.provider.waitForTransaction(`0x${sent.json.result.tx_hash}`);
  assert.equal(receipt.status, 1);
  const at = (block) => ganache.provider.getBalance(TO, block);
  assert.equal(await at(receipt.blockNumber) - await at(receipt.blockNumber - 1), parseEther('1.5'));
});

test('a legacy withdraw (EthGas fee) signed on the device with EIP-155 is accepted', async () => {
  device.buttons = 'confirm';
  const raw = await walletd.rpc('sign_raw_transaction', { coin: 'ETH-ganache', type: 'ETH',
    tx: { to: TO, value: '0', gas_limit: 21000, pay_for_gas: { tx_type: 'Legacy', gas_price: '2' } } });
  assert.notEqual(raw.status, 200, 'sign_raw_transaction has no task to ask the user through');
  const id = await withdrawTask({ coin: 'ETH-ganache', to: TO, amount: '0.25', fee: { type: 'EthGas', gas_price: '2', gas: 21000 } });
  const done = await until('task::withdraw::status', id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  const tx = Transaction.from(`0x${done.details.tx_hex}`);
  assert.equal(tx.type, 0);
  assert.equal(tx.chainId, 1337n);
  assert.equal(tx.from, DEVICE_ADDRESS);
  const sent = await walletd.rpc('send_raw_transaction', { coin: 'ETH-ganache', tx_hex: done.details.tx_hex });
  assert.equal((await ganache.provider.waitForTransaction(`0x${sent.json.result.tx_hash}`)).status, 1);
});

test('cancel while the device shows the transaction: the signature that follows is dropped, nothing broadcast', async () => {
  const nonce = await ganache.provider.getTransactionCount(DEVICE_ADDRESS);
  const screens = [];
  device.buttons = () => new Promise((resolve) => screens.push(resolve));
  const id = await withdrawTask({ coin: 'ETH-ganache', to: TO, amount: '1', broadcast: true });
  await until('task::withdraw::status', id, (s) => s.details === 'WaitingForUserToConfirmSigning', 'the button');
  for (let i = 0; i < 400 && screens.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
  const cancel = await walletd.rpc('task::withdraw::cancel', { task_id: id });
  assert.equal(cancel.json.result, 'success');
  screens.shift()(true);  // the user confirms anyway
  for (let i = 0; i < 400 && screens.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
  screens.shift()(true);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(await ganache.provider.getTransactionCount(DEVICE_ADDRESS), nonce);
  device.buttons = 'confirm';
});

test('task::create_new_account asks the device for the new account\'s key (EthereumGetPublicKey)', async () => {
  device.buttons = 'confirm';
  const asked = device.log.filter((m) => m === '< EthereumGetPublicKey').length;
  const init = await walletd.rpc('task::create_new_account::init', { coin: 'ETH-ganache', scan: false });
  assert.equal(init.status, 200, init.text);
  const done = await until('task::create_new_account::status', init.json.result.task_id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  assert.equal(done.details.account_index, 1);
  const expected = HDNodeWallet.fromPhrase(TEST_MNEMONIC, '', "m/44'/60'/1'/0/0").address;
  const fresh = await walletd.rpc('get_new_address', { coin: 'ETH-ganache', account_id: 1 });
  assert.equal(fresh.status, 200, fresh.text);
  assert.equal(fresh.json.result.new_address.address, expected);
  assert.equal(device.log.filter((m) => m === '< EthereumGetPublicKey').length, asked + 1);
  // An account the wallet has keeps its key: the device is not asked again.
  const again = await walletd.rpc('task::create_new_account::init', { coin: 'ETH-ganache', account_id: 0, scan: false });
  const kept = await until('task::create_new_account::status', again.json.result.task_id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(kept.status, 'Ok', JSON.stringify(kept));
  assert.equal(device.log.filter((m) => m === '< EthereumGetPublicKey').length, asked + 1);
});

test('task::get_new_address shows the address on the device (ConfirmAddress) before handing it out; a refusal hands out nothing', async () => {
  const at = (index) => HDNodeWallet.fromPhrase(TEST_MNEMONIC, '', `m/44'/60'/0'/0/${index}`).address;
  const press = heldButtons(device);
  const init = await walletd.rpc('task::get_new_address::init', { coin: 'ETH-ganache', account_id: 0 });
  assert.equal(init.status, 200, init.text);
  const id = init.json.result.task_id;
  const shown = await until('task::get_new_address::status', id, (s) => s.details?.ConfirmAddress, 'the address on the device');
  assert.deepEqual(shown, { status: 'InProgress', details: { ConfirmAddress: { expected_address: at(1) } } });
  await press();
  const done = await until('task::get_new_address::status', id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  assert.equal(done.details.new_address.address, at(1));
  assert.ok(device.log.includes('< EthereumGetAddress'));
  device.buttons = 'refuse';
  const refused = await walletd.rpc('task::get_new_address::init', { coin: 'ETH-ganache', account_id: 0 });
  const failed = await until('task::get_new_address::status', refused.json.result.task_id, (s) => s.status === 'Error', 'the refusal');
  assert.match(failed.details.error, /cancelled/i);
  device.buttons = 'confirm';
  const plain = await walletd.rpc('get_new_address', { coin: 'ETH-ganache', account_id: 0 });
  assert.equal(plain.json.result.new_address.address, at(2), 'the refused address was not handed out');
});

test('refused on the device, pulled out while waiting, or a plain withdraw: clear errors, nothing signed', async () => {
  const nonce = await ganache.provider.getTransactionCount(DEVICE_ADDRESS);
  device.buttons = 'refuse';
  const refused = await withdrawTask({ coin: 'ETH-ganache', to: TO, amount: '1' });
  const failed = await until('task::withdraw::status', refused, (s) => s.status === 'Error', 'the refusal');
  assert.equal(failed.details.error_type, 'InternalError');
  assert.match(failed.details.error, /cancelled/i);
  device.buttons = () => new Promise(() => {});  // the user never presses
  const pulled = await withdrawTask({ coin: 'ETH-ganache', to: TO, amount: '1' });
  await until('task::withdraw::status', pulled, (s) => s.details === 'WaitingForUserToConfirmSigning', 'the button');
  bridge.disconnect('1');
  const gone = await until('task::withdraw::status', pulled, (s) => s.status === 'Error', 'the error');
  assert.equal(gone.details.error_type, 'HwError');
  assert.equal(gone.details.error_data, 'NoTrezorDeviceAvailable');
  const account = await walletd.rpc('task::create_new_account::init', { coin: 'ETH-ganache' });
  const noDevice = await until('task::create_new_account::status', account.json.result.task_id, (s) => s.status === 'Error', 'the error');
  assert.equal(noDevice.details.error_type, 'HwError', JSON.stringify(noDevice));
  const plain = await walletd.rpc('withdraw', { coin: 'ETH-ganache', to: TO, amount: '1' });
  assert.equal(plain.json.error_type, 'UnsupportedError', plain.text);
  assert.equal(await ganache.provider.getTransactionCount(DEVICE_ADDRESS), nonce);
});
