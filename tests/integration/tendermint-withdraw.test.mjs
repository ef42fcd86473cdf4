// Tendermint end to end with the real walletd against the CometBFT emulator
// (tests/peers/cometbft-node.mjs): IRIS (gas price 0.5 from the coins file) with its token
// ATOM-IBC_IRIS, activation (plain and as a task), balances, bank sends with memo, CosmosGas and
// max, token sends paying the fee in IRIS, IBC transfers (coins-file channel and a requested one,
// checked OPEN), broadcast and send_raw_transaction, a sequence race, accounts of other types, and
// every refusal. Each transaction is decoded and its signature verified with cosmjs
// (tests/support/cosmos-check.mjs) using the emulator's account number; after each broadcast the
// ledger moves exactly the amount and charges exactly fee_details.amount, and the fee is KDF's
// ceil(gas_used × 1.5 × gas_price) of the emulator's simulation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startCometNode } from '../peers/cometbft-node.mjs';
import { checkCosmosTx, iguanaCosmosKey } from '../support/cosmos-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD } from '../support/walletd-process.mjs';

const PASSPHRASE = 'iris test seed';
const ME = 'iaa1e0rx87mdj79zejewuc4jg7ql9ud2286g2us8f2';  // KDF's vector for this passphrase
const OTHER = 'iaa16drqvl3u8sukfsu4lm3qsk28jr3fahja9vsv6k';
const COSMOS_OTHER = 'cosmos16drqvl3u8sukfsu4lm3qsk28jr3fahjaswsac8';
const ATOM_IBC = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const GAS_PRICE = 0.5;  // IRIS's coins-file gas_price
const units = (text) => BigInt(Math.round(Number(text) * 1e6));
const kdfFee = (gasUsed, price = GAS_PRICE) => BigInt(Math.ceil(gasUsed * 1.5 * price));
let node, walletd, dir;

before(async () => {
  assert.equal((await iguanaCosmosKey(PASSPHRASE, 'iaa')).address, ME);
  node = await startCometNode({ chainId: 'irishub-1', denom: 'uiris', prefix: 'iaa', valoperPrefix: 'iva' });
  node.fund(ME, 50_000_000n);
  node.fund(ME, 3_000_000n, ATOM_IBC);
  node.fund(OTHER, 1n);
  node.setChannel('channel-0', 'OPEN', 'cosmoshub-4');
  node.setChannel('channel-3', 'CLOSED', 'osmosis-1');
  node.setChannel('channel-7', 'OPEN', 'cosmoshub-4');
  dir = tempDir();
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: PASSPHRASE }));
  const res = await walletd.rpc('enable_tendermint_with_assets', { ticker: 'IRIS', nodes: [{ url: node.url }],
    tokens_params: [{ ticker: 'ATOM-IBC_IRIS' }] });
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(res.json.result, { ticker: 'IRIS', address: ME, current_block: node.height,
    balance: { spendable: '50', unspendable: '0' },
    tokens_balances: { 'ATOM-IBC_IRIS': { spendable: '3', unspendable: '0' } } });
});

after(async () => {
  await walletd?.stop();
  await node?.stop();
  if (dir) cleanup(dir);
});

/** Verifies a signed result with cosmjs against the emulator's account for the signer. */
async function verified(result, signer = ME) {
  const account = node.account(signer);
  const tx = await checkCosmosTx(result.tx_hex, { chainId: 'irishub-1', accountNumber: account.accountNumber, prefix: 'iaa' });
  assert.ok(tx.valid, 'the signature verifies with the emulator\'s account number');
  assert.equal(tx.highS, false);
  assert.equal(tx.mode, 1);  // SIGN_MODE_DIRECT
  assert.equal(tx.signer, signer);
  assert.equal(tx.hash, result.tx_hash);
  assert.equal(tx.fee.denom, 'uiris');
  return tx;
}

