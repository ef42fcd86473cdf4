// The Trezor policy for a UTXO coin, end to end on litecoind regtest: the daemon (its own wallet
// an Iguana one) initializes the Trezor test device behind the emulated Bridge, with its PIN and
// passphrase through user_action; task::enable_utxo with priv_key_policy Trezor builds the HD
// wallet from the device's account xpub (GetPublicKey for the coins file's trezor_coin) — its
// addresses, derived here independently with @scure/bip32 + bitcoinjs-lib from the test mnemonic
// and passphrase, find the funded ones; task::withdraw signs on the device through the SignTx
// stream with the previous transactions, for P2PKH (m/44') and P2WPKH (m/84') coins:
// bitcoinjs-lib verifies every input against litecoind's view of what it spends, litecoind's
// testmempoolaccept accepts it, the change goes to the account's Internal address, and the
// broadcast moves the amount. The device refusing, or pulled out mid-signing, ends the withdraw
// with KDF's errors and nothing broadcast; a plain withdraw, a coin without trezor_coin and a
// merge loop are refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as bitcoin from 'bitcoinjs-lib';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { Litecoind } from '../peers/litecoind.mjs';
import { ElectrumServer } from '../peers/electrum-server.mjs';
import { TrezorTestDevice, TEST_MNEMONIC } from '../peers/trezor/device.mjs';
import { listenBridge } from '../peers/trezor/bridge.mjs';
import { WalletdProcess, cleanup, tempDir, writeConfig } from '../support/walletd-process.mjs';
import { coinsWithTrezor, heldButtons, matrixPositions, untilTask } from '../support/trezor-tasks.mjs';
import { LTC_REGTEST, checkUtxoTransaction, freshAddress, sats, startFaucet } from '../support/utxo-check.mjs';

const PIN = '3719';
const PASSPHRASE = 'walletd utxo';
const root = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC, PASSPHRASE));
const address = (purpose, chain, index, account = 0) => {
  const pubkey = Buffer.from(root.derive(`m/${purpose}'/1'/${account}'/${chain}/${index}`).publicKey);
  const pay = purpose === 84 ? bitcoin.payments.p2wpkh : bitcoin.payments.p2pkh;
  return pay({ pubkey, network: LTC_REGTEST }).address;
};

const skip = Litecoind.skipReason();
let ltc, electrum, pay, device, bridge, walletd, dir;


const until = (method, taskId, done, what) => untilTask(walletd, method, taskId, done, what);

const positions = (pin) => matrixPositions(device, pin);

async function initTrezor() {
  const init = await walletd.rpc('task::init_trezor::init', {});
  const id = init.json.result.task_id;
  await until('task::init_trezor::status', id, (s) => s.details === 'EnterTrezorPin', 'the PIN');
  await walletd.rpc('task::init_trezor::user_action', { task_id: id, user_action: { action_type: 'TrezorPin', pin: positions(PIN) } });
  await until('task::init_trezor::status', id, (s) => s.details === 'EnterTrezorPassphrase', 'the passphrase');
  await walletd.rpc('task::init_trezor::user_action', { task_id: id, user_action: { action_type: 'TrezorPassphrase', passphrase: PASSPHRASE } });
  const done = await until('task::init_trezor::status', id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(done.status, 'Ok', JSON.stringify(done));
}

before(async () => {
  if (skip) return;
  ltc = await Litecoind.start();
  electrum = await ElectrumServer.start({ ltc, pollMs: 50 });
  pay = await startFaucet(ltc);
  await pay.many([[address(44, 0, 0), sats('1')], [address(44, 0, 2), sats('2')], [address(84, 0, 0), sats('3')]]);
  await ltc.mine(1, `addr(${freshAddress('p2pkh', 99)})`);
  await electrum.synced();
  dir = tempDir('walletd-trezor-utxo-');
  device = new TrezorTestDevice({ pin: PIN, passphraseProtection: true });
  bridge = await listenBridge([{ path: '1', device }]);
  // trezor_coin "Litecoin Testnet": the firmware's coin whose P2PKH prefix, 111, is regtest's.
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'trezor utxo test iguana passphrase',
    trezor: { bridge_url: bridge.url } }), { coinsPath: coinsWithTrezor(dir, ['LTC-regtest', 'LTC-regtest-segwit'], 'Litecoin Testnet', 'LTC-regtest-plain') });
  await initTrezor();
});

