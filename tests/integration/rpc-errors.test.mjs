// Every dispatcher path over real HTTP: status codes, envelopes, legacy form, CORS, limits.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD } from '../support/walletd-process.mjs';

let dir, w;
before(async () => {
  dir = tempDir();
  w = await WalletdProcess.start(writeConfig(dir, { rpccors: 'http://wallet.example' }));
});
after(async () => {
  await w.stop();
  cleanup(dir);
});

const expectError = async (body, status, type) => {
  const r = await w.post(body);
  assert.equal(r.status, status, r.text);
  assert.equal(r.json.mmrpc, '2.0');
  assert.equal(r.json.error_type, type, r.text);
  assert.deepEqual(Object.keys(r.json).filter((k) => k !== 'error_data'), ['mmrpc', 'error', 'error_path', 'error_trace', 'error_type', 'id']);
  assert.match(r.json.error_trace, /^[a-z_]+:\d+\]/);
  return r.json;
};

test('version is public and answered in both forms', async () => {
  const v2 = await w.post({ mmrpc: '2.0', method: 'version', id: 42 });
  assert.equal(v2.status, 200);
  assert.deepEqual(Object.keys(v2.json), ['mmrpc', 'result', 'id']);
  assert.equal(v2.json.id, 42);
  assert.deepEqual(Object.keys(v2.json.result), ['result', 'datetime']);
  const legacy = await w.post({ method: 'version' });
  assert.deepEqual(legacy.json, v2.json.result);
});

test('auth errors: UserpassIsNotSet and UserpassIsInvalid with NbAttemptsLeft', async () => {
  const notSet = await expectError({ mmrpc: '2.0', method: 'get_enabled_coins' }, 403, 'UserpassIsNotSet');
  assert.equal('error_data' in notSet, false);
  const bad = await expectError({ mmrpc: '2.0', method: 'get_enabled_coins', userpass: 'nope', id: 3 }, 403, 'UserpassIsInvalid');
  assert.deepEqual(bad.error_data, { error_type: 'NbAttemptsLeft', error_data: 9 });
  assert.equal(bad.id, 3);
  const ok = await w.rpc('get_enabled_coins');
  assert.deepEqual(ok.json.result, { coins: [] });
});

test('NoSuchMethod, InvalidMmRpcVersion, InvalidRequest for shape errors', async () => {
  await expectError({ mmrpc: '2.0', method: 'no::such', userpass: PASSWORD }, 400, 'NoSuchMethod');
  const v = await expectError({ mmrpc: '1.0', method: 'version', id: 5 }, 400, 'InvalidMmRpcVersion');
  assert.equal(v.id, 5);
  const unknown = await expectError({ mmrpc: '2.0', method: 'version', extra: 1 }, 400, 'InvalidRequest');
  assert.match(unknown.error_data, /unknown field `extra`/);
  await expectError({ mmrpc: '2.0', userpass: PASSWORD }, 400, 'InvalidRequest');
  const id = await expectError({ mmrpc: '2.0', method: 'version', id: 'x' }, 400, 'InvalidRequest');
  assert.equal(id.id, null);
  const params = await expectError({ mmrpc: '2.0', method: 'gui_storage::add_account', userpass: PASSWORD, params: { account_id: { type: 'iguana' }, name: 5 } }, 400, 'InvalidRequest');
  assert.match(params.error_data, /params\.name/);
});

test('legacy form: auth failures are HTTP 500 {error}, v2-only methods fall back to v2', async () => {
  const r = await w.post({ method: 'get_enabled_coins' });
  assert.equal(r.status, 500);
  assert.match(r.json.error, /Userpass is not set!/);
  const wrong = await w.post({ method: 'get_enabled_coins', userpass: 'bad' });
  assert.equal(wrong.status, 500);
  const coins = await w.post({ method: 'get_enabled_coins', userpass: PASSWORD });
  assert.deepEqual(coins.json, { result: [] });
  const fallback = await w.post({ method: 'gui_storage::get_accounts', userpass: PASSWORD });
  assert.equal(fallback.status, 200);
  assert.equal(fallback.json.mmrpc, '2.0');
});

test('HTTP layer: non-POST, bad JSON, depth, size, batch, CORS', async () => {
  const get = await fetch(w.url + '/');
  assert.equal(get.status, 500);
  assert.match(await get.text(), /Only POST requests are supported!/);
  const badJson = await w.post('{"mmrpc":');
  assert.equal(badJson.status, 500);
  assert.ok(badJson.json.error);
  const deep = await w.post('['.repeat(65) + ']'.repeat(65));
  assert.equal(deep.status, 500);
  assert.match(deep.json.error, /deeper than 64/);
  const big = await w.post(' '.repeat(1024 * 1024 + 10));
  assert.equal(big.status, 413);
  const huge = await w.post(' '.repeat(3 * 1024 * 1024));
  assert.equal(huge.status, 413);
  const batch = await w.post([{ mmrpc: '2.0', method: 'version', id: 1 }, { method: 'version' }]);
  assert.equal(batch.status, 200);
  assert.equal(batch.json.length, 2);
  assert.equal(batch.json[0].id, 1);
  const tooMany = await w.post(Array.from({ length: 101 }, () => ({ mmrpc: '2.0', method: 'version' })));
  assert.equal(tooMany.status, 400);
  assert.equal(batch.headers.get('access-control-allow-origin'), 'http://wallet.example');
  const pre = await fetch(w.url + '/', { method: 'OPTIONS' });
  assert.equal(pre.status, 200);
  assert.equal(pre.headers.get('access-control-allow-methods'), 'POST, OPTIONS');
  assert.equal(pre.headers.get('access-control-allow-headers'), 'Content-Type');
  assert.equal(pre.headers.get('access-control-max-age'), '3600');
});

test('loopback is rate-limited, never banned; the right password is not delayed', async () => {
  const wrong = () => w.post({ mmrpc: '2.0', method: 'get_enabled_coins', userpass: 'wrong' });
  for (let i = 0; i < 10; i++) await wrong(); // the burst
  const started = Date.now();
  const slow = await Promise.all(Array.from({ length: 5 }, wrong));
  assert.ok(slow.every((r) => r.json.error_type === 'UserpassIsInvalid'));
  assert.deepEqual(slow[0].json.error_data, { error_type: 'NbAttemptsLeft', error_data: 0 });
  assert.ok(Date.now() - started >= 900, 'past the burst, 5 wrong passwords in parallel take a second');
  const ok = await w.rpc('get_enabled_coins');
  assert.equal(ok.status, 200, 'the right password still works');
});