/** A broadcasting withdraw; checks the answer, the transaction and the ledger. */
async function withdrawAndCheck(params, { denom = 'uiris', price = GAS_PRICE, ibc = false } = {}) {
  const heightBefore = node.height;
  const before = { mine: node.balance(ME, denom), fee: node.balance(ME, 'uiris'), to: node.balance(params.to, denom) };
  const res = await walletd.rpc('withdraw', { coin: 'IRIS', broadcast: true, ...params });
  assert.equal(res.status, 200, res.text);
  const r = res.json.result;
  const tx = await verified(r);
  const committed = node.txs.find((t) => t.hash === r.tx_hash);
  assert.ok(committed, 'the emulator committed the transaction');
  assert.equal(committed.code, 0, committed.log);
  const simulated = kdfFee(node.lastSimulation.gasUsed, price);
  assert.equal(tx.fee.amount, ibc ? simulated * 3n / 2n : simulated);
  assert.equal(units(r.fee_details.amount), tx.fee.amount);
  assert.equal(tx.timeoutHeight, BigInt(heightBefore + 100));
  assert.equal(r.timestamp, 0);
  assert.equal(r.block_height, 0);
  assert.equal(r.fee_details.type, 'Tendermint');
  assert.equal(r.fee_details.coin, 'IRIS');
  assert.equal(BigInt(r.fee_details.gas_limit), tx.gasLimit);
  assert.equal(r.memo, params.memo ?? '');
  assert.deepEqual(r.from, [ME]);
  assert.deepEqual(r.to, [params.to]);
  return { r, tx, before };
}

test('IRIS MsgSend with a memo: signed as cosmjs verifies, fee from the simulation, ledger exact', async () => {
  const { r, tx, before } = await withdrawAndCheck({ to: OTHER, amount: '1.25', memo: 'walletd → IRIS' });
  assert.equal(tx.typeUrl, '/cosmos.bank.v1beta1.MsgSend');
  assert.deepEqual(tx.msg, { fromAddress: ME, toAddress: OTHER, amount: [{ denom: 'uiris', amount: '1250000' }] });
  assert.equal(tx.memo, 'walletd → IRIS');
  assert.equal(tx.gasLimit, 125000n);
  assert.equal(node.balance(OTHER) - before.to, 1_250_000n);
  assert.equal(before.mine - node.balance(ME), 1_250_000n + tx.fee.amount);
  assert.equal(units(r.total_amount), 1_250_000n + tx.fee.amount);
  assert.equal(r.spent_by_me, r.total_amount);
  assert.equal(r.received_by_me, '0');
  assert.equal(r.my_balance_change, `-${r.total_amount}`);
  assert.equal(r.transaction_type, 'StandardTransfer');
  assert.match(r.tx_hash, /^[0-9A-F]{64}$/);
  assert.match(r.internal_id, /^[0-9a-f]{64}$/);
});

test('CosmosGas sets the gas price and the gas limit; a string gas_price is InvalidRequest', async () => {
  const { tx } = await withdrawAndCheck({ to: OTHER, amount: '0.5', fee: { type: 'CosmosGas', gas_price: 0.25, gas_limit: 200000 } },
    { price: 0.25 });
  assert.equal(tx.gasLimit, 200000n);
  const bad = await walletd.rpc('withdraw', { coin: 'IRIS', to: OTHER, amount: '0.5',
    fee: { type: 'CosmosGas', gas_price: '0.25', gas_limit: 200000 } });
  assert.equal(bad.status, 400, bad.text);
  assert.equal(bad.json.error_type, 'InvalidRequest');
  const other = await walletd.rpc('withdraw', { coin: 'IRIS', to: OTHER, amount: '0.5', fee: { type: 'UtxoFixed', amount: '0.1' } });
  assert.equal(other.status, 400, other.text);
  assert.equal(other.json.error_type, 'InvalidFeePolicy');
});

