// TRON and TRC20 end to end with the real walletd against the TRON node emulator
// (tests/peers/tron-node.mjs): activation with a token, TRX to a known and to a fresh account
// (with and without staked bandwidth), the free bandwidth allowance running out, TRC20 to a new
// and to an existing holder with staked energy, `max` for both, broadcast and
// send_raw_transaction (v2 and legacy), and every refusal. After each transfer the peer's ledger
// must show exactly the amounts moved and the fee charged must equal fee_details.total_fee to
// the sun. Every tx_hex is checked independently with tronweb (tests/support/tron-check.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TronWeb, utils } from 'tronweb';
import { TronNode, ENERGY } from '../peers/tron-node.mjs';
import { Ganache, FUNDED_KEY } from '../peers/ganache.mjs';
import { checkTronTransaction, decodeTrc20Transfer } from '../support/tron-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

const TOKEN = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const ME = TronWeb.address.fromPrivateKey(FUNDED_KEY.slice(2));
const KNOWN = 'TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K';
const fresh = () => TronWeb.address.fromPrivateKey(utils.accounts.generateAccount().privateKey);
const sun = (trx) => BigInt(Math.round(Number(trx) * 1e6));
let node, walletd, dir;

before(async () => {
  node = await TronNode.start();
  node.fund(ME, 200_000_000n);  // 200 TRX
  node.fund(KNOWN, 1n);
  node.deployToken(TOKEN);
  node.mintToken(TOKEN, ME, 50_000_000n);  // 50 tokens
  node.mintToken(TOKEN, KNOWN, 1n);
  dir = tempDir();
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: FUNDED_KEY }));
  const res = await walletd.rpc('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: [{ url: node.url }],
    erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet' }] });
  assert.equal(res.status, 200, res.text);
});

after(async () => {
  await walletd?.stop();
  await node?.stop();
  if (dir) cleanup(dir);
});

/** Runs a broadcasting withdraw; checks it with tronweb and against the peer's ledger. */
async function withdrawAndCheck(params, { token = false } = {}) {
  const senderBefore = node.balance(ME);
  const to = params.to;
  const toBefore = token ? node.tokenBalance(TOKEN, to) : node.balance(to);
  const tokenBefore = node.tokenBalance(TOKEN, ME);
  const res = await walletd.rpc('withdraw', { broadcast: true, ...params });
  assert.equal(res.status, 200, res.text);
  const r = res.json.result;
  const checked = checkTronTransaction(r.tx_hex);
  assert.equal(checked.txid, r.tx_hash);
  assert.equal(checked.signer, ME);
  assert.equal(checked.contract.owner, ME);
  const info = node.txInfo(r.tx_hash);
  assert.ok(info, 'the peer has the transaction');
  assert.equal(info.receipt.result, 'SUCCESS', JSON.stringify(info));
  const fee = sun(r.fee_details.total_fee);
  assert.equal(BigInt(info.fee ?? 0), fee, `charged ${info.fee}, fee_details ${JSON.stringify(r.fee_details)}`);
  if (token) {
    const call = decodeTrc20Transfer(checked.contract.data);
    assert.equal(checked.contract.contract, TOKEN);
    assert.equal(call.to, to);
    assert.equal(call.amount, sun(r.total_amount));
    assert.equal(node.tokenBalance(TOKEN, to) - toBefore, call.amount);
    assert.equal(tokenBefore - node.tokenBalance(TOKEN, ME), call.amount);
    assert.equal(senderBefore - node.balance(ME), fee);
    assert.equal(r.spent_by_me, r.total_amount);
  } else {
    assert.equal(checked.contract.to, to);
    assert.equal(checked.contract.amount, sun(r.total_amount));
    assert.equal(node.balance(to) - toBefore, checked.contract.amount);
    assert.equal(senderBefore - node.balance(ME), checked.contract.amount + fee);
    assert.equal(sun(r.spent_by_me), checked.contract.amount + fee);
  }
  assert.equal(r.fee_details.type, 'Tron');
  assert.equal(r.fee_details.coin, 'TRX-devnet');
  return { r, checked, info };
}

