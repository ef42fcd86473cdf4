// The npm package (wasm core; gRPC-web through fetch with binary bodies) activates a ZHTLC coin
// against the lightwalletd test peer and answers exactly what the daemon (gRPC over HTTP/2 to
// the same peer) answers for the same wallet and chain: the activation's result (the balance
// from trial decryption, first_sync_block, current_block from the Electrum test server over the
// same chain: WebSocket for the package, TCP for the daemon) and my_balance.
import 'fake-indexeddb/auto';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bech32 } from '@scure/base';
import { createWalletd, IndexedDbStorage } from '../support/walletd-package.mjs';
import { SaplingChain, arrrCheckpoint } from '../peers/sapling-chain.mjs';
import WebSocket from 'ws';
import { startLightwalletd } from '../peers/lightwalletd.mjs';
import { startSaplingElectrum } from '../peers/sapling-node.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, repoRoot, PASSWORD } from '../support/walletd-process.mjs';

const PASSPHRASE = 'zhtlc package test seed';
const coinsText = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');
const v2 = (method, params) => ({ mmrpc: '2.0', userpass: PASSWORD, method, params });
let chain, peer, electrum, wasm, daemon, dir, me;

const wasmCall = async (method, params) => {
  const answer = await wasm.request(v2(method, params));
  return { status: answer.status, json: JSON.parse(answer.body), text: answer.body };
};

/** Activates through `call`; the daemon speaks gRPC over HTTP/2, the package gRPC-web. */
async function activate(call, lightwalletd, electrumServer) {
  const init = await call('task::enable_z_coin::init', { ticker: 'ARRR', activation_params: {
    mode: { rpc: 'Light', rpc_data: { electrum_servers: [electrumServer], light_wallet_d_servers: [lightwalletd], sync_params: { height: 1900000 } } },
    scan_blocks_per_iteration: 4 } });
  assert.equal(init.status, 200, init.text);
  for (let i = 0; i < 2000; i++) {
    const res = await call('task::enable_z_coin::status', { task_id: init.json.result.task_id });
    if (res.json.result.status !== 'InProgress') return res.json.result;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('activation did not finish');
}

before(async () => {
  chain = new SaplingChain({ base: arrrCheckpoint(JSON.parse(coinsText)) });
  peer = await startLightwalletd(chain);
  electrum = await startSaplingElectrum(chain);
  dir = tempDir();
  daemon = await WalletdProcess.start(writeConfig(dir, { passphrase: PASSPHRASE }));
  wasm = await createWalletd({ config: { rpc_password: PASSWORD, passphrase: PASSPHRASE }, coins: coinsText,
    storage: new IndexedDbStorage('walletd-zhtlc'), WebSocket });
  const keys = await daemon.rpc('get_private_keys', { coins: ['ARRR'], mode: 'iguana' });
  me = keys.json.result[0];
  const { words } = bech32.decode(me.viewing_key, 1000);
  chain.watch(me.address, Uint8Array.from(bech32.fromWords(words)).slice(73, 105));
  chain.send({ outputs: [{ to: me.address, value: 70_000_000 }, { to: 'other', value: 3 }] });
  chain.mine(3);
  chain.send({ outputs: [{ to: me.address, value: 1_234_567 }] });
  chain.mine(2);
  chain.spendWalletNotes(1);
  chain.mine(1);
  await electrum.synced();
});

after(async () => {
  await wasm?.dispose?.();
  await daemon?.stop();
  await peer?.close();
  await electrum?.stop();
  if (dir) cleanup(dir);
});

test('the package and the daemon activate the same ZHTLC wallet with the same answer', async () => {
  const fromWasm = await activate(wasmCall, peer.url, { url: electrum.wsUrl.replace('ws://', ''), protocol: 'WS' });
  const fromDaemon = await activate((m, p) => daemon.rpc(m, p), peer.grpcUrl, { url: electrum.tcpUrl });
  assert.deepEqual(new Set(peer.calls.log.map((c) => c.via)), new Set(['grpc', 'grpc-web']));
  assert.equal(fromWasm.status, 'Ok', JSON.stringify(fromWasm));
  assert.deepEqual(fromWasm, fromDaemon);
  assert.equal(fromWasm.details.wallet_balance.balance.spendable, '0.01234567');
  assert.equal(fromWasm.details.current_block, chain.tipHeight());
  assert.equal(chain.ledger().balance, 1_234_567);
  const a = await wasmCall('my_balance', { coin: 'ARRR' });
  const b = await daemon.rpc('my_balance', { coin: 'ARRR' });
  assert.equal(a.text, b.text);
});
