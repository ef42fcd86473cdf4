// task::withdraw::* (what KDF's SDK withdraws with) against real peers: ganache behind a gate
// (ETH, ERC20), the TRON emulator (TRX, TRC20) and litecoind behind the Electrum test server
// (LTC). The task signs the same bytes as plain `withdraw` (ethers, tronweb and bitcoinjs-lib
// read them), reports KDF's statuses in KDF's order (Preparing, GeneratingTransaction,
// SigningTransaction, Finishing), and a cancel while it reads the node leaves nothing signed or
// broadcast: the node's nonce does not move.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Transaction, Wallet, parseEther } from 'ethers';
import { TronWeb } from 'tronweb';
import { Ganache, FUNDED_KEY } from '../peers/ganache.mjs';
import { GatedNode } from '../peers/gated-node.mjs';
import { TronNode } from '../peers/tron-node.mjs';
import { Litecoind } from '../peers/litecoind.mjs';
import { ElectrumServer } from '../peers/electrum-server.mjs';
import { TEST_TOKEN } from '../support/evm-fixture.mjs';
import { checkTronTransaction } from '../support/tron-check.mjs';
import { checkUtxoTransaction, freshAddress, sats, startFaucet, waitFor } from '../support/utxo-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

const KDF_ORDER = ['Preparing', 'GeneratingTransaction', 'SigningTransaction', 'Finishing'];
const TO = '0x3535353535353535353535353535353535353535';
const TRC20 = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const TRON_TO = 'TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K';
const ME = new Wallet(FUNDED_KEY).address;
const TRON_ME = TronWeb.address.fromPrivateKey(FUNDED_KEY.slice(2));
const skip = Litecoind.skipReason();
let ganache, gate, tron, ltc, electrum, walletd, dir, ltcAddress;

before(async () => {
  if (skip) return;
  ganache = await Ganache.start();
  assert.equal(await ganache.deployErc20({ supply: parseEther('1000'), owner: ME }), TEST_TOKEN);
  gate = await GatedNode.start(ganache.url);
  tron = await TronNode.start();
  tron.fund(TRON_ME, 200_000_000n);
  tron.fund(TRON_TO, 1n);
  tron.deployToken(TRC20);
  tron.mintToken(TRC20, TRON_ME, 50_000_000n);
  tron.mintToken(TRC20, TRON_TO, 1n);
  ltc = await Litecoind.start();
  electrum = await ElectrumServer.start({ ltc, pollMs: 50 });
  const pay = await startFaucet(ltc);
  await electrum.synced();
  dir = tempDir('walletd-withdraw-task-');
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: FUNDED_KEY }));
  const eth = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: gate.url }],
    erc20_tokens_requests: [{ ticker: 'TST-ganache' }] });
  assert.equal(eth.status, 200, eth.text);
  const trx = await walletd.rpc('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: [{ url: tron.url }],
    erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet' }] });
  assert.equal(trx.status, 200, trx.text);
  const init = await walletd.rpc('task::enable_utxo::init', { ticker: 'LTC-regtest',
    activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl }] } } } });
  const done = await walletd.waitTask('enable_utxo', init.json.result.task_id, 30000);
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  ltcAddress = done.details.wallet_balance.address;
  await pay(ltcAddress, sats('5'));
  await ltc.mine(1, `addr(${freshAddress('p2pkh', 99)})`);
  await waitFor(async () => (await walletd.rpc('my_balance', { coin: 'LTC-regtest' })).json.result.balance === '5', 'the LTC balance');
});

after(async () => {
  await walletd?.stop();
  await gate?.stop();
  await ganache?.stop();
  await tron?.stop();
  await electrum?.stop();
  await ltc?.stop();
  if (dir) cleanup(dir);
});

