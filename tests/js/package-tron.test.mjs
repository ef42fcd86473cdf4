// The npm package (wasm core, HTTP through fetch) against the TRON node emulator: activation of
// TRX with a TRC20 token and a withdraw, each answer byte-identical to the daemon's for the same
// wallet and node (blocks are paused so both sign on the same reference block); then a
// broadcasting TRC20 withdraw from the package, checked on the peer's ledger and with tronweb.
import 'fake-indexeddb/auto';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TronWeb } from 'tronweb';
import { createWalletd, IndexedDbStorage } from '../support/walletd-package.mjs';
import { TronNode } from '../peers/tron-node.mjs';
import { FUNDED_KEY } from '../peers/ganache.mjs';
import { checkTronTransaction, decodeTrc20Transfer } from '../support/tron-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, repoRoot, PASSWORD } from '../support/walletd-process.mjs';

const TOKEN = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const ME = TronWeb.address.fromPrivateKey(FUNDED_KEY.slice(2));
const TO = 'TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K';
const coins = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');
const v2 = (method, params) => ({ mmrpc: '2.0', userpass: PASSWORD, method, params });
let node, wasm, daemon, dir;

const call = async (method, params) => {
  const answer = await wasm.request(v2(method, params));
  return { status: answer.status, json: JSON.parse(answer.body), text: answer.body };
};

before(async () => {
  node = await TronNode.start({ blockIntervalMs: 3600000 });  // one head block for the whole test
  node.fund(ME, 100_000_000n);
  node.deployToken(TOKEN);
  node.mintToken(TOKEN, ME, 9_000_000n);
  const config = { rpc_password: PASSWORD, event_streaming_configuration: {}, passphrase: FUNDED_KEY };
  wasm = await createWalletd({ config, coins, storage: new IndexedDbStorage('walletd-tron') });
  dir = tempDir();
  daemon = await WalletdProcess.start(writeConfig(dir, { passphrase: FUNDED_KEY }));
});

after(async () => {
  await daemon?.stop();
  await node?.stop();
  if (dir) cleanup(dir);
});

test('activation and a withdraw answer byte for byte as the daemon does', async () => {
  const params = { ticker: 'TRX-devnet', nodes: [{ url: node.url }], erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet' }] };
  const fromWasm = await call('enable_eth_with_tokens', params);
  assert.equal(fromWasm.status, 200, fromWasm.text);
  const fromDaemon = await daemon.rpc('enable_eth_with_tokens', params);
  assert.equal(fromDaemon.text, fromWasm.text);

  const withdraw = { coin: 'TRX-devnet', to: TO, amount: '2.5' };
  const a = await call('withdraw', withdraw);
  const b = await daemon.rpc('withdraw', withdraw);
  assert.equal(a.status, 200, a.text);
  const withoutTime = (text) => text.replace(/"timestamp":\d+/, '"timestamp":0');
  assert.equal(withoutTime(a.text), withoutTime(b.text));
  assert.ok(Math.abs(a.json.result.timestamp - b.json.result.timestamp) <= 2);
  assert.equal(checkTronTransaction(a.json.result.tx_hex).signer, ME);
});

test('a broadcasting TRC20 withdraw from the package moves the tokens and charges fee_details.total_fee', async () => {
  const before = node.balance(ME);
  const res = await call('withdraw', { coin: 'USDT-TRC20-devnet', to: TO, amount: '1.75', broadcast: true });
  assert.equal(res.status, 200, res.text);
  const r = res.json.result;
  const checked = checkTronTransaction(r.tx_hex);
  assert.equal(checked.txid, r.tx_hash);
  assert.deepEqual(decodeTrc20Transfer(checked.contract.data), { to: TO, amount: 1_750_000n });
  assert.equal(node.tokenBalance(TOKEN, TO), 1_750_000n);
  assert.equal(before - node.balance(ME), BigInt(Math.round(Number(r.fee_details.total_fee) * 1e6)));
  assert.equal(node.txInfo(r.tx_hash).receipt.result, 'SUCCESS');
});
