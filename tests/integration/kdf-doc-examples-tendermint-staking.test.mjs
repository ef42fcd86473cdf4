// KDF's documented Cosmos staking requests, run against the real walletd and the CometBFT emulator
// (tests/peers/cometbft-node.mjs): the Tendermint examples of KDF's staking pages
// (KomodoPlatform/komodo-docs-mdx, pages and commits in SOURCES below) —
// experimental::staking::delegate, ::undelegate, ::claim_rewards, ::query::delegations,
// ::query::ongoing_undelegations, ::query::validators — sent as documented except what must point
// at the emulator (`userpass`, the documented wallet's address → this wallet's; the ATOM
// delegations answer names an IRIS validator, which on the ATOM emulator is a cosmosvaloper
// one). The emulator is given what the examples need: the documented validators (addValidator),
// the documented balances and rewards (fund, setReward), a delegation on ATOM made with cosmjs.
// Answers must have the documented keys and JSON types, and the values that follow from the
// request and the emulator (amounts, KDF's fee ceil(gas_used × 1.5 × gas_price), the default gas
// limits 187500 / 250000, the DecCoin reward divided without rounding). Each signed transaction is
// decoded and verified with cosmjs and broadcast with send_raw_transaction, as the pages say.
// KDF's behaviour beyond the examples comes from /work/shared/notes/tendermint.md 10.1–10.5.
//
// Doc inconsistency kept as documented: the undelegate example names the delegator's own address
// as validator_address (its transaction undelegates 7.77 from iva1qq93…, not 0.777 from the
// delegator). Sent verbatim, KDF answers CanNotUndelegate (Query/Delegation finds nothing); the
// test then sends it with the validator the transaction used.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SigningStargateClient, GasPrice } from '@cosmjs/stargate';
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing';
import { sha256 } from '@cosmjs/crypto';
import { toBase64, toBech32 } from '@cosmjs/encoding';
import { startCometNode } from '../peers/cometbft-node.mjs';
import { checkCosmosTx, iguanaCosmosKey } from '../support/cosmos-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD } from '../support/walletd-process.mjs';

const DOCS = 'KomodoPlatform/komodo-docs-mdx';
const STAKING = 'src/pages/komodo-defi-framework/api/v20/wallet/staking';
const SOURCES = {
  delegate: { repo: DOCS, path: `${STAKING}/delegate/index.mdx`, commit: 'f1bdba51302437b697726484396bca194edd1b52' },
  undelegate: { repo: DOCS, path: `${STAKING}/undelegate/index.mdx`, commit: 'd0200f49415b2dd811802fb9742b9456b8aaaf95' },
  claimRewards: { repo: DOCS, path: `${STAKING}/claim_rewards/index.mdx`, commit: 'f1bdba51302437b697726484396bca194edd1b52' },
  delegations: { repo: DOCS, path: `${STAKING}/delegations/index.mdx`, commit: 'f1bdba51302437b697726484396bca194edd1b52' },
  ongoingUndelegations: { repo: DOCS, path: `${STAKING}/ongoing_delegations/index.mdx`, commit: '406eeeb96a756d3eb8163b9bae37d3c45fc4629e' },
  validators: { repo: DOCS, path: `${STAKING}/validators/index.mdx`, commit: 'd0200f49415b2dd811802fb9742b9456b8aaaf95' },
};
void SOURCES;

const PASSPHRASE = 'iris test seed';
const DOC_USERPASS = 'RPC_UserP@SSW0RD';
const DOC_DELEGATOR = 'iaa1ev23fc700js5d7hvtw0785yfayaazpawn8phv4';   // the documented wallet
const FRESH_IRISER = 'iva1qq93sapmdcx36uz64vvw5gzuevtxsc7lcfxsat';
const PXN = 'iva1qtq8dwpdth5nwmyw60rm4texdnznk9ld9dewky';
const DF_M = 'iva1qdq3wcsju2zuhttc0l7wxuna4fvdwa7qpmkwwa';
const UNBONDED = toBech32('iva', sha256(new TextEncoder().encode('unbonded validator')).slice(0, 20));
const ATOM_VALIDATOR = 'cosmosvaloper1c4k24jzduc365kywrsvf5ujz4ya6mwympnc4en';
const IRIS_GAS_PRICE = 0.5;          // IRIS's coins-file gas_price
// The documented rewards, as the DecCoin amounts (18 implied decimals, in uiris/uatom) a node
// answers: 0.005319339439621457039999 IRIS, 0.005307936696578819099999 IRIS, 0.000000767283749739569999 ATOM.
const CLAIM_REWARD = '5319339439621457039999';
const UNPROFITABLE_REWARD = '5307936696578819099999';
const ATOM_REWARD = '767283749739569999';

