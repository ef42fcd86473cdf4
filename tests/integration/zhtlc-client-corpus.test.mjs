// KDF's clients' ZHTLC requests (tests/clients/corpus/zhtlc.json: KDF's test helpers, its docs,
// the Flutter SDK, the desktop GUI; each entry names its source) sent to the real walletd with an
// HD wallet (as the SDK opens) against the lightwalletd and Electrum test peers. "ok" entries must activate
// for real — the task ends Ok with the balance the chain's ledger gives the HD account's address;
// "accepted" entries must get past parsing (a result, or an error about the wallet or the peers);
// refusals must carry KDF's error type.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bech32 } from '@scure/base';
import { SaplingChain, arrrCheckpoint } from '../peers/sapling-chain.mjs';
import { startLightwalletd } from '../peers/lightwalletd.mjs';
import { startSaplingElectrum } from '../peers/sapling-node.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, repoRoot, PASSWORD } from '../support/walletd-process.mjs';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const entries = JSON.parse(readFileSync(join(repoRoot, 'tests/clients/corpus/zhtlc.json'), 'utf8'));
const coins = JSON.parse(readFileSync(join(repoRoot, 'config/coins.json'), 'utf8'));
const SHAPE_ERRORS = new Set(['InvalidRequest', 'NoSuchMethod', 'InvalidMmRpcVersion']);
const LEGACY_SHAPE = /unknown field|missing field|invalid type|unknown variant/;
let chain, peer, electrum, walletd, dir, values, lastTaskId = 0;

before(async () => {
  chain = new SaplingChain({ base: arrrCheckpoint(coins) });
  peer = await startLightwalletd(chain);
  electrum = await startSaplingElectrum(chain);
  dir = tempDir('walletd-zhtlc-corpus-');
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: MNEMONIC, enable_hd: true }));
  const keys = await walletd.rpc('get_private_keys', { coins: ['ARRR'], mode: 'hd', start_index: 0, end_index: 0, account_index: 0 });
  assert.equal(keys.status, 200, keys.text);
  const row = keys.json.result[0].addresses[0];
  const { words } = bech32.decode(row.viewing_key, 1000);
  chain.watch(row.address, Uint8Array.from(bech32.fromWords(words)).slice(73, 105));
  // A day of blocks (1440 at ARRR's 60 s) after the checkpoint, so that the clients' default start
  // (one day below the tip) is on this chain; the payment is in the last blocks.
  chain.mine(1500);
  chain.send({ outputs: [{ to: row.address, value: 12_345_000 }, { to: 'other', value: 5 }] });
  chain.mine(4);
  values = { USERPASS: PASSWORD, ZHTLC: 'ARRR', ELECTRUM: electrum.tcpUrl, LIGHTWALLETD: peer.grpcUrl,
    SYNC_HEIGHT: 1901000, SYNC_DATE: Math.floor(Date.now() / 1000) - 3600 };
});

after(async () => {
  await walletd?.stop();
  await peer?.close();
  await electrum?.stop();
  if (dir) cleanup(dir);
});

function substitute(value) {
  if (typeof value === 'string') {
    const whole = value.match(/^\$\{([A-Z0-9_]+)\}$/);
    if (whole && whole[1] === 'TASK_ID') return lastTaskId;
    if (whole) return values[whole[1]];
    return value.replace(/\$\{([A-Z0-9_]+)\}/g, (_, name) => String(values[name]));
  }
  if (Array.isArray(value)) return value.map(substitute);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v)]));
  return value;
}

function shapeRefusal(res) {
  if (res.json === undefined) return `not JSON: ${res.text.slice(0, 200)}`;
  if (res.json.error_type && SHAPE_ERRORS.has(res.json.error_type)) return `${res.json.error_type}: ${res.json.error}`;
  if (!res.json.mmrpc && typeof res.json.error === 'string' && LEGACY_SHAPE.test(res.json.error)) return res.json.error;
  return undefined;
}

for (const [index, entry] of entries.entries()) {
  const method = entry.request.method;
  test(`zhtlc.json#${index} ${method} — ${entry.source.path.split('/').pop()} ${entry.source.function}`, async (t) => {
    const body = substitute(entry.request);
    if (method === 'task::enable_z_coin::init') await walletd.rpc('disable_coin', { coin: 'ARRR' });
    const res = await walletd.post(body);
    if (entry.expect !== 'accepted' && entry.expect !== 'ok') {
      assert.equal(res.json?.error_type, entry.expect.error_type, res.text.slice(0, 400));
      return;
    }
    assert.equal(shapeRefusal(res), undefined, `refused as a request shape (HTTP ${res.status}): ${res.text.slice(0, 400)}`);
    if (res.status !== 200) t.diagnostic(`HTTP ${res.status} ${res.json?.error_type ?? ''}: ${String(res.json?.error ?? res.text).slice(0, 160)}`);
    if (method !== 'task::enable_z_coin::init' || res.json?.result?.task_id === undefined) return;
    lastTaskId = res.json.result.task_id;
    const done = await walletd.waitTask('enable_z_coin', lastTaskId, 60000);
    if (entry.expect === 'ok') {
      assert.equal(done.status, 'Ok', JSON.stringify(done));
      assert.equal(Math.round(Number(done.details.wallet_balance.balance.spendable) * 1e8), chain.ledger().balance);
    } else if (done.status !== 'Ok') {
      t.diagnostic(`task ${done.status}: ${JSON.stringify(done.details).slice(0, 200)}`);
    }
  });
}
