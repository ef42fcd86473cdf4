// KDF's documented requests for the wallet methods that need no peer (komodo-docs-mdx,
// api/v20/utils/get_public_key, get_public_key_hash, get_enabled_coins and
// api/v20/wallet/gui_storage/*), sent verbatim except for `userpass`; the answers must have the
// documented shape. One documented example is not a valid request for KDF itself
// (gui_storage::add_account with a string account_id, where KDF's AccountId is an object): walletd
// refuses it as KDF's parser does, with InvalidRequest.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD } from '../support/walletd-process.mjs';

let walletd, dir;
before(async () => {
  dir = tempDir();
  walletd = await WalletdProcess.start(writeConfig(dir, {
    passphrase: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about' }));
});
after(async () => {
  await walletd?.stop();
  if (dir) cleanup(dir);
});

const send = (documented) => walletd.post({ ...documented, userpass: PASSWORD });

// Key sets and JSON types of a value.
function shape(value) {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value === null || typeof value !== 'object') return typeof value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
}

test('documented examples: get_public_key, get_public_key_hash, get_enabled_coins', async () => {
  const key = await send({ userpass: 'RPC_UserP@SSW0RD', mmrpc: '2.0', method: 'get_public_key', params: {}, id: 0 });
  assert.equal(key.status, 200, key.text);
  assert.deepEqual(shape(key.json), shape({ mmrpc: '2.0', result: { public_key: '0366d28a7926fb20287132692c4cef7bc7e00e76da064948676f8549c0ed7114d3' }, id: 0 }));
  assert.match(key.json.result.public_key, /^0[23][0-9a-f]{64}$/);

  const hash = await send({ userpass: 'RPC_UserP@SSW0RD', mmrpc: '2.0', method: 'get_public_key_hash', params: {}, id: 0 });
  assert.equal(hash.status, 200, hash.text);
  assert.deepEqual(shape(hash.json), shape({ mmrpc: '2.0', result: { public_key_hash: '05aab5342166f8594baf17a7d9bef5d567443327' }, id: 0 }));
  assert.match(hash.json.result.public_key_hash, /^[0-9a-f]{40}$/);

  const coins = await send({ userpass: 'RPC_UserP@SSW0RD', mmrpc: '2.0', method: 'get_enabled_coins', params: {}, id: 0 });
  assert.equal(coins.status, 200, coins.text);
  assert.deepEqual(coins.json, { mmrpc: '2.0', result: { coins: [] }, id: 0 });
});

test('documented examples: gui_storage::enable_account (new, existing) and get_accounts', async () => {
  const created = await send({ mmrpc: '2.0', method: 'gui_storage::enable_account', params: { policy: 'new',
    account_id: { type: 'hd', account_idx: 0 }, name: 'HD-0', description: 'Hardware HD account', balance_usd: '0' },
  id: 2, userpass: 'RPC_UserP@SSW0RD' });
  assert.deepEqual(created.json, { mmrpc: '2.0', result: 'success', id: 2 });
  const iguana = await walletd.rpc('gui_storage::add_account', { account_id: { type: 'iguana' }, name: 'Default Account',
    description: 'Legacy Iguana seed', balance_usd: '123.45' });
  assert.equal(iguana.json.result, 'success');
  const existing = await send({ mmrpc: '2.0', method: 'gui_storage::enable_account',
    params: { policy: 'existing', account_id: { type: 'iguana' } }, id: 1, userpass: 'RPC_UserP@SSW0RD' });
  assert.deepEqual(existing.json, { mmrpc: '2.0', result: 'success', id: 1 });

  const listed = await send({ mmrpc: '2.0', method: 'gui_storage::get_accounts', params: {}, id: 11, userpass: 'RPC_UserP@SSW0RD' });
  const documented = { mmrpc: '2.0', result: [
    { account_id: { type: 'iguana' }, name: 'Default Account', description: 'Legacy Iguana seed', balance_usd: '123.45', enabled: true },
    { account_id: { type: 'hd', account_idx: 0 }, name: 'HD-0', description: 'First HD wallet', balance_usd: '0', enabled: false },
  ], id: 11 };
  assert.deepEqual(shape(listed.json), shape(documented));
  const byName = Object.fromEntries(listed.json.result.map((a) => [a.name, a]));
  assert.equal(byName['Default Account'].enabled, true);
  assert.deepEqual(byName['HD-0'].account_id, { type: 'hd', account_idx: 0 });
  assert.equal(byName['HD-0'].enabled, false);
});

test('the documented add_account example (a string account_id) is refused as KDF refuses it', async () => {
  const res = await send({ mmrpc: '2.0', method: 'gui_storage::add_account', params: { account_id: 'wallet-1',
    name: 'My Primary Wallet', description: 'Main account for trading', balance_usd: '0' }, id: 1, userpass: 'RPC_UserP@SSW0RD' });
  assert.equal(res.status, 400);
  assert.equal(res.json.error_type, 'InvalidRequest');
  assert.equal(res.json.id, 1);
});
