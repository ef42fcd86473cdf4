// QTUM delegation staking with the real walletd in Electrum mode, against the QTUM chain emulator
// and its delegation contract (tests/peers/qtum-delegations.mjs: the PoD recovered with
// @noble/curves, the calls decoded with ethers; logs served as QTUM's ElectrumX serves them).
// The coin is the coins file's tQTUM, so KDF's own test requests (mm2_tests_inner.rs,
// test_add_delegation_qtum and its neighbours) run verbatim. What walletd signs is read back
// with bitcoinjs-lib and ethers; the delegation is broadcast, mined and executed by the
// emulated contract, and query::delegations reads it back from the contract's events.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { QtumChain } from '../peers/qtum-chain.mjs';
import { ElectrumServer } from '../peers/electrum-server.mjs';
import { podSigner, DELEGATION_CONTRACT } from '../peers/qtum-delegations.mjs';
import { waitFor } from '../support/utxo-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD } from '../support/walletd-process.mjs';

const require = createRequire(import.meta.url);
const bitcoin = require('bitcoinjs-lib');
const { Interface } = require('ethers');
const COIN = 'tQTUM';
const PUBTYPE = 120;
const STAKER = 'qcyBHeSct7Wr4mAw18iuQ1zW5mMFYmtmBE';  // KDF's test staker
const ABI = new Interface(['function addDelegation(address,uint8,bytes)', 'function removeDelegation()']);
let chain, electrum, walletd, dir, address, myHash;

before(async () => {
  chain = QtumChain.start({ startTime: Math.floor(Date.now() / 1000) - 3600 });
  electrum = await ElectrumServer.start({ ltc: chain, pollMs: 50 });
  dir = tempDir('walletd-qtum-staking-');
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'walletd qtum staking test' }));
});

after(async () => {
  await walletd?.stop();
  await electrum?.stop();
  if (dir) cleanup(dir);
});

const hashOf = (addr) => Buffer.from(bitcoin.address.fromBase58Check(addr).hash).toString('hex');
const p2pkh = (addr) => Buffer.from(bitcoin.payments.p2pkh({ hash: bitcoin.address.fromBase58Check(addr).hash }).output);
const rpc = (method, params) => walletd.rpc(method, params);
async function mine(n = 1) {
  for (let i = 0; i < n; i++) chain.mine();
  await electrum.synced();
}
// Output 0 of a delegation transaction: its gas numbers, contract and decoded call.
function contractCall(hex) {
  const tx = bitcoin.Transaction.fromHex(hex);
  const chunks = bitcoin.script.decompile(tx.outs[0].script);
  const num = (b) => Buffer.from(b).reduceRight((n, byte) => n * 256 + byte, 0);
  assert.equal(chunks[0], bitcoin.opcodes.OP_4);
  assert.equal(chunks[5], 0xc2, 'OP_CALL');
  return { tx, script: Buffer.from(tx.outs[0].script).toString('hex'), value: Number(tx.outs[0].value),
    gasLimit: num(chunks[1]), gasPrice: num(chunks[2]), contract: Buffer.from(chunks[4]).toString('hex'),
    call: ABI.parseTransaction({ data: '0x' + Buffer.from(chunks[3]).toString('hex') }) };
}
const delegations = async () => {
  const r = await rpc('experimental::staking::query::delegations', { coin: COIN, info_details: { type: 'Qtum' } });
  assert.equal(r.status, 200, r.text);
  return r.json.result.staking_infos_details;
};

test('tQTUM activates; nothing is delegated yet', async () => {
  const init = await rpc('task::enable_qtum::init', { ticker: COIN, activation_params: { priv_key_policy: 'ContextPrivKey',
    mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl, protocol: 'TCP' }] } } } });
  assert.equal(init.status, 200, init.text);
  const result = await walletd.waitTask('enable_qtum', init.json.result.task_id, 60000);
  assert.equal(result.status, 'Ok', JSON.stringify(result));
  address = result.details.wallet_balance.address;
  myHash = hashOf(address);
  chain.credit(p2pkh(address), 150e8);
  chain.credit(p2pkh(address), 30e8);
  await mine();
  await waitFor(async () => (await rpc('my_balance', { coin: COIN })).json.result?.balance === '180', 'the credits', 15000);
  assert.deepEqual(await delegations(), { type: 'Qtum', amount: '0', staker: null, am_i_staking: false, is_staking_supported: true });
});