let iris, atom, walletd, dir, me, key;

before(async () => {
  key = await iguanaCosmosKey(PASSPHRASE, 'iaa');
  me = { iris: key.address, cosmos: (await iguanaCosmosKey(PASSPHRASE, 'cosmos')).address };
  iris = await startCometNode({ chainId: 'irishub-1', denom: 'uiris', prefix: 'iaa', valoperPrefix: 'iva' });
  atom = await startCometNode({ chainId: 'cosmoshub-4', denom: 'uatom', prefix: 'cosmos' });
  // The balance of the documented "insufficient funds" error: 1121450000uiris.
  iris.fund(me.iris, 1_121_450_000n);
  atom.fund(me.cosmos, 20_000_000n);
  // The three validators of the documented validators answer, and one unbonded one.
  iris.addValidator({ operatorAddress: FRESH_IRISER, moniker: 'FreshIriser', tokens: 1036351457074n, commissionRate: '0.02' });
  iris.addValidator({ operatorAddress: PXN, moniker: 'PXN', tokens: 34963416124n, commissionRate: '0.02' });
  iris.addValidator({ operatorAddress: DF_M, moniker: 'DF-M', tokens: 1009839660382n, commissionRate: '0.05' });
  iris.addValidator({ operatorAddress: UNBONDED, moniker: 'off', status: 'BOND_STATUS_UNBONDED', tokens: 5n });
  atom.addValidator({ operatorAddress: ATOM_VALIDATOR, moniker: 'cosmos validator' });
  dir = tempDir();
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: PASSPHRASE }));
});

after(async () => {
  await walletd?.stop();
  await iris?.stop();
  await atom?.stop();
  if (dir) cleanup(dir);
});

const pointed = (value) => JSON.parse(JSON.stringify(value).replaceAll(DOC_USERPASS, PASSWORD).replaceAll(DOC_DELEGATOR, me.iris));
const send = (documented) => walletd.post(pointed(documented));

async function activateBoth() {
  for (const [ticker, node] of [['IRIS', iris], ['ATOM', atom]]) {
    const res = await walletd.rpc('enable_tendermint_with_assets', { ticker, nodes: [{ url: node.url }], tokens_params: [] });
    assert.equal(res.status, 200, res.text);
  }
}

// Key sets and JSON types.
function shape(value) {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value === null || typeof value !== 'object') return value === null ? 'null' : typeof value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
}
/** A non-negative or negative integer `v` of `scale` implied decimals as KDF prints it (no trailing zeros). */
function decimal(v, scale = 6) {
  const neg = v < 0n;
  const s = (neg ? -v : v).toString().padStart(scale + 1, '0');
  const text = `${s.slice(0, -scale)}.${s.slice(-scale)}`.replace(/\.?0+$/, '');
  return (neg ? '-' : '') + text;
}
const units6 = (text) => { const [i, f = ''] = text.split('.'); return BigInt(i + f.padEnd(6, '0')); };
const kdfFee = (gasUsed, price = IRIS_GAS_PRICE) => BigInt(Math.ceil(gasUsed * 1.5 * price));

/** Verifies a signed staking result with cosmjs against the emulator's account; its decoded tx. */
async function verified(r, node, chainId, prefix, signer) {
  const tx = await checkCosmosTx(r.tx_hex, { chainId, accountNumber: node.account(signer).accountNumber, prefix });
  assert.ok(tx.valid, 'the signature verifies with the emulator\'s account number');
  assert.equal(tx.signer, signer);
  assert.equal(tx.hash, r.tx_hash);
  assert.match(r.tx_hash, /^[0-9A-F]{64}$/);
  return tx;
}

