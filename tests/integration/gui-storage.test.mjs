// KDF's gui_storage test sequences over HTTP against the real daemon, plus persistence across a
// restart.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

const HW = { type: 'hw', device_pubkey: '1549128bbfb33b997949b4105b6a6371c998e212' };
let dir, config, w;
before(async () => {
  dir = tempDir();
  config = writeConfig(dir);
  w = await WalletdProcess.start(config);
});
after(async () => {
  await w.stop();
  cleanup(dir);
});

const ok = async (method, params) => {
  const r = await w.rpc(method, params);
  assert.equal(r.status, 200, `${method}: ${r.text}`);
  return r.json.result;
};

test('test_gui_storage_accounts_functionality', async () => {
  assert.equal(await ok('gui_storage::enable_account', { policy: 'new', account_id: { type: 'iguana' }, name: 'My Iguana wallet' }), 'success');
  await ok('gui_storage::add_account', { account_id: HW, description: 'Any description', name: 'My HW' });
  await ok('gui_storage::add_account', { account_id: { type: 'hd', account_idx: 1 }, name: 'An HD account' });
  await ok('gui_storage::delete_account', { account_id: { type: 'hd', account_idx: 1 } });
  await ok('gui_storage::set_account_balance', { account_id: HW, balance_usd: '123.567' });
  await ok('gui_storage::set_account_name', { account_id: { type: 'iguana' }, name: 'New Iguana account name' });
  await ok('gui_storage::set_account_description', { account_id: { type: 'iguana' }, description: 'Another description' });
  assert.deepEqual(await ok('gui_storage::get_accounts'), [
    { account_id: { type: 'iguana' }, name: 'New Iguana account name', description: 'Another description', balance_usd: '0', enabled: true },
    { account_id: HW, name: 'My HW', description: 'Any description', balance_usd: '123.567', enabled: false },
  ]);
});

test('test_gui_storage_coins_functionality', async () => {
  await ok('gui_storage::activate_coins', { account_id: { type: 'iguana' }, tickers: ['RICK', 'MORTY', 'KMD'] });
  await ok('gui_storage::activate_coins', { account_id: HW, tickers: ['KMD', 'MORTY', 'BCH'] });
  await ok('gui_storage::deactivate_coins', { account_id: HW, tickers: ['BTC', 'MORTY'] });
  const enabled = await ok('gui_storage::get_enabled_account');
  assert.deepEqual(enabled.coins, ['KMD', 'MORTY', 'RICK']);
  assert.deepEqual(await ok('gui_storage::get_account_coins', { account_id: HW }), { account_id: HW, coins: ['BCH', 'KMD'] });
});

test('errors over HTTP carry their status', async () => {
  const exists = await w.rpc('gui_storage::add_account', { account_id: HW, name: 'again' });
  assert.equal(exists.status, 400);
  assert.equal(exists.json.error_type, 'AccountExistsAlready');
  const long = await w.rpc('gui_storage::set_account_description', { account_id: HW, description: 'd'.repeat(601) });
  assert.equal(long.json.error_type, 'DescriptionTooLong');
  assert.deepEqual(long.json.error_data, { max_len: 600 });
});

test('everything survives a restart', async () => {
  const before = (await w.rpc('gui_storage::get_accounts')).text;
  await w.stop();
  w = await WalletdProcess.start(config);
  assert.equal((await w.rpc('gui_storage::get_accounts')).text, before);
});
