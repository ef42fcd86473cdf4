// The npm package (wasm core, HTTP through fetch) against the CometBFT emulator: IRIS activation
// with its token, a withdraw with a memo and a delegation, each answer byte-identical to the
// daemon's for the same wallet and node (the emulator's height only moves with a committed
// transaction, so both sign at the same height and sequence); then a broadcasting withdraw from
// the package, verified with cosmjs and on the emulator's ledger.
import 'fake-indexeddb/auto';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toBech32 } from '@cosmjs/encoding';
import { createWalletd, IndexedDbStorage } from '../support/walletd-package.mjs';
import { startCometNode } from '../peers/cometbft-node.mjs';
import { checkCosmosTx } from '../support/cosmos-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, repoRoot, PASSWORD } from '../support/walletd-process.mjs';

const PASSPHRASE = 'iris test seed';
const ME = 'iaa1e0rx87mdj79zejewuc4jg7ql9ud2286g2us8f2';
const TO = 'iaa16drqvl3u8sukfsu4lm3qsk28jr3fahja9vsv6k';
const VALIDATOR = toBech32('iva', new Uint8Array(20).fill(7));
const coins = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');
const v2 = (method, params) => ({ mmrpc: '2.0', userpass: PASSWORD, method, params });
let node, wasm, daemon, dir;

const call = async (method, params) => {
  const answer = await wasm.request(v2(method, params));
  return { status: answer.status, json: JSON.parse(answer.body), text: answer.body };
};

before(async () => {
  node = await startCometNode({ chainId: 'irishub-1', denom: 'uiris', prefix: 'iaa', valoperPrefix: 'iva' });
  node.fund(ME, 20_000_000n);
  node.fund(TO, 1n);
  node.addValidator({ operatorAddress: VALIDATOR, moniker: 'seven' });
  const config = { rpc_password: PASSWORD, event_streaming_configuration: {}, passphrase: PASSPHRASE };
  wasm = await createWalletd({ config, coins, storage: new IndexedDbStorage('walletd-tendermint') });
  dir = tempDir();
  daemon = await WalletdProcess.start(writeConfig(dir, { passphrase: PASSPHRASE }));
});

after(async () => {
  await daemon?.stop();
  await node?.stop();
  if (dir) cleanup(dir);
});

test('activation, a withdraw and a delegation answer byte for byte as the daemon does', async () => {
  const requests = [
    ['enable_tendermint_with_assets', { ticker: 'IRIS', nodes: [{ url: node.url }], tokens_params: [{ ticker: 'ATOM-IBC_IRIS' }] }],
    ['withdraw', { coin: 'IRIS', to: TO, amount: '2.5', memo: 'from the package' }],
    ['withdraw', { coin: 'IRIS', to: TO, max: true, fee: { type: 'CosmosGas', gas_price: 0.3, gas_limit: 140000 } }],
    ['experimental::staking::delegate', { coin: 'IRIS', staking_details: { type: 'Cosmos', validator_address: VALIDATOR, amount: '3' } }],
    ['experimental::staking::query::validators', { coin: 'IRIS', info_details: { type: 'Cosmos' } }],
    ['withdraw', { coin: 'IRIS', to: 'iaa1bad', amount: '1' }],
  ];
  for (const [method, params] of requests) {
    const fromWasm = await call(method, params);
    const fromDaemon = await daemon.rpc(method, params);
    assert.equal(fromWasm.text, fromDaemon.text, method);
    assert.equal(fromWasm.status, fromDaemon.status, method);
  }
});

test('a broadcasting withdraw from the package: cosmjs verifies it, the ledger moves exactly', async () => {
  const before = node.balance(ME);
  const res = await call('withdraw', { coin: 'IRIS', to: TO, amount: '1.5', broadcast: true });
  assert.equal(res.status, 200, res.text);
  const tx = await checkCosmosTx(res.json.result.tx_hex, { chainId: 'irishub-1', accountNumber: node.account(ME).accountNumber, prefix: 'iaa' });
  assert.ok(tx.valid);
  assert.equal(tx.hash, res.json.result.tx_hash);
  assert.equal(node.txs.at(-1).hash, tx.hash);
  assert.equal(node.txs.at(-1).code, 0);
  assert.equal(before - node.balance(ME), 1_500_000n + tx.fee.amount);
});