after(async () => {
  await walletd?.stop();
  await bridge?.close();
  await electrum?.stop();
  await ltc?.stop();
  if (dir) cleanup(dir);
});

async function activate(ticker, extra = {}) {
  const init = await walletd.rpc('task::enable_utxo::init', { ticker, activation_params: {
    mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl }] } }, priv_key_policy: 'Trezor', ...extra } });
  assert.equal(init.status, 200, init.text);
  return until('task::enable_utxo::status', init.json.result.task_id, (s) => s.status !== 'InProgress', 'the end');
}

async function withdraw(params) {
  const init = await walletd.rpc('task::withdraw::init', params);
  assert.equal(init.status, 200, init.text);
  return init.json.result.task_id;
}

test('a coin without trezor_coin and a merge loop are refused before the device is asked', { skip }, async () => {
  const plain = await activate('LTC-regtest-plain');
  assert.equal(plain.status, 'Error');
  assert.equal(plain.details.error_type, 'CoinCreationError');
  assert.match(plain.details.error, /trezor_coin/);
  const merge = await activate('LTC-regtest', { utxo_merge_params: { merge_at: 10, check_every: 10, max_merge_at_once: 5 } });
  assert.equal(merge.status, 'Error');
  assert.match(merge.details.error, /merge/);
});

test('task::enable_utxo with the Trezor: the device\'s account, its funded addresses found', { skip }, async () => {
  const done = await activate('LTC-regtest');
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  const wallet = done.details.wallet_balance;
  assert.equal(wallet.wallet_type, 'HD');
  const found = Object.fromEntries(wallet.accounts[0].addresses.map((a) => [a.derivation_path, a]));
  assert.equal(found["m/44'/1'/0'/0/0"].address, address(44, 0, 0));
  assert.equal(found["m/44'/1'/0'/0/0"].balance['LTC-regtest'].spendable, '1');
  assert.equal(found["m/44'/1'/0'/0/2"].balance['LTC-regtest'].spendable, '2');
  assert.ok(device.log.includes('< GetPublicKey'), 'the account key came from the device');
  const keys = await walletd.rpc('get_private_keys', { coins: ['LTC-regtest'], mode: 'hd', start_index: 0, end_index: 0 });
  assert.notEqual(keys.status, 200, 'no private key of a hardware wallet exists here');
});

