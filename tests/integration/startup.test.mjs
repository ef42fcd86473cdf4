// Start-up: configuration errors are one clear line and exit code 1; --help lists the method table;
// SIGTERM and the stop method end the daemon cleanly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WalletdProcess, runWalletd, tempDir, writeConfig, cleanup, repoRoot } from '../support/walletd-process.mjs';

const coins = join(repoRoot, 'config/coins.json');

test('bad configurations exit 1 with one line naming the problem', async () => {
  const dir = tempDir();
  const cases = [
    [{ rpcport: 80 }, /rpcport < 1024/],
    [{ rpc_password: 'Qz7' }, /password policy/],
    [{ rpc_password: '' }, /rpc_password must not be empty/],
    [{ rpc_password: 12 }, /rpc_password must be string/],
    [{ rpcport: 'abc' }, /rpcport must be a number/],
  ];
  for (const [conf, pattern] of cases) {
    const path = join(dir, 'bad.json');
    writeFileSync(path, JSON.stringify({ dbdir: join(dir, 'db'), ...conf }));
    const r = await runWalletd(['--config', path, '--coins', coins]);
    assert.equal(r.code, 1, JSON.stringify(conf));
    assert.match(r.stderr, pattern);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.ok(!r.stderr.includes('Qz7'), 'the password is never echoed');
  }
  writeFileSync(join(dir, 'broken.json'), '{');
  assert.equal((await runWalletd(['--config', join(dir, 'broken.json'), '--coins', coins])).code, 1);
  assert.match((await runWalletd(['--config', join(dir, 'missing.json'), '--coins', coins])).stderr, /cannot read the configuration file/);
  assert.equal((await runWalletd(['--bogus'])).code, 1);
  const env = await runWalletd([], { env: { MM_CONF_PATH: join(dir, 'nope.json') } });
  assert.match(env.stderr, /nope\.json/);
  cleanup(dir);
});

test('the real KDF coins file (tests/data) is accepted unchanged by the daemon', async () => {
  const dir = tempDir();
  const w = await WalletdProcess.start(writeConfig(dir), { coinsPath: join(repoRoot, 'tests', 'data', 'kdf-coins.json') });
  assert.equal((await w.post({ mmrpc: '2.0', method: 'version' })).status, 200);
  await w.stop();
  cleanup(dir);
});

test('a coins file with malformed entries: the daemon starts (one warning each), the other coins answer', async () => {
  const dir = tempDir();
  const entries = JSON.parse(readFileSync(coins, 'utf8'));
  const path = join(dir, 'coins.json');
  writeFileSync(path, JSON.stringify([{ name: 'no ticker' }, 'not an object',
    { coin: 'BROKEN', protocol: { protocol_data: {} } }, ...entries]));
  const w = await WalletdProcess.start(writeConfig(dir, { passphrase: 'malformed coins test' }), { coinsPath: path });
  const warnings = w.stderr.trim().split('\n').filter((l) => l.includes('coins file'));
  assert.deepEqual(warnings, [
    'walletd: warning: coins file: coins[0] has no `coin` ticker: skipped',
    'walletd: warning: coins file: coins[1] is not an object: skipped',
    'walletd: warning: coins file: coins[2] (BROKEN) protocol: missing field `type`: activating it will fail']);
  const broken = await w.rpc('enable_eth_with_tokens', { ticker: 'BROKEN', nodes: [] });
  assert.equal(broken.json.error_type, 'CoinProtocolParseError', broken.text);
  assert.deepEqual(broken.json.error_data, { ticker: 'BROKEN', error: 'protocol: missing field `type`' });
  const task = await w.rpc('task::enable_utxo::init', { ticker: 'BROKEN', activation_params: { mode: { rpc: 'Native' } } });
  assert.equal(task.json.error_type, 'CoinProtocolParseError', task.text);
  // Every other coin is there as before.
  const valid = await w.rpc('validateaddress', { coin: 'BTC', address: '1DWZWURWrdJnuZBqQgv3THfmhbxWgJuFex' });
  assert.deepEqual(valid.json.result, { is_valid: true });
  const keys = await w.rpc('get_private_keys', { coins: ['ETH', 'LTC'], mode: 'iguana' });
  assert.equal(keys.json.result.length, 2, keys.text);
  await w.stop();
  cleanup(dir);
});

test('--help lists every method of the table', async () => {
  const r = await runWalletd(['--help']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /\n  electrum \[legacy form only\]/);
  assert.match(r.stdout, /\n  enable \[legacy form only\]/);
  assert.match(r.stdout, /\n  withdraw \[legacy form too\]/);
  for (const m of ['version', 'stop', 'get_enabled_coins', 'stream::heartbeat::enable', 'stream::disable',
    'gui_storage::enable_account', 'gui_storage::add_account', 'gui_storage::delete_account',
    'gui_storage::set_account_name', 'gui_storage::set_account_description', 'gui_storage::set_account_balance',
    'gui_storage::activate_coins', 'gui_storage::deactivate_coins', 'gui_storage::get_accounts',
    'gui_storage::get_enabled_account', 'gui_storage::get_account_coins']) {
    assert.ok(r.stdout.includes(`  ${m}`), m);
  }
});

test('SIGTERM and the stop method stop the daemon with exit code 0', async () => {
  const dir = tempDir();
  const config = writeConfig(dir);
  let w = await WalletdProcess.start(config);
  assert.deepEqual(await w.stop(), { code: 0, signal: null });
  w = await WalletdProcess.start(config);
  const r = await w.rpc('stop');
  assert.equal(r.json.result, 'success');
  const timer = setTimeout(() => w.child.kill('SIGKILL'), 5000);
  assert.deepEqual(await w.exited, { code: 0, signal: null });
  clearTimeout(timer);
  cleanup(dir);
});

test('--demo answers at once on the embedded configuration and coins', async () => {
  const w = await WalletdProcess.startWithArgs(['--demo', '--rpcport', '0']);
  try {
    const accounts = await w.post({ mmrpc: '2.0', method: 'gui_storage::get_accounts', userpass: 'walletd-Demo-1' });
    assert.deepEqual(accounts.json.result, []);
    const sse = await fetch(`${w.url}/event-stream?id=0`, { signal: AbortSignal.timeout(2000) });
    assert.equal(sse.status, 200, 'the demo enables event streaming');
    await sse.body.cancel();
    const keys = await w.post({ mmrpc: '2.0', method: 'get_private_keys', userpass: 'walletd-Demo-1',
      params: { coins: ['ETH'], start_index: 0, end_index: 0 } });
    assert.equal(keys.json.result[0].addresses[0].address, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', 'the demo opens the BIP39 test wallet');
  } finally {
    await w.stop();
  }
});