test('activation answers the Iguana shape with base58 addresses and both balances', async () => {
  const coins = await walletd.rpc('get_enabled_coins', {});
  assert.deepEqual(coins.json.result.coins.map((c) => c.ticker).sort(), ['TRX-devnet', 'USDT-TRC20-devnet']);
  const trx = await walletd.rpc('my_balance', { coin: 'TRX-devnet' });
  assert.equal(trx.json.result.address, ME);
  assert.equal(sun(trx.json.result.balance), node.balance(ME));
  const token = await walletd.rpc('my_balance', { coin: 'USDT-TRC20-devnet' });
  assert.equal(token.json.result.balance, String(Number(node.tokenBalance(TOKEN, ME)) / 1e6));
});

test('TRX to a known account: free bandwidth first, then burned when the allowance runs out', async () => {
  const first = await withdrawAndCheck({ coin: 'TRX-devnet', to: KNOWN, amount: '1.25' });
  assert.deepEqual(first.r.fee_details, { type: 'Tron', coin: 'TRX-devnet', bandwidth_used: 267, energy_used: 0,
    bandwidth_fee: '0', energy_fee: '0', total_fee: '0' });
  assert.equal(node.account(ME).freeNetUsed, 267);
  await withdrawAndCheck({ coin: 'TRX-devnet', to: KNOWN, amount: '1' });  // 534 of 600 used
  const burned = await withdrawAndCheck({ coin: 'TRX-devnet', to: KNOWN, amount: '0.5' });
  assert.equal(burned.r.fee_details.bandwidth_fee, '0.267');  // 267 bytes × 1000 sun
  assert.equal(burned.r.fee_details.total_fee, '0.267');
  assert.ok(!('account_creation_fee' in burned.r.fee_details));
});

test('TRX to a fresh account pays 1.1 TRX creation; with staked bandwidth only the 1 TRX system fee', async () => {
  const created = await withdrawAndCheck({ coin: 'TRX-devnet', to: fresh(), amount: '2' });
  assert.equal(created.r.fee_details.account_creation_fee, '1.1');
  assert.equal(created.r.fee_details.bandwidth_fee, '0');
  assert.equal(created.r.fee_details.total_fee, '1.1');
  node.stake(ME, { bandwidth: 5000 });
  try {
    const staked = await withdrawAndCheck({ coin: 'TRX-devnet', to: fresh(), amount: '2' });
    assert.equal(staked.r.fee_details.account_creation_fee, '1');
    assert.equal(staked.r.fee_details.total_fee, '1');
    const known = await withdrawAndCheck({ coin: 'TRX-devnet', to: KNOWN, amount: '0.1' });
    assert.equal(known.r.fee_details.total_fee, '0');  // staked bandwidth pays
  } finally {
    node.stake(ME, { bandwidth: 0 });
  }
});

test('TRC20 transfers: energy_used already includes the penalty; staked energy lowers the burned part, never fee_limit', async () => {
  const newHolder = fresh();
  const toNew = await withdrawAndCheck({ coin: 'USDT-TRC20-devnet', to: newHolder, amount: '3.5' }, { token: true });
  const energyNew = ENERGY.toNewHolder + ENERGY.penalty;
  assert.equal(toNew.r.fee_details.energy_used, energyNew);
  assert.equal(sun(toNew.r.fee_details.energy_fee), BigInt(energyNew * 210));
  assert.equal(toNew.checked.contract.fee_limit, BigInt(Math.ceil(energyNew * 1.2) * 210));

  node.stake(ME, { energy: 30000 });
  try {
    const toHolder = await withdrawAndCheck({ coin: 'USDT-TRC20-devnet', to: newHolder, amount: '1' }, { token: true });
    const energyHolder = ENERGY.toHolder + ENERGY.penalty;
    assert.equal(toHolder.r.fee_details.energy_used, energyHolder);
    assert.equal(sun(toHolder.r.fee_details.energy_fee), BigInt((energyHolder - 30000) * 210));
    // fee_limit covers the whole estimate, staked energy included (java-tron's fee-limit model).
    assert.equal(toHolder.checked.contract.fee_limit, BigInt(Math.ceil(energyHolder * 1.2) * 210));
  } finally {
    node.stake(ME, { energy: 0 });
  }
});

