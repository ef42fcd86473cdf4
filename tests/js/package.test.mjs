// The npm package (wasm core + IndexedDB via fake-indexeddb) against the real daemon: the same
// request sequence gives byte-identical bodies and the same statuses; IndexedDB keeps the data
// across module instances; the in-process event stream delivers SSE frames.
import 'fake-indexeddb/auto';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createWalletd, IndexedDbStorage } from '../support/walletd-package.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, repoRoot, PASSWORD } from '../support/walletd-process.mjs';

const HW = { type: 'hw', device_pubkey: '1549128bbfb33b997949b4105b6a6371c998e212' };
const coins = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');
const config = { rpc_password: PASSWORD, event_streaming_configuration: {} };
const v2 = (method, params, id) => ({ mmrpc: '2.0', userpass: PASSWORD, method, ...(params ? { params } : {}), ...(id ? { id } : {}) });

const SEQUENCE = [
  { mmrpc: '2.0', method: 'version' },
  { method: 'version' },
  v2('gui_storage::get_enabled_account', undefined, 1),
  v2('gui_storage::enable_account', { policy: 'new', account_id: { type: 'iguana' }, name: 'My Iguana wallet' }),
  v2('gui_storage::add_account', { account_id: HW, description: 'Any description', name: 'My HW' }),
  v2('gui_storage::add_account', { account_id: { type: 'hd', account_idx: 1 }, name: 'An HD account' }),
  v2('gui_storage::delete_account', { account_id: { type: 'hd', account_idx: 1 } }),
  v2('gui_storage::set_account_balance', { account_id: HW, balance_usd: '123.567' }),
  v2('gui_storage::set_account_name', { account_id: { type: 'iguana' }, name: 'New Iguana account name' }),
  v2('gui_storage::set_account_description', { account_id: { type: 'iguana' }, description: 'Another description' }),
  v2('gui_storage::get_accounts', undefined, 7),
  v2('gui_storage::activate_coins', { account_id: { type: 'iguana' }, tickers: ['RICK', 'MORTY', 'KMD'] }),
  v2('gui_storage::activate_coins', { account_id: HW, tickers: ['KMD', 'MORTY', 'BCH'] }),
  v2('gui_storage::deactivate_coins', { account_id: HW, tickers: ['BTC', 'MORTY'] }),
  v2('gui_storage::get_enabled_account'),
  v2('gui_storage::get_account_coins', { account_id: HW }),
  v2('gui_storage::add_account', { account_id: HW, name: 'dup' }),
  v2('gui_storage::set_account_name', { account_id: { type: 'iguana' }, name: 'n'.repeat(256) }),
  v2('gui_storage::add_account', { account_id: { type: 'hd' }, name: 'x' }),
  { mmrpc: '2.0', method: 'gui_storage::get_accounts', userpass: 'wrong' },
  { mmrpc: '2.0', method: 'gui_storage::get_accounts' },
  v2('no_such_method'),
  { mmrpc: '1.0', method: 'version' },
  [v2('get_enabled_coins'), { method: 'get_enabled_coins', userpass: PASSWORD }],
  '{"broken": ',
  v2('validateaddress', { coin: 'ETH', address: '0x6B06d67C539B101180aC03b61ba7F7f3158CE54d' }),
  { method: 'validateaddress', userpass: PASSWORD, coin: 'BTC', address: 'bc1q4cn6qhvuajkdfhk3fzuup07ktrepcukc8hv0C8' },
  v2('convertaddress', { coin: 'BCH', from: '1DmFp16U73RrVZtYUbo2Ectt8mAnYScpqM', to_address_format: { format: 'cashaddress' } }),
  v2('convertaddress', { coin: 'BCH', from: 'not-an-address', to_address_format: { format: 'standard' } }),
  v2('get_private_keys', { coins: ['BTC'], mode: 'iguana', start_index: 1 }),
  v2('get_private_keys', { coins: ['BTC'] }),
  v2('get_public_key'),
];

let dir, daemon, wasm;
before(async () => {
  dir = tempDir();
  daemon = await WalletdProcess.start(writeConfig(dir));
  wasm = await createWalletd({ config, coins, storage: new IndexedDbStorage('walletd-identical') });
});
after(async () => {
  await daemon.stop();
  cleanup(dir);
});

test('the wasm package answers byte-identically to the daemon', async () => {
  for (const request of SEQUENCE) {
    const body = typeof request === 'string' ? request : JSON.stringify(request);
    const fromDaemon = await daemon.post(body);
    const fromWasm = await wasm.request(body);
    assert.equal(fromWasm.body, fromDaemon.text, `body of ${body}`);
    assert.equal(fromWasm.status, fromDaemon.status, `status of ${body}`);
  }
});

test('IndexedDB keeps the accounts for a new module instance', async () => {
  const storage = new IndexedDbStorage('walletd-persist');
  const first = await createWalletd({ config, coins, storage });
  await first.handle(v2('gui_storage::enable_account', { policy: 'new', account_id: { type: 'hd', account_idx: 4 }, name: 'kept' }));
  const second = await createWalletd({ config, coins, storage: new IndexedDbStorage('walletd-persist') });
  const enabled = JSON.parse(await second.handle(v2('gui_storage::get_enabled_account')));
  assert.equal(enabled.result.name, 'kept');
  assert.deepEqual(enabled.result.account_id, { type: 'hd', account_idx: 4 });
});

test('event streams deliver the same SSE frames in-process', async () => {
  const frames = [];
  const close = wasm.openEventStream(3, (f) => frames.push(f));
  assert.throws(() => wasm.openEventStream(3, () => {}), /ID already in use/);
  const enable = JSON.parse(await wasm.handle(v2('stream::heartbeat::enable', { client_id: 3, config: { stream_interval_seconds: 0.05 } })));
  assert.deepEqual(enable.result, { streamer_id: 'HEARTBEAT' });
  const deadline = Date.now() + 5000;
  while (frames.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  assert.ok(frames.length >= 3, `${frames.length} frames`);
  assert.equal(frames[0], 'id: 1\ndata: {"_type":"HEARTBEAT","message":{}} \n\n');
  close();
  await wasm.handle(v2('stream::disable', { client_id: 3, streamer_id: 'HEARTBEAT' }));
});

test('bad init input is a clear error', async () => {
  await assert.rejects(createWalletd({ config: { rpc_password: 'short' }, coins, storage: new IndexedDbStorage('x') }), /password policy/);
  await assert.rejects(createWalletd({ config, coins: '{}', storage: new IndexedDbStorage('y') }), /JSON array/);
});