test('task::withdraw signs P2PKH inputs on the device; bitcoinjs-lib and litecoind accept it', { skip }, async () => {
  const press = heldButtons(device);
  const to = freshAddress('p2pkh', 41);
  const id = await withdraw({ coin: 'LTC-regtest', to, amount: '2.5' });
  const waiting = await until('task::withdraw::status', id, (s) => s.details === 'WaitingForUserToConfirmSigning', 'the button');
  assert.equal(waiting.status, 'InProgress');
  await press();  // the output
  await press();  // the fee and the signing
  const done = await until('task::withdraw::status', id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  device.buttons = 'confirm';
  const checked = await checkUtxoTransaction(done.details.tx_hex, ltc);
  assert.equal(checked.txid, done.details.tx_hash);
  const paid = checked.outputs.find((o) => o.address === to);
  assert.equal(paid.value, sats('2.5'));
  const change = checked.outputs.find((o) => o.address !== to);
  assert.equal(change.address, address(44, 1, 0), 'change to the first Internal address');
  const [accepted] = await ltc.rpc('testmempoolaccept', [[done.details.tx_hex]]);
  assert.equal(accepted.allowed, true, JSON.stringify(accepted));
  assert.ok(device.log.includes('< SignTx'));
  const sent = await walletd.rpc('send_raw_transaction', { coin: 'LTC-regtest', tx_hex: done.details.tx_hex });
  assert.equal(sent.status, 200, sent.text);
  await ltc.mine(1, `addr(${freshAddress('p2pkh', 99)})`);
  await electrum.synced();
  const received = await ltc.rpc('scantxoutset', ['start', [`addr(${to})`]]);
  assert.equal(sats(received.total_amount), sats('2.5'));
});

test('a payment to one of the wallet\'s own change addresses is shown on the device, not passed off as change', { skip }, async () => {
  const shown = () => device.buttonsPressed.filter((b) => b.startsWith('ButtonRequest_ConfirmOutput')).length;
  const before = shown();
  const own = address(44, 1, 0);  // the first withdraw's change address: known to the wallet
  const id = await withdraw({ coin: 'LTC-regtest', to: own, amount: '0.3' });
  const done = await until('task::withdraw::status', id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  assert.equal(shown(), before + 1, 'the user saw the payment');
  const checked = await checkUtxoTransaction(done.details.tx_hex, ltc);
  assert.equal(checked.outputs.find((o) => o.address === own).value, sats('0.3'));
});

test('a segwit coin: P2WPKH inputs and change signed on the device', { skip }, async () => {
  const done = await activate('LTC-regtest-segwit', { priv_key_policy: { type: 'Trezor' } });  // the SDK's form
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  const first = done.details.wallet_balance.accounts[0].addresses[0];
  assert.equal(first.address, address(84, 0, 0));
  const to = freshAddress('p2pkh', 42);
  const id = await withdraw({ coin: 'LTC-regtest-segwit', to, amount: '1.25' });
  const signed = await until('task::withdraw::status', id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(signed.status, 'Ok', JSON.stringify(signed));
  const checked = await checkUtxoTransaction(signed.details.tx_hex, ltc);
  assert.ok(bitcoin.Transaction.fromHex(signed.details.tx_hex).hasWitnesses());
  assert.equal(checked.outputs.find((o) => o.address !== to).address, address(84, 1, 0));
  const [accepted] = await ltc.rpc('testmempoolaccept', [[signed.details.tx_hex]]);
  assert.equal(accepted.allowed, true, JSON.stringify(accepted));
});

test('task::create_new_account asks the device for the new account\'s key', { skip }, async () => {
  const init = await walletd.rpc('task::create_new_account::init', { coin: 'LTC-regtest', scan: false });
  assert.equal(init.status, 200, init.text);
  const done = await until('task::create_new_account::status', init.json.result.task_id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  assert.equal(done.details.account_index, 1);
  const fresh = await walletd.rpc('get_new_address', { coin: 'LTC-regtest', account_id: 1 });
  assert.equal(fresh.status, 200, fresh.text);
  assert.equal(fresh.json.result.new_address.address, address(44, 0, 0, 1));
});

test('task::get_new_address shows the new address on the device before handing it out', { skip }, async () => {
  const shownBefore = device.log.filter((m) => m === '< GetAddress').length;
  const init = await walletd.rpc('task::get_new_address::init', { coin: 'LTC-regtest', account_id: 0 });
  assert.equal(init.status, 200, init.text);
  const done = await until('task::get_new_address::status', init.json.result.task_id, (s) => s.status !== 'InProgress', 'the end');
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  const { address: fresh, derivation_path: path } = done.details.new_address;
  assert.equal(fresh, address(44, 0, Number(path.split('/').at(-1))));
  assert.equal(device.log.filter((m) => m === '< GetAddress').length, shownBefore + 1);
});

test('refused on the device, pulled out mid-signing, or a plain withdraw: clear errors, nothing broadcast', { skip }, async () => {
  const before = (await ltc.rpc('getrawmempool')).length;
  device.buttons = 'refuse';
  const refused = await withdraw({ coin: 'LTC-regtest', to: freshAddress('p2pkh', 43), amount: '0.1', broadcast: true });
  const failed = await until('task::withdraw::status', refused, (s) => s.status === 'Error', 'the refusal');
  assert.equal(failed.details.error_type, 'InternalError');
  assert.match(failed.details.error, /cancelled/i);
  device.buttons = () => new Promise(() => {});  // the user never presses
  const pulled = await withdraw({ coin: 'LTC-regtest', to: freshAddress('p2pkh', 43), amount: '0.1', broadcast: true });
  await until('task::withdraw::status', pulled, (s) => s.details === 'WaitingForUserToConfirmSigning', 'the button');
  bridge.disconnect('1');
  const gone = await until('task::withdraw::status', pulled, (s) => s.status === 'Error', 'the error');
  assert.equal(gone.details.error_type, 'HwError');
  assert.equal(gone.details.error_data, 'NoTrezorDeviceAvailable');
  const plain = await walletd.rpc('withdraw', { coin: 'LTC-regtest', to: freshAddress('p2pkh', 43), amount: '0.1' });
  assert.equal(plain.json.error_type, 'UnsupportedError', plain.text);
  assert.equal((await ltc.rpc('getrawmempool')).length, before);
});