test('send_raw_transaction (v2 and legacy) broadcasts what withdraw signed; a duplicate is the node\'s DUP_TRANSACTION_ERROR', async () => {
  const signed = await walletd.rpc('withdraw', { coin: 'TRX-devnet', to: KNOWN, amount: '0.3' });
  assert.equal(signed.status, 200, signed.text);
  assert.equal(node.txInfo(signed.json.result.tx_hash), undefined, 'not broadcast without broadcast: true');
  const sent = await walletd.rpc('send_raw_transaction', { coin: 'TRX-devnet', tx_hex: signed.json.result.tx_hex });
  assert.equal(sent.status, 200, sent.text);
  assert.equal(sent.json.result.tx_hash, signed.json.result.tx_hash);
  const again = await walletd.post({ userpass: 'Integration-Test-1', method: 'send_raw_transaction', coin: 'TRX-devnet',
    tx_hex: signed.json.result.tx_hex });
  assert.equal(again.status, 500);  // the legacy form's error status
  assert.match(again.json.error, /DUP_TRANSACTION_ERROR: Dup transaction/);

  const token = await walletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: KNOWN, amount: '0.5' });
  const legacy = await walletd.post({ userpass: 'Integration-Test-1', method: 'send_raw_transaction', coin: 'USDT-TRC20-devnet',
    tx_hex: token.json.result.tx_hex });
  assert.equal(legacy.status, 200, legacy.text);
  assert.deepEqual(legacy.json, { tx_hash: token.json.result.tx_hash });
});

test('max: TRX sends balance − fee (creation fee included) and leaves zero; TRC20 sends the whole token balance', async () => {
  const spareKey = utils.accounts.generateAccount().privateKey;
  const spare = TronWeb.address.fromPrivateKey(spareKey);
  node.fund(spare, 20_000_000n);
  node.mintToken(TOKEN, spare, 4_000_000n);
  const spareDir = tempDir();
  const spareWalletd = await WalletdProcess.start(writeConfig(spareDir, { passphrase: '0x' + spareKey }));
  try {
    const act = await spareWalletd.rpc('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: [{ url: node.url }],
      erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet' }] });
    assert.equal(act.status, 200, act.text);
    const tokenMax = await spareWalletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: KNOWN, max: true, broadcast: true });
    assert.equal(tokenMax.status, 200, tokenMax.text);
    assert.equal(tokenMax.json.result.total_amount, '4');
    assert.equal(node.tokenBalance(TOKEN, spare), 0n);
    const left = node.balance(spare);
    const trxMax = await spareWalletd.rpc('withdraw', { coin: 'TRX-devnet', to: fresh(), max: true, broadcast: true });
    assert.equal(trxMax.status, 200, trxMax.text);
    const r = trxMax.json.result;
    assert.equal(r.fee_details.account_creation_fee, '1.1');
    assert.equal(sun(r.total_amount) + sun(r.fee_details.total_fee), left);
    assert.equal(node.balance(spare), 0n);
    const empty = await spareWalletd.rpc('withdraw', { coin: 'TRX-devnet', to: KNOWN, max: true });
    assert.equal(empty.json.error_type, 'ZeroBalanceToWithdrawMax');
    const noFee = await spareWalletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: KNOWN, amount: '1' });
    assert.equal(noFee.json.error_type, 'NotSufficientBalance', noFee.text);
  } finally {
    await spareWalletd.stop();
    cleanup(spareDir);
  }
});