test('a token send moves the token denom and pays the fee in IRIS', async () => {
  const { r, tx, before } = await withdrawAndCheck({ coin: 'ATOM-IBC_IRIS', to: OTHER, amount: '0.75' }, { denom: ATOM_IBC });
  assert.deepEqual(tx.msg.amount, [{ denom: ATOM_IBC, amount: '750000' }]);
  assert.equal(before.mine - node.balance(ME, ATOM_IBC), 750_000n);
  assert.equal(node.balance(OTHER, ATOM_IBC) - before.to, 750_000n);
  assert.equal(r.total_amount, '0.75');
  assert.equal(r.spent_by_me, '0.75');
  assert.equal(r.coin, 'ATOM-IBC_IRIS');
  assert.equal(r.fee_details.coin, 'IRIS');
  const balance = await walletd.post({ userpass: PASSWORD, method: 'my_balance', coin: 'ATOM-IBC_IRIS' });
  assert.equal(balance.status, 200, balance.text);
  assert.equal(balance.json.balance, '2.25');
  assert.equal(balance.json.address, ME);
});

test('IBC: another prefix takes the coins file\'s channel (checked OPEN); the fee is × 3/2', async () => {
  const escrowBefore = node.escrow('channel-0');
  const started = Date.now();
  const { r, tx } = await withdrawAndCheck({ to: COSMOS_OTHER, amount: '2' }, { ibc: true });
  assert.equal(tx.typeUrl, '/ibc.applications.transfer.v1.MsgTransfer');
  assert.equal(tx.msg.sourcePort, 'transfer');
  assert.equal(tx.msg.sourceChannel, 'channel-0');
  assert.equal(tx.msg.receiver, COSMOS_OTHER);
  assert.equal(tx.msg.sender, ME);
  assert.deepEqual(tx.msg.token, { denom: 'uiris', amount: '2000000' });
  assert.deepEqual(tx.msgFields, [1, 2, 3, 4, 5, 7], 'no timeout_height (6) nor memo (8), as KDF');
  const timeoutMs = Number(tx.msg.timeoutTimestamp / 1_000_000n);
  assert.ok(timeoutMs >= started + 899_000 && timeoutMs <= Date.now() + 901_000, `timeout ${timeoutMs}`);
  assert.equal(tx.gasLimit, 150000n);
  assert.equal(node.escrow('channel-0') - escrowBefore, 2_000_000n);
  assert.equal(r.transaction_type, 'TendermintIBCTransfer');
});

test('IBC: a requested channel is used and checked too; a closed or unknown one is IBCError', async () => {
  const { tx } = await withdrawAndCheck({ to: COSMOS_OTHER, amount: '0.1', ibc_source_channel: 7 }, { ibc: true });
  assert.equal(tx.msg.sourceChannel, 'channel-7');
  const closed = await walletd.rpc('withdraw', { coin: 'IRIS', to: 'osmo16drqvl3u8sukfsu4lm3qsk28jr3fahjac4rdw4', amount: '0.1' });
  assert.equal(closed.status, 400, closed.text);
  assert.equal(closed.json.error_type, 'IBCError');
  assert.deepEqual(closed.json.error_data, { IBCChannelNotHealthy: { channel_id: 'channel-3' } });
  const missing = await walletd.rpc('withdraw', { coin: 'IRIS', to: COSMOS_OTHER, amount: '0.1', ibc_source_channel: 99 });
  assert.deepEqual(missing.json.error_data, { IBCChannelMissingOnNode: { channel_id: 'channel-99' } });
  const unknown = await walletd.rpc('withdraw', { coin: 'IRIS', to: 'nuc150evuj4j7k9kgu38e453jdv9m3u0ft2n4fgzfr', amount: '0.1' });
  assert.equal(unknown.json.error_type, 'IBCError');
  assert.deepEqual(unknown.json.error_data, { IBCChannelCouldNotBeFound: { address_prefix: 'nuc' } });
  const text = await walletd.rpc('withdraw', { coin: 'IRIS', to: COSMOS_OTHER, amount: '0.1', ibc_source_channel: 'channel-7' });
  assert.equal(text.json.error_type, 'InvalidRequest');
});