test('delegate (KDF\'s test request): addDelegation(staker, 10, PoD) on 0x…86 with KDF\'s gas; the contract accepts the PoD', async () => {
  // mm2_tests_inner.rs, test_add_delegation_qtum, ticker and staker as KDF sends them.
  const r = await walletd.post({ userpass: PASSWORD, mmrpc: '2.0', method: 'experimental::staking::delegate',
    params: { coin: COIN, staking_details: { type: 'Qtum', validator_address: STAKER } } });
  assert.equal(r.status, 200, r.text);
  const d = r.json.result;
  const c = contractCall(d.tx_hex);
  assert.equal(c.tx.getId(), d.tx_hash);
  assert.deepEqual([c.value, c.gasLimit, c.gasPrice, c.contract, c.call.name], [0, 2250000, 40, DELEGATION_CONTRACT, 'addDelegation']);
  const [staker, fee, pod] = c.call.args;
  assert.equal(staker.slice(2).toLowerCase(), hashOf(STAKER));
  assert.equal(Number(fee), 10, 'KDF\'s default staker fee');
  assert.equal(podSigner(hashOf(STAKER), Buffer.from(pod.slice(2), 'hex')), myHash, 'the PoD recovers the wallet\'s key');
  assert.equal(c.tx.outs.length, 2);
  assert.equal(Buffer.from(c.tx.outs[1].script).toString('hex'), p2pkh(address).toString('hex'), 'change to the delegator');
  // The largest output (150) pays the miner and the 0.9 QTUM gas reserve; the change comes back.
  const minerFee = 150e8 - Number(c.tx.outs[1].value) - 2250000 * 40;
  const size = d.tx_hex.length / 2;
  assert.ok(minerFee >= size * 400 && minerFee <= (size + 1) * 400, `miner fee ${minerFee} for ${size} bytes`);
  assert.deepEqual(d.fee_details, { type: 'Qrc20', coin: COIN, miner_fee: String(minerFee / 1e8), gas_limit: 2250000,
    gas_price: 40, total_gas_fee: '0.9' });
  assert.deepEqual({ type: d.transaction_type, from: d.from, to: d.to, spent: d.spent_by_me, coin: d.coin },
    { type: 'StakingDelegation', from: [address], to: [address], spent: '150', coin: COIN });
  assert.equal(Number(d.received_by_me), Number(c.tx.outs[1].value) / 1e8);

  const sent = await rpc('send_raw_transaction', { coin: COIN, tx_hex: d.tx_hex });
  assert.equal(sent.status, 200, sent.text);
  await mine();
  assert.deepEqual(chain.delegations.byDelegate.get(myHash)?.staker, hashOf(STAKER), 'the contract recorded it');
  assert.equal(chain.tokens.receipts.get(d.tx_hash)[0].excepted, 'None');
});

test('query::delegations reads the staker from the contract\'s events; a second delegation is refused', async () => {
  const info = await delegations();
  // Outputs of at least 100 QTUM stake: the change of the delegation (149.x), not the 30.
  assert.equal(info.staker, STAKER);
  assert.equal(info.am_i_staking, true);
  assert.equal(info.is_staking_supported, true);
  assert.ok(Number(info.amount) > 149 && Number(info.amount) < 150, info.amount);
  // KDF's old name and the old `address` key.
  const again = await rpc('add_delegation', { coin: COIN, staking_details: { type: 'Qtum', address: STAKER } });
  assert.equal(again.status, 400, again.text);
  assert.equal(again.json.error_type, 'AlreadyDelegating');
  assert.equal(again.json.error_data, STAKER);
  const old = await rpc('get_staking_infos', { coin: COIN });
  assert.equal(old.status, 200, old.text);
  assert.deepEqual(old.json.result.staking_infos_details, info);
});