test('refusals: a fee object, gasless without a provider, bad addresses, dust, too much, a memo, HD from', async () => {
  const cases = [
    [{ coin: 'TRX-devnet', to: KNOWN, amount: '1', fee: { type: 'EthGas', gas_price: '1', gas: 21000 } }, 400, 'InvalidFeePolicy'],
    [{ coin: 'USDT-TRC20-devnet', to: KNOWN, amount: '1', fee: { type: 'UtxoFixed', amount: '0.1' } }, 400, 'InvalidFeePolicy'],
    [{ coin: 'USDT-TRC20-devnet', to: KNOWN, amount: '1', fee_method: 'gasless' }, 503, 'Gasless'],  // Unavailable: no provider
    [{ coin: 'TRX-devnet', to: KNOWN, amount: '1', gasless: { max_fee: '1' } }, 400, 'InvalidRequest'],
    [{ coin: 'TRX-devnet', to: 'TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9L', amount: '1' }, 400, 'InvalidAddress'],
    [{ coin: 'TRX-devnet', to: '0x2b5ad5c4795c026514f8317c7a215e218dccd6cf', amount: '1' }, 400, 'InvalidAddress'],
    [{ coin: 'TRX-devnet', to: KNOWN, amount: '0.0000001' }, 400, 'AmountTooLow'],
    [{ coin: 'TRX-devnet', to: ME, amount: '1' }, 400, 'InvalidAddress'],
    [{ coin: 'TRX-devnet', to: KNOWN, amount: '100000' }, 400, 'NotSufficientBalance'],
    [{ coin: 'USDT-TRC20-devnet', to: KNOWN, amount: '1000' }, 400, 'NotSufficientBalance'],
    [{ coin: 'TRX-devnet', to: KNOWN, amount: '1', memo: 'hi' }, 400, 'UnsupportedError'],
    [{ coin: 'TRX-devnet', to: KNOWN, amount: '1', from: { derivation_path: "m/44'/195'/0'/0/0" } }, 400, 'UnexpectedFromAddress'],
    [{ coin: 'TRX-devnet', to: KNOWN, amount: '1', expiration_seconds: 0 }, 400, 'InvalidRequest'],
    [{ coin: 'TRX-devnet', to: KNOWN, amount: '1', expiration_seconds: 86401 }, 400, 'InvalidRequest'],
    [{ coin: 'TRX-devnet', to: KNOWN, amount: '1', fee_method: 'cheapest' }, 400, 'InvalidRequest'],
  ];
  for (const [params, status, type] of cases) {
    const res = await walletd.rpc('withdraw', params);
    assert.equal(res.status, status, `${JSON.stringify(params)}: ${res.text}`);
    assert.equal(res.json.error_type, type, JSON.stringify(params));
  }
  // The hex form of an address is accepted, as KDF accepts it.
  const hexTo = await walletd.rpc('withdraw', { coin: 'TRX-devnet', to: TronWeb.address.toHex(KNOWN), amount: '0.1' });
  assert.equal(hexTo.status, 200, hexTo.text);
  assert.deepEqual(hexTo.json.result.to, [KNOWN]);
  const lack = await walletd.rpc('withdraw', { coin: 'TRX-devnet', to: KNOWN, amount: '100000' });
  assert.equal(lack.json.error_data.coin, 'TRX-devnet');
});

test('the node\'s refusals carry its code and message: expired, TAPOS, bad signature, unsigned, not a transaction', async () => {
  const short = await walletd.rpc('withdraw', { coin: 'TRX-devnet', to: KNOWN, amount: '0.1', expiration_seconds: 1 });
  assert.equal(short.status, 200, short.text);
  await new Promise((r) => setTimeout(r, 1600));
  const expired = await walletd.rpc('send_raw_transaction', { coin: 'TRX-devnet', tx_hex: short.json.result.tx_hex });
  assert.equal(expired.status, 502);
  assert.equal(expired.json.error_type, 'Transport');
  assert.match(expired.json.error, /TRANSACTION_EXPIRATION_ERROR: Transaction expired/);

  const fine = await walletd.rpc('withdraw', { coin: 'TRX-devnet', to: KNOWN, amount: '0.1' });
  const hex = fine.json.result.tx_hex;
  const badSig = hex.slice(0, -6) + (hex.slice(-6, -4) === '00' ? '01' : '00') + hex.slice(-4);
  const sig = await walletd.rpc('send_raw_transaction', { coin: 'TRX-devnet', tx_hex: badSig });
  assert.match(sig.json.error, /SIGERROR/);

  // A transaction signed by tronweb on a block the node never made: TAPOS_ERROR.
  const tronweb = new TronWeb({ fullHost: node.url, privateKey: FUNDED_KEY.slice(2) });
  const built = await tronweb.transactionBuilder.sendTrx(KNOWN, 1000, ME, { txLocal: true });
  built.raw_data.ref_block_hash = '0000000000000000';
  const pb = utils.transaction.txJsonToPb(built);
  built.raw_data_hex = utils.transaction.txPbToRawDataHex(pb).toLowerCase();
  built.txID = utils.transaction.txPbToTxID(pb).replace(/^0x/, '');
  const signedByTronweb = await tronweb.trx.sign(built, FUNDED_KEY.slice(2));
  const rawLen = built.raw_data_hex.length / 2;
  const txHex = '0a' + varintHex(rawLen) + built.raw_data_hex + '1241' + signedByTronweb.signature[0];
  const tapos = await walletd.rpc('send_raw_transaction', { coin: 'TRX-devnet', tx_hex: txHex });
  assert.match(tapos.json.error, /TAPOS_ERROR/);

  const unsigned = await walletd.rpc('send_raw_transaction', { coin: 'TRX-devnet', tx_hex: '0a' + varintHex(rawLen) + built.raw_data_hex });
  assert.equal(unsigned.json.error_type, 'InvalidParam');
  const garbage = await walletd.rpc('send_raw_transaction', { coin: 'TRX-devnet', tx_hex: 'ffff' });
  assert.equal(garbage.json.error_type, 'InvalidParam');
});

