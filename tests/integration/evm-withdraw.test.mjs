// ETH and ERC20 withdraw against ganache with the real walletd: legacy and EIP-1559, fee estimated
// or set, `max`, broadcast through send_raw_transaction and with `broadcast: true`; on the node:
// receipt status 1 and balances moved by exactly the amount (plus the fee for ETH). ethers parses
// every tx_hex to walletd's sender and the requested fields. Refusals are checked over HTTP.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Contract, Transaction, parseEther, parseUnits, formatEther } from 'ethers';
import { startEvmFixture, TEST_TOKEN } from '../support/evm-fixture.mjs';
import { PASSWORD } from '../support/walletd-process.mjs';

const TOKEN = TEST_TOKEN;
const TO = '0x3535353535353535353535353535353535353535';
let ganache, walletd, owner, token;

const balance = (address) => ganache.balance(address);
const tokenBalance = async (a) => BigInt(await ganache.rpc('eth_call', [{ to: TOKEN, data: token.interface.encodeFunctionData('balanceOf', [a]) }, 'latest']));
const receipt = (hash) => ganache.rpc('eth_getTransactionReceipt', ['0x' + hash]);

let fixture;
before(async () => {
  fixture = await startEvmFixture();
  ({ ganache, walletd, owner } = fixture);
  token = new Contract(TOKEN, ganache.erc20Abi, ganache.provider);
  const res = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }],
    erc20_tokens_requests: [{ ticker: 'TST-ganache' }] });
  assert.equal(res.status, 200, res.text);
});

after(() => fixture?.stop());

/** Checks the tx_hex in ethers: signer, type, chain and the fields the request asked for. */
function checkParsed(details, { type, to, value, data }) {
  const tx = Transaction.from('0x' + details.tx_hex);
  assert.equal(tx.from, owner);
  assert.equal(tx.type, type);
  assert.equal(tx.chainId, 1337n);
  assert.equal(tx.to, to);
  assert.equal(tx.value, value);
  if (data) assert.equal(tx.data, data);
  assert.equal(tx.hash.slice(2), details.tx_hash);
  return tx;
}

test('ETH legacy withdraw (EthGas) broadcast with send_raw_transaction moves amount + fee to the wei', async () => {
  const before = await balance(owner), toBefore = await balance(TO);
  const res = await walletd.rpc('withdraw', { coin: 'ETH-ganache', to: TO, amount: '1.25', fee: { type: 'EthGas', gas_price: '3', gas: 21000 } });
  assert.equal(res.status, 200, res.text);
  const d = res.json.result;
  checkParsed(d, { type: 0, to: TO, value: parseEther('1.25') });
  assert.deepEqual(d.fee_details, { type: 'Eth', coin: 'ETH-ganache', gas: 21000, gas_price: '0.000000003', total_fee: '0.000063',
    max_fee_per_gas: null, max_priority_fee_per_gas: null });
  assert.equal(d.spent_by_me, '1.250063');
  assert.equal(d.my_balance_change, '-1.250063');
  assert.deepEqual([d.from, d.to, d.total_amount, d.received_by_me, d.block_height, d.coin, d.internal_id, d.transaction_type, d.memo],
    [[owner], [TO], '1.25', '0', 0, 'ETH-ganache', '', 'StandardTransfer', null]);
  const sent = await walletd.rpc('send_raw_transaction', { coin: 'ETH-ganache', tx_hex: d.tx_hex });
  assert.deepEqual(sent.json.result, { tx_hash: d.tx_hash });
  assert.equal((await receipt(d.tx_hash)).status, '0x1');
  assert.equal(await balance(TO), toBefore + parseEther('1.25'));
  assert.equal(await balance(owner), before - parseEther('1.250063'));
});

test('ETH EIP-1559 withdraw with estimated fees and broadcast: true', async () => {
  const before = await balance(owner), toBefore = await balance(TO);
  const res = await walletd.rpc('withdraw', { coin: 'ETH-ganache', to: TO, amount: 0.5, broadcast: true });
  assert.equal(res.status, 200, res.text);
  const d = res.json.result;
  const tx = checkParsed(d, { type: 2, to: TO, value: parseEther('0.5') });
  assert.equal(d.fee_details.max_fee_per_gas, formatEther(tx.maxFeePerGas).replace(/\.0$/, ''));
  const r = await receipt(d.tx_hash);
  assert.equal(r.status, '0x1');
  const paid = BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice);
  assert.ok(paid <= parseEther(d.fee_details.total_fee), 'the actual fee stays within fee_details.total_fee');
  assert.equal(await balance(TO), toBefore + parseEther('0.5'));
  assert.equal(await balance(owner), before - parseEther('0.5') - paid);
});