/** Broadcasts with the legacy send_raw_transaction, as the pages say; the emulator must commit it. */
async function broadcast(coin, r, node) {
  const sent = await walletd.post({ userpass: PASSWORD, method: 'send_raw_transaction', coin, tx_hex: r.tx_hex });
  assert.equal(sent.status, 200, sent.text);
  assert.deepEqual(sent.json, { tx_hash: r.tx_hash });
  const committed = node.txs.find((t) => t.hash === r.tx_hash);
  assert.equal(committed?.code, 0, committed?.log);
}

// ---- the documented requests ----

const delegateExample = { userpass: DOC_USERPASS, method: 'experimental::staking::delegate', mmrpc: '2.0',
  params: { coin: 'IRIS', staking_details: { type: 'Cosmos', validator_address: FRESH_IRISER, amount: '7.77' } } };
const undelegateExample = { userpass: DOC_USERPASS, method: 'experimental::staking::undelegate', mmrpc: '2.0',
  params: { coin: 'IRIS', staking_details: { type: 'Cosmos', validator_address: DOC_DELEGATOR, amount: '0.777' } } };
const claimExample = { userpass: DOC_USERPASS, method: 'experimental::staking::claim_rewards', mmrpc: '2.0',
  params: { coin: 'IRIS', claiming_details: { type: 'Cosmos', validator_address: FRESH_IRISER, force: true } } };
const delegationsExample = { userpass: DOC_USERPASS, method: 'experimental::staking::query::delegations', mmrpc: '2.0',
  params: { coin: 'ATOM', info_details: { type: 'Cosmos', limit: 20, page_number: 1 } } };
const ongoingExample = { userpass: DOC_USERPASS, method: 'experimental::staking::query::ongoing_undelegations', mmrpc: '2.0',
  params: { coin: 'IRIS', info_details: { type: 'Cosmos', limit: 20, page_number: 1 } } };
const validatorsExample = { userpass: DOC_USERPASS, method: 'experimental::staking::query::validators', mmrpc: '2.0',
  params: { coin: 'IRIS', info_details: { type: 'Cosmos', filter_by_status: 'Bonded', limit: 20, page_number: 1 } } };
const withDetails = (example, key, change) => ({ ...example, params: { ...example.params, [key]: { ...example.params[key], ...change } } });

// The documented answers (tx_hex shortened; the shapes are what matter).
const documentedTx = (extra) => ({ tx_hex: '0a99010a91010a23…', tx_hash: 'AF6F47AC75758077BA9118AC06CEF086F8C5204FE0231543DE79B0830EB0F11E',
  from: [DOC_DELEGATOR], to: [FRESH_IRISER], total_amount: '7.870143', spent_by_me: '7.870143', received_by_me: '0',
  my_balance_change: '-7.870143', block_height: 0, timestamp: 0,
  fee_details: { type: 'Tendermint', coin: 'IRIS', amount: '0.100143', gas_limit: 187500 }, coin: 'IRIS',
  internal_id: 'af6f47ac75758077ba9118ac06cef086f8c5204fe0231543de79b0830eb0f11e', transaction_type: 'StakingDelegation', memo: '', ...extra });
const documentedDelegate = documentedTx({});
const documentedUndelegate = documentedTx({ to: [], total_amount: '0.14818', spent_by_me: '0.14818', my_balance_change: '-0.14818',
  fee_details: { type: 'Tendermint', coin: 'IRIS', amount: '0.14818', gas_limit: 250000 }, transaction_type: 'RemoveDelegation' });
const documentedClaim = documentedTx({ from: [FRESH_IRISER], to: [DOC_DELEGATOR], total_amount: '0.005319339439621457039999',
  spent_by_me: '0.091289', received_by_me: '0.005319339439621457039999', my_balance_change: '-0.085969660560378542960001',
  fee_details: { type: 'Tendermint', coin: 'IRIS', amount: '0.091289', gas_limit: 187500 }, transaction_type: 'ClaimDelegationRewards' });
