// The npm package (wasm core, HTTP through fetch) against ganache: HD activation through
// task::enable_eth (the task runs in the background of the module), withdraw with broadcast,
// sign_raw_transaction + send_raw_transaction, checked on the node to the wei; the activation
// answer is byte-identical to the daemon's for the same wallet and node.
import 'fake-indexeddb/auto';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HDNodeWallet, Transaction, parseEther, parseUnits } from 'ethers';
import { createWalletd, IndexedDbStorage } from '../support/walletd-package.mjs';
import { Ganache } from '../peers/ganache.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, repoRoot, PASSWORD } from '../support/walletd-process.mjs';

const MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const TO = '0x3535353535353535353535353535353535353535';
const hd = (i) => HDNodeWallet.fromPhrase(MNEMONIC, undefined, `m/44'/60'/0'/0/${i}`).address;
const coins = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');
const v2 = (method, params) => ({ mmrpc: '2.0', userpass: PASSWORD, method, params });
let ganache, wasm, daemon, dir;

const call = async (method, params) => {
  const answer = await wasm.request(v2(method, params));
  return { status: answer.status, json: JSON.parse(answer.body), text: answer.body };
};
const receipt = (hash) => ganache.rpc('eth_getTransactionReceipt', ['0x' + hash]);

before(async () => {
  ganache = await Ganache.start();
  await ganache.fund(hd(1), parseEther('3'));
  const config = { rpc_password: PASSWORD, event_streaming_configuration: {}, passphrase: MNEMONIC, enable_hd: true };
  wasm = await createWalletd({ config, coins, storage: new IndexedDbStorage('walletd-evm') });
  dir = tempDir();
  daemon = await WalletdProcess.start(writeConfig(dir, { passphrase: MNEMONIC, enable_hd: true }));
});

after(async () => {
  await daemon?.stop();
  await ganache?.stop();
  if (dir) cleanup(dir);
});

test('task::enable_eth in the package: HD scan over fetch, the same answer as the daemon', async () => {
  const params = { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }], gap_limit: 2 };
  const init = await call('task::enable_eth::init', params);
  assert.equal(init.status, 200, init.text);
  let status;
  for (const deadline = Date.now() + 20000; Date.now() < deadline;) {
    status = (await call('task::enable_eth::status', { task_id: init.json.result.task_id, forget_if_finished: false })).json.result;
    if (status.status !== 'InProgress') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.equal(status.status, 'Ok', JSON.stringify(status));
  const addresses = status.details.wallet_balance.accounts[0].addresses;
  assert.deepEqual(addresses.map((a) => a.address), [hd(0), hd(1)]);
  assert.equal(addresses[1].balance['ETH-ganache'].spendable, '3');
  const fromDaemon = await daemon.rpc('enable_eth_with_tokens', params);
  assert.equal(fromDaemon.status, 200, fromDaemon.text);
  assert.equal(JSON.stringify({ mmrpc: '2.0', result: status.details, id: null }), fromDaemon.text);
});

test('withdraw from an HD address with broadcast: true, exact to the wei', async () => {
  const before = await ganache.balance(hd(1)), toBefore = await ganache.balance(TO);
  const res = await call('withdraw', { coin: 'ETH-ganache', to: TO, amount: '0.75', from: { derivation_path: "m/44'/60'/0'/0/1" },
    fee: { type: 'EthGas', gas_price: '4', gas: 21000 }, broadcast: true });
  assert.equal(res.status, 200, res.text);
  const d = res.json.result;
  assert.equal(Transaction.from('0x' + d.tx_hex).from, hd(1));
  assert.equal((await receipt(d.tx_hash)).status, '0x1');
  assert.equal(await ganache.balance(TO), toBefore + parseEther('0.75'));
  assert.equal(await ganache.balance(hd(1)), before - parseEther('0.75') - 21000n * parseUnits('4', 'gwei'));
});

test('sign_raw_transaction with PayForGas, broadcast by send_raw_transaction', async () => {
  await ganache.fund(hd(0), parseEther('1'));
  const before = await ganache.balance(hd(0));
  const res = await call('sign_raw_transaction', { coin: 'ETH-ganache', type: 'ETH',
    tx: { to: TO, value: '0.5', gas_limit: 21000, pay_for_gas: { tx_type: 'Eip1559', max_fee_per_gas: '6', max_priority_fee_per_gas: '6' } } });
  assert.equal(res.status, 200, res.text);
  assert.equal(Transaction.from('0x' + res.json.result.tx_hex).from, hd(0));
  const sent = await call('send_raw_transaction', { coin: 'ETH-ganache', tx_hex: res.json.result.tx_hex });
  assert.equal(sent.status, 200, sent.text);
  assert.equal((await receipt(sent.json.result.tx_hash)).status, '0x1');
  assert.equal(await ganache.balance(hd(0)), before - parseEther('0.5') - 21000n * parseUnits('6', 'gwei'));
});
