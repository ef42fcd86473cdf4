// Cosmos staking end to end with the real walletd against the CometBFT emulator: IRIS validators
// by status and page, delegate (amount and max), the delegation and its reward listed, a reward
// claim (unprofitable without force, nothing to claim), undelegate (too much, no delegation) and
// the ongoing undelegation listed. Every transaction walletd signs is verified with cosmjs and
// sent with send_raw_transaction (staking results are not broadcast, as KDF's); the emulator's
// ledger then shows exactly the delegated, undelegated and claimed amounts and the fee charged.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { toBech32 } from '@cosmjs/encoding';
import { startCometNode } from '../peers/cometbft-node.mjs';
import { checkCosmosTx } from '../support/cosmos-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD } from '../support/walletd-process.mjs';

const ME = 'iaa1e0rx87mdj79zejewuc4jg7ql9ud2286g2us8f2';  // Iguana 'iris test seed'
const valoper = (n) => toBech32('iva', new Uint8Array(20).fill(n));
const [V1, V2, V3] = [valoper(1), valoper(2), valoper(3)];
const units = (text) => BigInt(Math.round(Number(text) * 1e6));
const kdfFee = (gasUsed) => BigInt(Math.ceil(gasUsed * 1.5 * 0.5));
let node, walletd, dir;

before(async () => {
  node = await startCometNode({ chainId: 'irishub-1', denom: 'uiris', prefix: 'iaa', valoperPrefix: 'iva' });
  node.fund(ME, 100_000_000n);
  node.addValidator({ operatorAddress: V1, moniker: 'one' });
  node.addValidator({ operatorAddress: V2, moniker: 'two' });
  node.addValidator({ operatorAddress: V3, moniker: 'three', status: 'BOND_STATUS_UNBONDED' });
  dir = tempDir();
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'iris test seed' }));
  const res = await walletd.rpc('enable_tendermint_with_assets', { ticker: 'IRIS', nodes: [{ url: node.url }],
    tokens_params: [{ ticker: 'ATOM-IBC_IRIS' }] });
  assert.equal(res.status, 200, res.text);
});

after(async () => {
  await walletd?.stop();
  await node?.stop();
  if (dir) cleanup(dir);
});

async function rpcOk(method, params) {
  const res = await walletd.rpc(method, params);
  assert.equal(res.status, 200, `${method}: ${res.text}`);
  return res.json.result;
}

/** Verifies a signed staking result with cosmjs, sends it and checks the fee charged. */
async function sendVerified(r, typeUrl, gasLimit) {
  const tx = await checkCosmosTx(r.tx_hex, { chainId: 'irishub-1', accountNumber: node.account(ME).accountNumber, prefix: 'iaa' });
  assert.ok(tx.valid);
  assert.equal(tx.signer, ME);
  assert.equal(tx.typeUrl, typeUrl);
  assert.equal(tx.gasLimit, BigInt(gasLimit));
  assert.equal(tx.fee.amount, kdfFee(node.lastSimulation.gasUsed));
  assert.equal(units(r.fee_details.amount), tx.fee.amount);
  assert.equal(r.timestamp, 0);
  assert.equal(node.txs.find((t) => t.hash === r.tx_hash), undefined, 'not broadcast');
  const before = node.balance(ME);
  const sent = await walletd.post({ userpass: PASSWORD, method: 'send_raw_transaction', coin: 'IRIS', tx_hex: r.tx_hex });
  assert.equal(sent.status, 200, sent.text);
  const committed = node.txs.find((t) => t.hash === r.tx_hash);
  assert.equal(committed.code, 0, committed.log);
  return { tx, before };
}