const documentedValidator = {
  operator_address: FRESH_IRISER, consensus_pubkey: { '@type': '/cosmos.crypto.ed25519.PubKey', key: 'PaFfGZrFH4EFy1DeJUnBKvbCzKiPLGcz1lMU1s688lo=' },
  jailed: false, status: 3, tokens: '1036351457074', delegator_shares: '1037907383721517130010993713986',
  description: { moniker: 'FreshIriser', identity: '', website: '', security_contact: '', details: '' },
  unbonding_height: 25673672, unbonding_time: '2024-07-28T12:40:29.880206886Z',
  commission: { commission_rates: { rate: '20000000000000000', max_rate: '1000000000000000000', max_change_rate: '1000000000000000000' },
    update_time: '2024-03-29T00:51:02.592416403Z' },
  min_self_delegation: '0',
};
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/;

test('documented NoSuchCoin errors: each example for a coin that is not active', async () => {
  // The pages' NoSuchCoin examples name ATOM (delegate, delegations) and IRIS (claim_rewards,
  // ongoing_undelegations, validators); nothing is active yet. error_data is {coin}.
  const cases = [
    [{ ...delegateExample, params: { ...delegateExample.params, coin: 'ATOM' } }, 'ATOM'],
    [delegationsExample, 'ATOM'],
    [claimExample, 'IRIS'],
    [ongoingExample, 'IRIS'],
    [validatorsExample, 'IRIS'],
  ];
  for (const [request, coin] of cases) {
    const res = await send(request);
    assert.equal(res.json?.error_type, 'NoSuchCoin', `${request.method}: ${res.text}`);
    assert.deepEqual(res.json.error_data, { coin });
  }
});

test('documented InvalidRequest errors: an unknown details type', async () => {
  // delegate / delegations: "unknown variant `UTXO`, expected `Qtum` or `Cosmos`";
  // claim_rewards, ongoing_undelegations, validators: "unknown variant `Qtum`, expected `Cosmos`".
  const cases = [
    [withDetails(delegateExample, 'staking_details', { type: 'UTXO' }), /unknown variant `UTXO`, expected `Qtum` or `Cosmos`/],
    [withDetails(delegationsExample, 'info_details', { type: 'UTXO' }), /unknown variant `UTXO`, expected `Qtum` or `Cosmos`/],
    [withDetails(claimExample, 'claiming_details', { type: 'Qtum' }), /unknown variant `Qtum`, expected `Cosmos`/],
    [withDetails(ongoingExample, 'info_details', { type: 'Qtum' }), /unknown variant `Qtum`, expected `Cosmos`/],
    [withDetails(validatorsExample, 'info_details', { type: 'Qtum' }), /unknown variant `Qtum`, expected `Cosmos`/],
  ];
  for (const [request, words] of cases) {
    const res = await send(request);
    assert.equal(res.status, 400, res.text);
    assert.equal(res.json.error_type, 'InvalidRequest', `${request.method}: ${res.text}`);
    assert.match(res.json.error, /^Error parsing request: /);
    assert.match(res.json.error, words);
  }
});

test('documented query::validators example: the bonded validators in KDF\'s JSON (raw 18-decimal commission rates)', async () => {
  await activateBoth();
  const res = await send(validatorsExample);
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(shape(res.json), shape({ mmrpc: '2.0', result: { validators: [documentedValidator] }, id: null }));
  const expected = (address, moniker, tokens, rate) => ({
    operator_address: address,
    consensus_pubkey: { '@type': '/cosmos.crypto.ed25519.PubKey', key: toBase64(sha256(new TextEncoder().encode(address))) },
    jailed: false, status: 3, tokens, delegator_shares: `${tokens}000000000000000000`,
    description: { moniker, identity: '', website: '', security_contact: '', details: '' },
    unbonding_height: 0, unbonding_time: '1970-01-01T00:00:00Z',   // as the documented PXN entry
    commission: { commission_rates: { rate, max_rate: '200000000000000000', max_change_rate: '10000000000000000' },
      update_time: '2023-11-14T22:13:20Z' },
    min_self_delegation: '1',
  });
  assert.deepEqual(res.json.result.validators, [
    expected(FRESH_IRISER, 'FreshIriser', '1036351457074', '20000000000000000'),
    expected(PXN, 'PXN', '34963416124', '20000000000000000'),
    expected(DF_M, 'DF-M', '1009839660382', '50000000000000000'),
  ]);
  // KDF's paging: page_number 2 of limit 2 is the third validator; filter All adds the unbonded one.
  const page2 = await send(withDetails(validatorsExample, 'info_details', { limit: 2, page_number: 2 }));
  assert.deepEqual(page2.json.result.validators.map((v) => v.operator_address), [DF_M]);
  const all = await send(withDetails(validatorsExample, 'info_details', { filter_by_status: 'All' }));
  assert.deepEqual(all.json.result.validators.map((v) => [v.operator_address, v.status]),
    [[FRESH_IRISER, 3], [PXN, 3], [DF_M, 3], [UNBONDED, 1]]);
});