test('refusals: KDF\'s fake_address, a fee above 100, both address keys, details on undelegate, an unknown coin', async () => {
  const cases = [
    ['experimental::staking::delegate', { coin: COIN, staking_details: { type: 'Qtum', validator_address: 'fake_address' } }, 400, 'AddressError'],
    ['experimental::staking::delegate', { coin: COIN, staking_details: { type: 'Qtum', validator_address: STAKER, fee: 101 } }, 400, 'InvalidPayload'],
    ['experimental::staking::delegate', { coin: COIN, staking_details: { type: 'Qtum', validator_address: STAKER, address: STAKER } }, 400, 'InvalidRequest'],
    ['experimental::staking::delegate', { coin: COIN, staking_details: { type: 'Qtum' } }, 400, 'InvalidRequest'],
    ['experimental::staking::delegate', { coin: COIN, staking_details: { type: 'Solana', validator_address: STAKER } }, 400, 'InvalidRequest'],
    ['experimental::staking::undelegate', { coin: COIN, staking_details: { type: 'Qtum', validator_address: STAKER } }, 400, 'InvalidPayload'],
    ['experimental::staking::query::delegations', { coin: COIN }, 400, 'InvalidRequest'],
    ['experimental::staking::delegate', { coin: 'NOPE', staking_details: { type: 'Qtum', validator_address: STAKER } }, 400, 'NoSuchCoin'],
    ['experimental::staking::query::delegations', { coin: 'NOPE', info_details: { type: 'Qtum' } }, 400, 'NoSuchCoin'],
  ];
  for (const [method, params, status, type] of cases) {
    const r = await rpc(method, params);
    assert.equal(r.status, status, `${method} ${JSON.stringify(params)}: ${r.text}`);
    assert.equal(r.json.error_type, type, `${method} ${JSON.stringify(params)}: ${r.text}`);
  }
});

test('undelegate: removeDelegation() with KDF\'s 100000 gas (the docs\' script); then nothing is delegated', async () => {
  // KDF's request (mm2_tests_inner.rs, test_remove_delegation_qtum): just the coin.
  const r = await rpc('experimental::staking::undelegate', { coin: COIN });
  assert.equal(r.status, 200, r.text);
  const c = contractCall(r.json.result.tx_hex);
  // The real removeDelegation transaction 3564859a…35ae has this output 0.
  assert.equal(c.script, '5403a086010128043d666e8b140000000000000000000000000000000000000086c2');
  assert.equal(r.json.result.transaction_type, 'RemoveDelegation');
  assert.equal(r.json.result.fee_details.total_gas_fee, '0.04');
  await rpc('send_raw_transaction', { coin: COIN, tx_hex: r.json.result.tx_hex });
  await mine();
  assert.equal(chain.delegations.byDelegate.has(myHash), false);
  assert.deepEqual(await delegations(), { type: 'Qtum', amount: '0', staker: null, am_i_staking: false, is_staking_supported: true });
  const nothing = await rpc('remove_delegation', { coin: COIN });
  assert.equal(nothing.status, 400, nothing.text);
  assert.equal(nothing.json.error_type, 'DelegationOpsNotSupported', 'nothing to undelegate: no gas burnt');
});

test('a coin that does not stake answers CoinDoesntSupportDelegation', async () => {
  const token = 'QRC20';  // the coins file's tQTUM token entry
  chain.tokens.deploy('d362e096e873eb7907e205fadc6175c6fec7bc44', { decimals: 8 });
  const enable = await walletd.post({ userpass: PASSWORD, method: 'electrum', coin: token, servers: [{ url: electrum.tcpUrl }],
    swap_contract_address: '0xba8b71f3544b93e2f681f996da519a98ace0107a' });
  assert.equal(enable.status, 200, enable.text);
  const r = await rpc('experimental::staking::delegate', { coin: token, staking_details: { type: 'Qtum', validator_address: STAKER } });
  assert.equal(r.status, 400, r.text);
  assert.equal(r.json.error_type, 'CoinDoesntSupportDelegation');
  const q = await rpc('experimental::staking::query::delegations', { coin: token, info_details: { type: 'Qtum' } });
  assert.equal(q.json.error_type, 'CoinDoesntSupportStakingInfos', q.text);
});