test('send_raw_transaction broadcasts what withdraw signed (not broadcast before); garbage is refused', async () => {
  const signed = await walletd.rpc('withdraw', { coin: 'IRIS', to: OTHER, amount: '0.2' });
  assert.equal(signed.status, 200, signed.text);
  assert.equal(node.txs.find((t) => t.hash === signed.json.result.tx_hash), undefined);
  const otherBefore = node.balance(OTHER);
  const sent = await walletd.post({ userpass: PASSWORD, method: 'send_raw_transaction', coin: 'IRIS', tx_hex: signed.json.result.tx_hex });
  assert.equal(sent.status, 200, sent.text);
  assert.deepEqual(sent.json, { tx_hash: signed.json.result.tx_hash });
  assert.equal(node.balance(OTHER) - otherBefore, 200_000n);
  const again = await walletd.rpc('send_raw_transaction', { coin: 'IRIS', tx_hex: signed.json.result.tx_hex });
  assert.equal(again.status, 502, again.text);  // CometBFT: the mempool's cache refuses a replay
  assert.equal(again.json.error_type, 'Transport');
  assert.match(again.json.error, /tx already exists in cache/);
  const garbage = await walletd.rpc('send_raw_transaction', { coin: 'IRIS', tx_hex: 'deadbeef' });
  assert.equal(garbage.status, 400, garbage.text);
  assert.equal(garbage.json.error_type, 'InvalidParam');
});

test('a sequence race at broadcast is re-signed once with the expected sequence', async () => {
  node.faults.sequenceRace = 1;
  const { tx } = await withdrawAndCheck({ to: OTHER, amount: '0.01' });
  assert.equal(tx.sequence, BigInt(node.account(ME).sequence) - 1n);
  assert.equal(node.faults.sequenceRace, 0);
});

test('refusals: bad address, too much, too little, HD from with the Iguana key', async () => {
  const cases = [
    [{ to: '0x64B8…153B', amount: '1' }, 400, 'InvalidAddress'],
    [{ to: OTHER, amount: '1000' }, 400, 'NotSufficientBalance'],
    [{ to: OTHER, amount: '0.0000001' }, 400, 'AmountTooLow'],
    [{ to: OTHER, amount: '0.1', from: { derivation_path: "m/44'/118'/0'/0/1" } }, 400, 'UnexpectedFromAddress'],
  ];
  for (const [params, status, type] of cases) {
    const res = await walletd.rpc('withdraw', { coin: 'IRIS', ...params });
    assert.equal(res.status, status, `${JSON.stringify(params)}: ${res.text}`);
    assert.equal(res.json.error_type, type, res.text);
  }
  const needed = await walletd.rpc('withdraw', { coin: 'IRIS', to: OTHER, amount: '1000' });
  assert.equal(needed.json.error_data.coin, 'IRIS');
  assert.equal(needed.json.error_data.required, '1000');
});

test('max sends balance − fee and leaves nothing; a token with no IRIS for the fee is NotSufficientPlatformBalanceForFee', async () => {
  const { r, tx } = await withdrawAndCheck({ to: OTHER, max: true });
  assert.equal(node.balance(ME), 0n);
  assert.equal(BigInt(tx.msg.amount[0].amount) + tx.fee.amount, units(r.total_amount));
  const token = await walletd.rpc('withdraw', { coin: 'ATOM-IBC_IRIS', to: OTHER, amount: '0.1' });
  assert.equal(token.status, 400, token.text);
  assert.equal(token.json.error_type, 'NotSufficientPlatformBalanceForFee');
  assert.equal(token.json.error_data.coin, 'IRIS');
  node.fund(ME, 10_000_000n);
});