test('documented delegate errors: AddressError for a non-bech32 validator; more than the balance is refused before anything is signed', async () => {
  const address = await send(withDetails(delegateExample, 'staking_details', { validator_address: '0x64B8eB36e3D0C10a23b85defe7f973143DC8153B' }));
  assert.equal(address.status, 400, address.text);
  assert.equal(address.json.error_type, 'AddressError');
  assert.equal(typeof address.json.error_data, 'string');
  // The documented error for 7777.77 IRIS with 1121.45 IRIS is KDF's Transport: KDF simulates
  // before it compares, so the node's simulation refuses it ("Could not read gas_info. Error code:
  // 6 Message: … failed to delegate; 1121450000uiris is smaller than 7777770000uiris:
  // insufficient funds …"). walletd compares the balance first, as its Tendermint withdraw does
  // (tendermint-withdraw.test.mjs: more than the balance is NotSufficientBalance), and answers
  // KDF's own NotSufficientBalance with the two amounts.
  const poor = await send(withDetails(delegateExample, 'staking_details', { amount: '7777.77' }));
  assert.equal(poor.status, 400, poor.text);
  assert.equal(poor.json.error_type, 'NotSufficientBalance');
  assert.equal(poor.json.error_data.coin, 'IRIS');
  assert.equal(poor.json.error_data.available, '1121.45');
  assert.ok(units6(poor.json.error_data.required) >= 7_777_770_000n, poor.text);
  assert.equal(iris.txs.length, 0, 'nothing was broadcast');
});

test('documented delegate example: 7.77 IRIS to iva1qq93…, KDF\'s fee and gas limit 187500; broadcast delegates it', async () => {
  const res = await send(delegateExample);
  assert.equal(res.status, 200, res.text);
  const r = res.json.result;
  assert.deepEqual(shape(r), shape(documentedDelegate));
  const tx = await verified(r, iris, 'irishub-1', 'iaa', me.iris);
  assert.equal(tx.typeUrl, '/cosmos.staking.v1beta1.MsgDelegate');
  assert.deepEqual(tx.msg, { delegatorAddress: me.iris, validatorAddress: FRESH_IRISER, amount: { denom: 'uiris', amount: '7770000' } });
  assert.equal(tx.gasLimit, 187500n);
  assert.equal(tx.memo, '');
  assert.equal(tx.timeoutHeight, BigInt(iris.height + 100));
  const fee = kdfFee(iris.lastSimulation.gasUsed);
  assert.equal(tx.fee.amount, fee);
  assert.deepEqual({ ...r, tx_hex: undefined, tx_hash: undefined, internal_id: undefined }, {
    ...documentedDelegate, tx_hex: undefined, tx_hash: undefined, internal_id: undefined,
    from: [me.iris], to: [FRESH_IRISER], total_amount: decimal(7_770_000n + fee), spent_by_me: decimal(7_770_000n + fee),
    my_balance_change: decimal(-(7_770_000n + fee)), fee_details: { type: 'Tendermint', coin: 'IRIS', amount: decimal(fee), gas_limit: 187500 } });
  assert.equal(iris.txs.length, 0, 'delegate signs, it does not broadcast');
  const before = iris.balance(me.iris);
  await broadcast('IRIS', r, iris);
  assert.equal(iris.delegation(me.iris, FRESH_IRISER), 7_770_000n);
  assert.equal(before - iris.balance(me.iris), 7_770_000n + fee);
});