test('tronweb\'s own transactions are accepted by the peer (the peer follows the documented protocol)', async () => {
  const tronweb = new TronWeb({ fullHost: node.url, privateKey: FUNDED_KEY.slice(2) });
  const before = node.balance(KNOWN);
  const tx = await tronweb.transactionBuilder.sendTrx(KNOWN, 123456, ME, { txLocal: true });
  const signed = await tronweb.trx.sign(tx, FUNDED_KEY.slice(2));
  const result = await tronweb.trx.sendRawTransaction(signed);
  assert.equal(result.result, true, JSON.stringify(result));
  assert.equal(node.balance(KNOWN) - before, 123456n);
});

test('a TRON ticker on an EVM node, and an EVM ticker on a TRON node, fail clearly', async () => {
  const ganache = await Ganache.start();
  try {
    const wrong = await walletd.rpc('enable_eth_with_tokens', { ticker: 'TRX', nodes: [{ url: ganache.url }] });
    assert.equal(wrong.json.error_type, 'PlatformCoinCreationError', wrong.text);
    assert.match(wrong.json.error, /does not speak TRON's HTTP API/);
  } finally {
    await ganache.stop();
  }
  const reverse = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: node.url }] });
  assert.equal(reverse.status, 502, reverse.text);
  assert.match(reverse.json.error, /eth_chainId/);
  const coins = await walletd.rpc('get_enabled_coins', {});
  assert.ok(!coins.json.result.coins.some((c) => c.ticker === 'TRX' || c.ticker === 'ETH-ganache'));
});

test('disable_coin with force_disable takes the token with the platform; enable_erc20 adds it back', async () => {
  const disabled = await walletd.rpc('disable_coin', { coin: 'USDT-TRC20-devnet' });
  assert.equal(disabled.status, 200, disabled.text);
  const again = await walletd.rpc('enable_erc20', { ticker: 'USDT-TRC20-devnet', activation_params: {} });
  assert.equal(again.status, 200, again.text);
  assert.deepEqual(Object.keys(again.json.result.balances), [ME]);
  assert.equal(again.json.result.token_contract_address, TOKEN);
  assert.equal(again.json.result.platform_coin, 'TRX-devnet');
  // Without force_disable KDF passivizes a platform whose tokens are active: the token works on.
  const passive = await walletd.rpc('disable_coin', { coin: 'TRX-devnet' });
  assert.equal(passive.json.result.passivized, true, passive.text);
  assert.equal((await walletd.rpc('my_balance', { coin: 'USDT-TRC20-devnet' })).status, 200);
  const platform = await walletd.rpc('disable_coin', { coin: 'TRX-devnet', force_disable: true });
  assert.deepEqual(platform.json.result.tokens, ['USDT-TRC20-devnet']);
  const gone = await walletd.rpc('my_balance', { coin: 'USDT-TRC20-devnet' });
  assert.equal(gone.json.error_type, 'NoSuchCoin', gone.text);
});

function varintHex(n) {
  const out = [];
  while (n >= 0x80) { out.push((n & 0x7f) | 0x80); n >>>= 7; }
  out.push(n);
  return Buffer.from(out).toString('hex');
}