test('ERC20 withdraw with EthGasEip1559; the token moves exactly, gas is paid in ETH', async () => {
  const res = await walletd.rpc('withdraw', { coin: 'TST-ganache', to: TO, amount: '12.5',
    fee: { type: 'EthGasEip1559', max_fee_per_gas: '5', max_priority_fee_per_gas: '1.5', gas_option: { type: 'Calc' } } });
  assert.equal(res.status, 200, res.text);
  const d = res.json.result;
  const data = token.interface.encodeFunctionData('transfer', [TO, parseEther('12.5')]);
  checkParsed(d, { type: 2, to: TOKEN, value: 0n, data });
  assert.equal(d.fee_details.coin, 'ETH-ganache');
  assert.equal(d.spent_by_me, '12.5');
  const toBefore = await tokenBalance(TO);
  const sent = await walletd.post({ userpass: PASSWORD, method: 'send_raw_transaction', coin: 'TST-ganache', tx_hex: d.tx_hex });
  assert.equal(sent.json.tx_hash, d.tx_hash);
  assert.equal((await receipt(d.tx_hash)).status, '0x1');
  assert.equal(await tokenBalance(TO), toBefore + parseEther('12.5'));
});

test('max withdraws leave nothing behind: ERC20 (whole token balance) and ETH from a fresh key', async () => {
  const all = await tokenBalance(owner);
  const res = await walletd.rpc('withdraw', { coin: 'TST-ganache', to: TO, max: true, broadcast: true });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.result.total_amount, formatEther(all).replace(/\.0$/, ''));
  assert.equal(await tokenBalance(owner), 0n);
  const zero = await walletd.rpc('withdraw', { coin: 'TST-ganache', to: TO, max: true });
  assert.equal(zero.status, 400);
  assert.equal(zero.json.error_type, 'ZeroBalanceToWithdrawMax');
});

test('withdraw refusals: error types and statuses', async () => {
  const cases = [
    [{ coin: 'ETH-ganache', to: TO, amount: '1', fee: { type: 'UtxoFixed', amount: '0.1' } }, 400, 'InvalidFeePolicy'],
    [{ coin: 'ETH-ganache', to: TO, amount: '1', fee: { type: 'Magic' } }, 400, 'InvalidRequest'],
    [{ coin: 'ETH-ganache', to: TO, amount: '100000' }, 400, 'NotSufficientBalance'],
    [{ coin: 'ETH-ganache', to: '0x3535353535353535353535353535353535353536'.replace('3536', '3S36'), amount: '1' }, 400, 'InvalidAddress'],
    [{ coin: 'ETH-ganache', to: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', amount: '1' }, 400, 'InvalidAddress'],
    [{ coin: 'ETH-ganache', to: TO, amount: '0.0000000000000000001' }, 400, 'AmountTooLow'],
    [{ coin: 'NOPE', to: TO, amount: '1' }, 404, 'NoSuchCoin'],
    [{ coin: 'ETH-ganache', to: TO }, 400, 'InvalidRequest'],
    [{ coin: 'ETH-ganache', to: TO, amount: '-1' }, 400, 'InvalidRequest'],
    [{ coin: 'ETH-ganache', to: TO, amount: '1', from: { derivation_path: "m/44'/60'/0'/0/0" } }, 400, 'UnexpectedFromAddress'],
  ];
  for (const [params, status, type] of cases) {
    const res = await walletd.rpc('withdraw', params);
    assert.equal(res.status, status, JSON.stringify(params) + ' ' + res.text);
    assert.equal(res.json.error_type, type, JSON.stringify(params));
  }
  // Unknown keys are ignored, as KDF's WithdrawRequest ignores them (the GUI adds kmd_rewards and
  // fee objects carry a `coin`); small amounts come as JSON numbers in exponent form.
  const lenient = await walletd.rpc('withdraw', { coin: 'ETH-ganache', to: TO, amount: 1e-7, surprise: true,
    fee: { type: 'EthGas', gas_price: 3.5, gas: 21000, coin: 'ETH-ganache' } });
  assert.equal(lenient.status, 200, lenient.text);
  assert.equal(lenient.json.result.total_amount, '0.0000001');
  assert.equal(lenient.json.result.fee_details.gas_price, '0.0000000035');  // 3.5 gwei, written in ETH as KDF does
  const noGas = await walletd.rpc('withdraw', { coin: 'TST-ganache', to: TO, amount: '1' });
  assert.equal(noGas.json.error_type, 'NotSufficientBalance');  // no tokens left after the max test
  const raw = await walletd.rpc('send_raw_transaction', { coin: 'ETH-ganache', tx_hex: '02deadbeef' });
  assert.equal(raw.status, 502);
  assert.equal(raw.json.error_type, 'Transport');
  const badHex = await walletd.rpc('send_raw_transaction', { coin: 'ETH-ganache', tx_hex: 'xyz' });
  assert.equal(badHex.json.error_type, 'InvalidParam');
});