test('documented query::delegations example (ATOM): the delegation and its DecCoin reward, undivided', async () => {
  // The delegation is made with cosmjs (not walletd), then the documented reward is set.
  const wallet = await DirectSecp256k1Wallet.fromKey(key.key, 'cosmos');
  const client = await SigningStargateClient.connectWithSigner(atom.url, wallet, { gasPrice: GasPrice.fromString('0.025uatom') });
  try {
    const r = await client.delegateTokens(me.cosmos, ATOM_VALIDATOR, { denom: 'uatom', amount: '7770000' }, 'auto');
    assert.equal(r.code, 0, r.rawLog);
  } finally {
    client.disconnect();
  }
  atom.setReward(me.cosmos, ATOM_VALIDATOR, ATOM_REWARD);
  const res = await send(delegationsExample);
  assert.equal(res.status, 200, res.text);
  const documented = { mmrpc: '2.0', result: { delegations: [{ validator_address: FRESH_IRISER, delegated_amount: '7.77',
    reward_amount: '0.000000767283749739569999' }] }, id: null };
  assert.deepEqual(shape(res.json), shape(documented));
  assert.deepEqual(res.json.result, { delegations: [{ validator_address: ATOM_VALIDATOR, delegated_amount: '7.77',
    reward_amount: '0.000000767283749739569999' }] });
  // Nothing to claim is a reward of 0, not an error (KDF: NothingToClaim → zero).
  atom.setReward(me.cosmos, ATOM_VALIDATOR, '0');
  const zero = await send(delegationsExample);
  assert.equal(zero.json.result.delegations[0].reward_amount, '0');
});

test('documented undelegate example: sent verbatim (the delegator as validator) it is CanNotUndelegate; with the validator it undelegates 0.777', async () => {
  const verbatim = await send(undelegateExample);
  assert.equal(verbatim.status, 400, verbatim.text);
  assert.equal(verbatim.json.error_type, 'CanNotUndelegate');
  assert.deepEqual(verbatim.json.error_data, { delegator_addr: me.iris, validator_addr: me.iris });

  const tooMuch = await send(withDetails(undelegateExample, 'staking_details', { validator_address: FRESH_IRISER, amount: '7.78' }));
  assert.equal(tooMuch.json?.error_type, 'TooMuchToUndelegate', tooMuch.text);
  assert.deepEqual(tooMuch.json.error_data, { available: '7.77', requested: '7.78' });

  const res = await send(withDetails(undelegateExample, 'staking_details', { validator_address: FRESH_IRISER }));
  assert.equal(res.status, 200, res.text);
  const r = res.json.result;
  assert.deepEqual(shape(r), shape(documentedUndelegate));
  const tx = await verified(r, iris, 'irishub-1', 'iaa', me.iris);
  assert.equal(tx.typeUrl, '/cosmos.staking.v1beta1.MsgUndelegate');
  assert.deepEqual(tx.msg, { delegatorAddress: me.iris, validatorAddress: FRESH_IRISER, amount: { denom: 'uiris', amount: '777000' } });
  assert.equal(tx.gasLimit, 250000n);
  const fee = kdfFee(iris.lastSimulation.gasUsed);
  assert.equal(tx.fee.amount, fee);
  assert.deepEqual([r.from, r.to, r.total_amount, r.spent_by_me, r.received_by_me, r.my_balance_change, r.fee_details, r.transaction_type, r.memo],
    [[me.iris], [], decimal(fee), decimal(fee), '0', decimal(-fee), { type: 'Tendermint', coin: 'IRIS', amount: decimal(fee), gas_limit: 250000 },
      'RemoveDelegation', '']);
  await broadcast('IRIS', r, iris);
  assert.equal(iris.delegation(me.iris, FRESH_IRISER), 6_993_000n);
});