test('query::validators filters by status and pages as KDF (offset = (page − 1) × limit)', async () => {
  const bonded = await rpcOk('experimental::staking::query::validators', { coin: 'IRIS', info_details: { type: 'Cosmos' } });
  assert.deepEqual(bonded.validators.map((v) => v.operator_address).sort(), [V1, V2].sort());
  const v = bonded.validators[0];
  assert.equal(v.status, 3);
  assert.equal(v.jailed, false);
  assert.equal(typeof v.tokens, 'string');
  assert.equal(typeof v.description.moniker, 'string');
  assert.match(v.unbonding_time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  assert.equal(typeof v.commission.commission_rates.rate, 'string');
  const unbonded = await rpcOk('experimental::staking::query::validators',
    { coin: 'IRIS', info_details: { type: 'Cosmos', filter_by_status: 'Unbonded' } });
  assert.deepEqual(unbonded.validators.map((x) => x.operator_address), [V3]);
  const all = await rpcOk('experimental::staking::query::validators',
    { coin: 'IRIS', info_details: { type: 'Cosmos', filter_by_status: 'All', limit: 2, page_number: 2 } });
  assert.equal(all.validators.length, 1);
  const zero = await walletd.rpc('experimental::staking::query::validators',
    { coin: 'IRIS', info_details: { type: 'Cosmos', page_number: 0 } });
  assert.equal(zero.json.error_type, 'InvalidRequest');
});

test('delegate: MsgDelegate signed, not broadcast; once sent the delegation is exact and listed', async () => {
  const r = await rpcOk('experimental::staking::delegate',
    { coin: 'IRIS', staking_details: { type: 'Cosmos', validator_address: V1, amount: '7.77' } });
  assert.equal(r.transaction_type, 'StakingDelegation');
  assert.deepEqual(r.from, [ME]);
  assert.deepEqual(r.to, [V1]);
  const { tx, before } = await sendVerified(r, '/cosmos.staking.v1beta1.MsgDelegate', 187500);
  assert.deepEqual(tx.msg, { delegatorAddress: ME, validatorAddress: V1, amount: { denom: 'uiris', amount: '7770000' } });
  assert.equal(node.delegation(ME, V1), 7_770_000n);
  assert.equal(before - node.balance(ME), 7_770_000n + tx.fee.amount);
  assert.equal(units(r.total_amount), 7_770_000n + tx.fee.amount);
  node.setReward(ME, V1, '5319339439621457039999');  // 0.005319339439621457039999 IRIS
  const listed = await rpcOk('experimental::staking::query::delegations', { coin: 'IRIS', info_details: { type: 'Cosmos' } });
  assert.deepEqual(listed, { delegations: [{ validator_address: V1, delegated_amount: '7.77',
    reward_amount: '0.005319339439621457039999' }] });
});

test('claim_rewards: unprofitable without force; with force the truncated reward is paid', async () => {
  const refused = await walletd.rpc('experimental::staking::claim_rewards',
    { coin: 'IRIS', claiming_details: { type: 'Cosmos', validator_address: V1 } });
  assert.equal(refused.status, 400, refused.text);
  assert.equal(refused.json.error_type, 'UnprofitableReward');
  assert.equal(refused.json.error_data.reward, '0.005319339439621457039999');
  const r = await rpcOk('experimental::staking::claim_rewards',
    { coin: 'IRIS', claiming_details: { type: 'Cosmos', validator_address: V1, force: true } });
  assert.equal(r.transaction_type, 'ClaimDelegationRewards');
  assert.deepEqual(r.from, [V1]);
  assert.deepEqual(r.to, [ME]);
  assert.equal(r.received_by_me, '0.005319339439621457039999');
  const { tx, before } = await sendVerified(r, '/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward', 187500);
  assert.equal(node.balance(ME) - before, 5319n - tx.fee.amount);
  const nothing = await walletd.rpc('experimental::staking::claim_rewards',
    { coin: 'IRIS', claiming_details: { type: 'Cosmos', validator_address: V2 } });
  assert.equal(nothing.json.error_type, 'NothingToClaim');
});

test('undelegate: too much and no delegation refused; an undelegation is listed as ongoing', async () => {
  const tooMuch = await walletd.rpc('experimental::staking::undelegate',
    { coin: 'IRIS', staking_details: { type: 'Cosmos', validator_address: V1, amount: '8' } });
  assert.equal(tooMuch.json.error_type, 'TooMuchToUndelegate', tooMuch.text);
  assert.deepEqual(tooMuch.json.error_data, { available: '7.77', requested: '8' });
  const none = await walletd.rpc('experimental::staking::undelegate',
    { coin: 'IRIS', staking_details: { type: 'Cosmos', validator_address: V2, amount: '1' } });
  assert.equal(none.json.error_type, 'CanNotUndelegate', none.text);
  const r = await rpcOk('experimental::staking::undelegate',
    { coin: 'IRIS', staking_details: { type: 'Cosmos', validator_address: V1, amount: '2' } });
  assert.equal(r.transaction_type, 'RemoveDelegation');
  assert.deepEqual(r.to, []);
  const { tx, before } = await sendVerified(r, '/cosmos.staking.v1beta1.MsgUndelegate', 250000);
  assert.equal(node.delegation(ME, V1), 5_770_000n);
  assert.equal(before - node.balance(ME), tx.fee.amount);
  assert.equal(units(r.total_amount), tx.fee.amount);
  const ongoing = await rpcOk('experimental::staking::query::ongoing_undelegations',
    { coin: 'IRIS', info_details: { type: 'Cosmos', limit: 5 } });
  assert.equal(ongoing.ongoing_undelegations.length, 1);
  assert.equal(ongoing.ongoing_undelegations[0].validator_address, V1);
  const [entry] = ongoing.ongoing_undelegations[0].entries;
  assert.equal(entry.balance, '2');
  assert.equal(entry.creation_height, node.unbondings(ME)[0].creationHeight);
  assert.equal(new Date(entry.completion_datetime).getTime(), node.unbondings(ME)[0].completionTime.getTime());
});

test('delegate max leaves the fee only; refusals answer KDF\'s DelegationError', async () => {
  node.fund(ME, 0n);
  const r = await rpcOk('experimental::staking::delegate',
    { coin: 'IRIS', staking_details: { type: 'Cosmos', validator_address: V2, max: true } });
  const { tx, before } = await sendVerified(r, '/cosmos.staking.v1beta1.MsgDelegate', 187500);
  assert.equal(BigInt(tx.msg.amount.amount) + tx.fee.amount, before);
  assert.equal(node.balance(ME), 0n);
  node.fund(ME, 5_000_000n);
  const cases = [
    [{ coin: 'IRIS', staking_details: { type: 'Cosmos', validator_address: 'iva1bad', amount: '1' } }, 'AddressError'],
    [{ coin: 'IRIS', staking_details: { type: 'Cosmos', validator_address: V1, amount: '50' } }, 'NotSufficientBalance'],
    [{ coin: 'IRIS', staking_details: { type: 'Qtum', validator_address: 'qXxZ' } }, 'InvalidPayload'],
    [{ coin: 'ATOM-IBC_IRIS', staking_details: { type: 'Cosmos', validator_address: V1, amount: '1' } }, 'CoinDoesntSupportDelegation'],
  ];
  for (const [params, type] of cases) {
    const res = await walletd.rpc('experimental::staking::delegate', params);
    assert.equal(res.json.error_type, type, `${JSON.stringify(params)}: ${res.text}`);
  }
  const from = await walletd.rpc('experimental::staking::undelegate', { coin: 'IRIS', staking_details: { type: 'Cosmos',
    validator_address: V1, amount: '1', withdraw_from: { derivation_path: "m/44'/118'/0'/0/1" } } });
  assert.equal(from.json.error_type, 'InvalidPayload');
  assert.match(from.json.error, /withdraw_from/);
});