/** Runs task::withdraw to its end; resolves {status, details, steps: the InProgress details seen}. */
async function withdrawTask(params, { onStep } = {}) {
  const init = await walletd.rpc('task::withdraw::init', params);
  assert.equal(init.status, 200, init.text);
  const id = init.json.result.task_id;
  const steps = [];
  const deadline = Date.now() + 30000;
  for (;;) {
    const res = await walletd.rpc('task::withdraw::status', { task_id: id, forget_if_finished: false });
    assert.equal(res.status, 200, res.text);
    const { status, details } = res.json.result;
    if (status !== 'InProgress') return { id, status, details, steps };
    if (steps.at(-1) !== details) {
      steps.push(details);
      await onStep?.(details, id);
    }
    assert.ok(Date.now() < deadline, 'the task did not finish');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** `steps` appear in KDF's order (a poll may miss some). */
function assertKdfOrder(steps) {
  const at = steps.map((s) => KDF_ORDER.indexOf(s));
  assert.ok(at.every((i) => i >= 0), JSON.stringify(steps));
  assert.deepEqual([...at].sort((a, b) => a - b), at, JSON.stringify(steps));
}

const plain = async (params) => {
  const res = await walletd.rpc('withdraw', params);
  assert.equal(res.status, 200, res.text);
  return res.json.result;
};

test('ETH and ERC20: the task signs the same bytes as withdraw; statuses in KDF\'s order', { skip }, async () => {
  for (const params of [
    { coin: 'ETH-ganache', to: TO, amount: '0.5', fee: { type: 'EthGas', gas_price: '2', gas: 21000 } },
    { coin: 'TST-ganache', to: TO, amount: '7', fee: { type: 'EthGas', gas_price: '2', gas: 60000 } },
  ]) {
    const direct = await plain(params);
    // The gate holds the first node request, so the task is seen while it reads the node.
    gate.close();
    const task = await withdrawTask(params, { onStep: async (step) => { if (step === 'GeneratingTransaction') gate.open(); } });
    gate.open();
    assert.equal(task.status, 'Ok', JSON.stringify(task));
    assert.equal(task.details.tx_hex, direct.tx_hex);
    assert.deepEqual(task.details, { ...direct, timestamp: task.details.timestamp });
    assert.ok(task.steps.includes('GeneratingTransaction'), JSON.stringify(task.steps));
    assertKdfOrder(task.steps);
    assert.equal(Transaction.from('0x' + task.details.tx_hex).from, ME);
  }
});

test('TRX and TRC20 through the task, broadcast: the emulator has them, tronweb reads them', { skip }, async () => {
  for (const [coin, amount] of [['TRX-devnet', '1.5'], ['USDT-TRC20-devnet', '2']]) {
    const task = await withdrawTask({ coin, to: TRON_TO, amount, broadcast: true });
    assert.equal(task.status, 'Ok', JSON.stringify(task));
    assertKdfOrder(task.steps);
    const checked = checkTronTransaction(task.details.tx_hex);
    assert.equal(checked.signer, TRON_ME);
    assert.equal(checked.txid, task.details.tx_hash);
    assert.ok(tron.txInfo(task.details.tx_hash), 'the emulator has the transaction');
    assert.equal(task.details.coin, coin);
  }
});

test('LTC through the task: the same bytes as withdraw, accepted by litecoind', { skip }, async () => {
  const params = { coin: 'LTC-regtest', to: freshAddress('p2wpkh', 41), amount: '1.25', fee: { type: 'UtxoFixed', amount: '0.0001' } };
  const direct = await plain(params);
  const task = await withdrawTask({ ...params, broadcast: true });
  assert.equal(task.status, 'Ok', JSON.stringify(task));
  assert.equal(task.details.tx_hex, direct.tx_hex);
  assertKdfOrder(task.steps);
  const checked = await checkUtxoTransaction(task.details.tx_hex, ltc);
  assert.ok((await ltc.rpc('getrawmempool')).includes(checked.txid));
});

test('a cancel while the task reads the node: nothing is signed or broadcast', { skip }, async () => {
  const nonce = await ganache.rpc('eth_getTransactionCount', [ME, 'latest']);
  gate.close();
  let cancelled;
  const task = withdrawTask({ coin: 'ETH-ganache', to: TO, amount: '0.25', broadcast: true }, {
    onStep: async (step, id) => {
      if (step !== 'GeneratingTransaction' || cancelled) return;
      await waitFor(async () => gate.held > 0, 'a held node request');
      cancelled = await walletd.rpc('task::withdraw::cancel', { task_id: id });
      gate.open();
    },
  }).catch((e) => e);
  const outcome = await task;
  assert.equal(cancelled?.json?.result, 'success', JSON.stringify(cancelled?.json));
  // A cancelled task is gone (KDF forgets it too); its work stopped before signing.
  assert.match(String(outcome), /task::withdraw::status answered|NoSuchTask|400/);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(await ganache.rpc('eth_getTransactionCount', [ME, 'latest']), nonce, 'nothing was broadcast');
  assert.deepEqual(await ganache.rpc('eth_getTransactionCount', [ME, 'pending']), nonce);
});

test('task::withdraw::init answers what needs no peer at once', { skip }, async () => {
  const none = await walletd.rpc('task::withdraw::init', { coin: 'NOPE', to: TO, amount: '1' });
  assert.deepEqual([none.status, none.json.error_type], [404, 'NoSuchCoin']);
  const shape = await walletd.rpc('task::withdraw::init', { coin: 'ETH-ganache', amount: '1' });
  assert.deepEqual([shape.status, shape.json.error_type], [400, 'InvalidRequest']);
  const option = await walletd.rpc('task::withdraw::init', { coin: 'LTC-regtest', to: TO, amount: '1', fee_method: 'gasless' });
  assert.equal(option.json.error_type, 'UnsupportedError');
  const unknown = await walletd.rpc('task::withdraw::status', { task_id: 999999 });
  assert.equal(unknown.json.error_type, 'NoSuchTask');
});