test('documented query::ongoing_undelegations example: the unbonding entry with its creation height, completion time and balance', async () => {
  const res = await send(ongoingExample);
  assert.equal(res.status, 200, res.text);
  const documented = { mmrpc: '2.0', result: { ongoing_undelegations: [{ validator_address: FRESH_IRISER,
    entries: [{ creation_height: 29732238, completion_datetime: '2025-05-12T10:20:27.498461529Z', balance: '7.77' }] }] }, id: null };
  assert.deepEqual(shape(res.json), shape(documented));
  const [entry] = iris.unbondings(me.iris);
  const [undelegation] = res.json.result.ongoing_undelegations;
  assert.equal(res.json.result.ongoing_undelegations.length, 1);
  assert.equal(undelegation.validator_address, FRESH_IRISER);
  assert.equal(undelegation.entries.length, 1);
  assert.equal(undelegation.entries[0].creation_height, entry.creationHeight);
  assert.equal(undelegation.entries[0].balance, '0.777');
  assert.match(undelegation.entries[0].completion_datetime, RFC3339);
  assert.equal(Date.parse(undelegation.entries[0].completion_datetime), entry.completionTime.getTime());
});

test('documented claim_rewards example (force): the DecCoin reward undivided, KDF\'s fee; broadcast pays the reward\'s integer part', async () => {
  iris.setReward(me.iris, FRESH_IRISER, CLAIM_REWARD);
  const res = await send(claimExample);
  assert.equal(res.status, 200, res.text);
  const r = res.json.result;
  assert.deepEqual(shape(r), shape(documentedClaim));
  const tx = await verified(r, iris, 'irishub-1', 'iaa', me.iris);
  assert.equal(tx.typeUrl, '/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward');
  assert.deepEqual(tx.msg, { delegatorAddress: me.iris, validatorAddress: FRESH_IRISER });
  assert.equal(tx.gasLimit, 187500n);
  const fee = kdfFee(iris.lastSimulation.gasUsed);
  assert.equal(tx.fee.amount, fee);
  // reward − fee at 24 decimals (18 DecCoin + 6 coin decimals), as KDF's BigDecimal keeps them.
  const reward = BigInt(CLAIM_REWARD);
  assert.deepEqual([r.from, r.to, r.total_amount, r.received_by_me, r.spent_by_me, r.my_balance_change, r.fee_details, r.transaction_type, r.memo],
    [[FRESH_IRISER], [me.iris], '0.005319339439621457039999', '0.005319339439621457039999', decimal(fee),
      decimal(reward - fee * 10n ** 18n, 24), { type: 'Tendermint', coin: 'IRIS', amount: decimal(fee), gas_limit: 187500 },
      'ClaimDelegationRewards', '']);
  const before = iris.balance(me.iris);
  await broadcast('IRIS', r, iris);
  assert.equal(iris.balance(me.iris) - before, 5319n - fee);
});

test('documented UnprofitableReward error: the same example without force when the fee exceeds the reward', async () => {
  iris.setReward(me.iris, FRESH_IRISER, UNPROFITABLE_REWARD);
  const res = await send(withDetails(claimExample, 'claiming_details', { force: false }));
  assert.equal(res.status, 400, res.text);
  assert.equal(res.json.error_type, 'UnprofitableReward');
  const fee = kdfFee(iris.lastSimulation.gasUsed);
  assert.deepEqual(res.json.error_data, { reward: '0.005307936696578819099999', fee: decimal(fee) });
  assert.equal(res.json.error, `Fee (${decimal(fee)}) exceeds reward (0.005307936696578819099999) which makes this unprofitable. `
    + 'Set \'force\' to true in the request to bypass this check.');
});

test('KDF\'s NothingToClaim (the note, 10.3): claim_rewards from a validator with no reward for this delegator', async () => {
  const nothing = await send(withDetails(claimExample, 'claiming_details', { validator_address: PXN }));
  assert.equal(nothing.status, 400, nothing.text);
  assert.equal(nothing.json.error_type, 'NothingToClaim');
  assert.deepEqual(nothing.json.error_data, { coin: 'IRIS' });
  assert.equal(nothing.json.error, 'There is no reward for IRIS to claim.');
});
