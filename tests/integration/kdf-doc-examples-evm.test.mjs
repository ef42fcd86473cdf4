// KDF's documented requests for the EVM wallet methods (komodo-docs-mdx: api/v20/wallet/tx/withdraw,
// sign_raw_transaction, my_tx_history, get_private_keys, fee_management/*_swap_transaction_fee_policy,
// coin_activation/enable_erc20 and task_managed/enable_eth, legacy/my_balance, send_raw_transaction,
// disable_coin), sent verbatim against the real walletd and ganache except for what must point at
// the test peers: `userpass`, the tickers (ETH/MATIC → ETH-ganache, BAT-ERC20 → TST-ganache), the
// nodes, and the placeholders of the EthGas example. Answers must have the documented shape (every
// documented key, with its JSON type) and, where the documented values follow from the request
// (the fee of a given gas price), those values. What walletd signs is checked with ethers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { HDNodeWallet, Transaction, getAddress, parseEther, parseUnits } from 'ethers';
import { startEvmFixture } from '../support/evm-fixture.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD } from '../support/walletd-process.mjs';

// The documented examples write this address in lower case, which KDF itself refuses (its
// valid_addr_from_str wants the EIP-55 form: "Invalid address checksum"); walletd does the same,
// and the examples are then sent with the checksummed form.
const DOC_TO_LOWER = '0xbab36286672fbdc7b250804bf6d14be0df69fa28';
const DOC_TO = getAddress(DOC_TO_LOWER);
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
let fixture, ganache, walletd;

before(async () => {
  fixture = await startEvmFixture({ supply: parseEther('100') });
  ({ ganache, walletd } = fixture);
});
after(() => fixture?.stop());

const send = (documented) => walletd.post({ ...documented, userpass: PASSWORD });
const activate = (tokens = [{ ticker: 'TST-ganache' }]) => walletd.rpc('enable_eth_with_tokens',
  { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }], erc20_tokens_requests: tokens });
const disable = () => walletd.rpc('disable_coin', { coin: 'ETH-ganache', force_disable: true });

// Runs `body` with ETH-ganache active (no tokens), disabling it afterwards even when `body` fails.
async function withEth(body) {
  const res = await activate([]);
  assert.equal(res.status, 200, res.text);
  try {
    await body();
  } finally {
    await disable();
  }
}

// Asserts that `actual` has every key of `documented`, recursively, with the same JSON type
// (arrays: the first element's shape). Documented responses omit some of KDF's own keys, so
// walletd's extra keys are allowed.
function assertHasShape(actual, documented, path = 'result') {
  if (Array.isArray(documented)) {
    assert.ok(Array.isArray(actual), `${path}: expected an array, got ${JSON.stringify(actual)}`);
    if (documented.length && actual.length) assertHasShape(actual[0], documented[0], `${path}[0]`);
    return;
  }
  if (documented === null || typeof documented !== 'object') {
    assert.equal(typeof actual, typeof documented, `${path}: ${JSON.stringify(actual)}`);
    return;
  }
  assert.ok(actual && typeof actual === 'object', `${path}: expected an object, got ${JSON.stringify(actual)}`);
  for (const [k, v] of Object.entries(documented)) {
    assert.ok(k in actual, `${path}.${k} is missing from ${JSON.stringify(actual)}`);
    assertHasShape(actual[k], v, `${path}.${k}`);
  }
}

// The documented ETH withdraw answer (withdraw page, "Withdraw ETH, ERC20, and other ETH-based forks").
const documentedEthWithdraw = {
  block_height: 0, coin: 'ETH',
  fee_details: { type: 'Eth', coin: 'ETH', gas: 21000, gas_price: '0.000000001', total_fee: '0.000021' },
  from: ['0xbab36286672fbdc7b250804bf6d14be0df69fa29'], my_balance_change: '-10.000021', received_by_me: '0',
  spent_by_me: '10.000021', to: ['0xbab36286672fbdc7b250804bf6d14be0df69fa28'], total_amount: '10.000021',
  tx_hash: '8fbc5538679e4c4b78f8b9db0faf9bf78d02410006e8823faadba8e8ae721d60', tx_hex: 'f86d820a59',
};

test('documented withdraw examples: ETH (numeric amount), EthGas, max, broadcast=true', () => withEth(async () => {
  const lower = await send({ id: 0, method: 'withdraw', mmrpc: '2.0',
    params: { amount: 10, coin: 'ETH-ganache', to: DOC_TO_LOWER }, userpass: 'RPC_UserP@SSW0RD' });
  assert.equal(lower.status, 400, lower.text);
  assert.equal(lower.json.error_type, 'InvalidAddress');
  assert.equal(lower.json.error_data, 'Invalid address checksum');
  const eth = await send({ id: 0, method: 'withdraw', mmrpc: '2.0',
    params: { amount: 10, coin: 'ETH-ganache', to: DOC_TO }, userpass: 'RPC_UserP@SSW0RD' });
  assert.equal(eth.status, 200, eth.text);
  assert.equal(eth.json.id, 0);
  assertHasShape(eth.json.result, documentedEthWithdraw);
  const signed = Transaction.from('0x' + eth.json.result.tx_hex);
  assert.equal(signed.from, fixture.owner);
  assert.equal(signed.to, DOC_TO);
  assert.equal(signed.value, parseEther('10'));

  // "with gas fee": the documented fee follows from the request, so its values must match.
  const gas = await send({ id: 0, method: 'withdraw', mmrpc: '2.0', userpass: 'RPC_UserP@SSW0RD',
    params: { amount: '1', coin: 'ETH-ganache', fee: { gas: 55000, gas_price: '3.5', type: 'EthGas' }, to: DOC_TO } });
  assert.equal(gas.status, 200, gas.text);
  const fee = gas.json.result.fee_details;
  assert.deepEqual({ type: fee.type, coin: fee.coin, gas: fee.gas, gas_price: fee.gas_price, total_fee: fee.total_fee },
    { type: 'Eth', coin: 'ETH-ganache', gas: 55000, gas_price: '0.0000000035', total_fee: '0.0001925' });
  assert.equal(gas.json.result.spent_by_me, '1.0001925');
  assert.equal(Transaction.from('0x' + gas.json.result.tx_hex).gasPrice, parseUnits('3.5', 'gwei'));

  const max = await send({ id: 0, method: 'withdraw', mmrpc: '2.0', userpass: 'RPC_UserP@SSW0RD',
    params: { coin: 'ETH-ganache', max: true, to: DOC_TO } });
  assert.equal(max.status, 200, max.text);
  assertHasShape(max.json.result, documentedEthWithdraw);
  const balance = await ganache.balance(fixture.owner);
  const maxFee = parseEther(max.json.result.fee_details.total_fee);
  assert.equal(Transaction.from('0x' + max.json.result.tx_hex).value + maxFee, balance);

  const before = await ganache.balance(DOC_TO);
  const broadcast = await send({ id: 0, method: 'withdraw', mmrpc: '2.0', userpass: 'RPC_UserP@SSW0RD',
    params: { amount: 0.1, broadcast: true, coin: 'ETH-ganache', to: '0xbAB36286672fbdc7B250804bf6D14Be0dF69fa29' } });
  assert.equal(broadcast.status, 200, broadcast.text);
  assert.equal(await ganache.balance('0xbAB36286672fbdc7B250804bf6D14Be0dF69fa29'), parseEther('0.1'));
  assert.equal(await ganache.balance(DOC_TO), before);
}));

test('documented withdraw errors: an unknown fee type and a string CosmosGas gas_price are InvalidRequest; a UTXO fee on ETH is InvalidFeePolicy', () => withEth(async () => {
  const unknown = await walletd.rpc('withdraw', { coin: 'ETH-ganache', to: DOC_TO, amount: '1',
    fee: { type: 'Tendermint', amount: '0.1' } }, { id: 0 });
  assert.equal(unknown.status, 400);
  assert.equal(unknown.json.error_type, 'InvalidRequest');
  assert.match(unknown.json.error, /unknown variant `Tendermint`/);
  const stringPrice = await walletd.rpc('withdraw', { coin: 'ETH-ganache', to: DOC_TO, amount: '1',
    fee: { type: 'CosmosGas', gas_price: '0.1', gas_limit: 150000 } }, { id: 0 });
  assert.equal(stringPrice.status, 400);
  assert.equal(stringPrice.json.error_type, 'InvalidRequest');
  // KDF's text quotes the value (`invalid type: string "0.1", expected f64`); walletd names the
  // field and never echoes request values (docs/security.md).
  assert.match(stringPrice.json.error, /fee\.gas_price: invalid type: a string, expected a number/);
  const utxoFee = await walletd.rpc('withdraw', { coin: 'ETH-ganache', to: DOC_TO, amount: '1',
    fee: { type: 'UtxoFixed', amount: '0.1' } }, { id: 0 });
  assert.equal(utxoFee.json.error_type, 'InvalidFeePolicy', utxoFee.text);
  // TRON's withdraw options are refused on an EVM coin rather than ignored.
  for (const extra of [{ fee_method: 'native' }, { fee_method: 'gasless' }, { gasless: { max_fee: '1' } }]) {
    const res = await walletd.rpc('withdraw', { coin: 'ETH-ganache', to: DOC_TO, amount: '1', ...extra });
    assert.equal(res.json.error_type, 'UnsupportedError', res.text);
  }
}));

test('documented sign_raw_transaction ETH example signs what the legacy send_raw_transaction example broadcasts', () => withEth(async () => {
  const signedRes = await send({ userpass: 'RPC_UserP@SSW0RD', mmrpc: '2.0', id: 0, method: 'sign_raw_transaction',
    params: { coin: 'ETH-ganache', type: 'ETH', tx: { to: '0x927DaFDDa16F1742BeFcBEAE6798090354B294A9', value: '0.85',
      gas_limit: '21000', pay_for_gas: { tx_type: 'Eip1559', max_fee_per_gas: '1234.567', max_priority_fee_per_gas: '1.2' } } } });
  assert.equal(signedRes.status, 200, signedRes.text);
  assert.deepEqual(Object.keys(signedRes.json.result), ['tx_hex']);
  const tx = Transaction.from('0x' + signedRes.json.result.tx_hex.replace(/^0x/, ''));
  assert.equal(tx.from, fixture.owner);
  assert.equal(tx.to, '0x927DaFDDa16F1742BeFcBEAE6798090354B294A9');
  assert.equal(tx.value, parseEther('0.85'));
  assert.equal(tx.gasLimit, 21000n);
  assert.equal(tx.maxFeePerGas, parseUnits('1234.567', 'gwei'));
  assert.equal(tx.maxPriorityFeePerGas, parseUnits('1.2', 'gwei'));

  // The legacy send_raw_transaction example, with this coin and this transaction.
  const sent = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'send_raw_transaction', coin: 'ETH-ganache',
    tx_hex: signedRes.json.result.tx_hex });
  assert.equal(sent.status, 200, sent.text);
  assert.deepEqual(Object.keys(sent.json), ['tx_hash']);
  assert.equal('0x' + sent.json.tx_hash.replace(/^0x/, ''), tx.hash);
  assert.equal(await ganache.balance('0x927DaFDDa16F1742BeFcBEAE6798090354B294A9'), parseEther('0.85'));

  // The documented UTXO example names KMD, which is not active here: KDF's NoSuchCoin.
  const utxo = await send({ userpass: 'RPC_UserP@SSW0RD', mmrpc: '2.0', method: 'sign_raw_transaction', params: {
    coin: 'KMD', type: 'UTXO', tx: { tx_hex: '0400008085202f8901c8d6d8764e51bbadc0592b99f37b3b7d8c9719686d5a9bf63652a0802a1cd0360200000000feffffff0100dd96d8080000001976a914d346067e3c3c3964c395fee208594790e29ede5d88ac46366665000000000000000000000000000000' } }, id: 0 });
  assert.equal(utxo.json.error_type, 'NoSuchCoin', utxo.text);
}));

test('documented legacy my_balance and disable_coin examples answer the documented legacy bodies', async () => {
  assert.equal((await activate([])).status, 200);
  const balance = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'my_balance', coin: 'ETH-ganache' });
  assert.equal(balance.status, 200, balance.text);
  assert.deepEqual(Object.keys(balance.json).sort(), ['address', 'balance', 'coin', 'unspendable_balance']);
  assert.equal(balance.json.address, fixture.owner);
  assert.equal(parseEther(balance.json.balance), await ganache.balance(fixture.owner));

  const disabled = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'disable_coin', coin: 'ETH-ganache' });
  assert.equal(disabled.status, 200, disabled.text);
  assertHasShape(disabled.json, { result: { cancelled_orders: [], coin: 'DOC' } });
  assert.equal(disabled.json.result.coin, 'ETH-ganache');
  const again = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'disable_coin', coin: 'ETH-ganache' });
  assert.deepEqual(Object.keys(again.json), ['error']);
  assert.match(again.json.error, /No such coin: ETH-ganache/);
});

test('documented enable_erc20 example and its three documented errors', async (t) => {
  t.after(disable);
  const notActive = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'enable_erc20', mmrpc: '2.0',
    params: { ticker: 'TST-ganache', activation_params: { required_confirmations: 3 } } });
  assert.equal(notActive.json.error_type, 'PlatformCoinIsNotActivated', notActive.text);
  assert.equal(notActive.json.error_data, 'ETH-ganache');

  assert.equal((await activate([])).status, 200);
  const res = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'enable_erc20', mmrpc: '2.0',
    params: { ticker: 'TST-ganache', activation_params: { required_confirmations: 3 } } });
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(res.json, { mmrpc: '2.0', result: {
    balances: { [fixture.owner]: { spendable: '100', unspendable: '0' } }, platform_coin: 'ETH-ganache',
    token_contract_address: res.json.result.token_contract_address, required_confirmations: 3 }, id: null });
  assert.equal(res.json.result.token_contract_address.toLowerCase(), fixture.token.toLowerCase());

  const twice = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'enable_erc20', mmrpc: '2.0',
    params: { ticker: 'TST-ganache', activation_params: { required_confirmations: 3 } } });
  assert.equal(twice.json.error_type, 'TokenIsAlreadyActivated', twice.text);
  assert.equal(twice.json.error_data, 'TST-ganache');
  const unknown = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'enable_erc20', mmrpc: '2.0',
    params: { ticker: 'BATT-ERC20', activation_params: { required_confirmations: 3 } } });
  assert.equal(unknown.json.error_type, 'TokenConfigIsNotFound', unknown.text);
  assert.equal(unknown.json.error, 'Token BATT-ERC20 config is not found');
  assert.equal(unknown.json.error_data, 'BATT-ERC20');
});

test('documented swap fee policy examples: set High, get High', () => withEth(async () => {
  const set = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'set_swap_transaction_fee_policy', mmrpc: '2.0',
    params: { coin: 'ETH-ganache', swap_tx_fee_policy: 'High' } });
  assert.deepEqual(set.json, { mmrpc: '2.0', result: 'High', id: null });
  const get = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'get_swap_transaction_fee_policy', mmrpc: '2.0',
    params: { coin: 'ETH-ganache' } });
  assert.deepEqual(get.json, { mmrpc: '2.0', result: 'High', id: null });
}));

test('documented my_tx_history examples: EVM history is not a v2 history coin in KDF (NotSupportedFor); inactive coins are CoinIsNotActive', () => withEth(async () => {
  const evm = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'my_tx_history', mmrpc: '2.0',
    params: { coin: 'ETH-ganache', limit: 2, paging_options: { PageNumber: 2 } } });
  assert.equal(evm.status, 400, evm.text);
  assert.equal(evm.json.error_type, 'NotSupportedFor');
  for (const params of [
    { coin: 'DOC', limit: 10, paging_options: { PageNumber: 1 }, target: { account_id: 77, type: 'account_id' } },
    { coin: 'DOC', limit: 1, paging_options: { PageNumber: 1 }, target: { account_id: 0, address_id: 1, chain: 'External', type: 'address_id' } },
    { coin: 'BCH', limit: 2, paging_options: { FromId: '433b641bc89e1b59c22717918583c60ec98421805c8e85b064691705d9aeb970' } },
    { coin: 'IRIS', limit: 50 },
  ]) {
    const res = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'my_tx_history', mmrpc: '2.0', params });
    assert.equal(res.json.error_type, 'CoinIsNotActive', res.text);
    assert.equal(res.json.error_data, params.coin);
  }
}));

test('documented task::enable_eth::init (HD) and ::status examples answer the documented WalletBalanceInfo', async () => {
  const dir = tempDir();
  const hdWalletd = await WalletdProcess.start(writeConfig(dir, { passphrase: MNEMONIC, enable_hd: true }));
  try {
    const hd1 = HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'/0/1").address;
    await ganache.fund(hd1, parseEther('2'));
    const init = await hdWalletd.post({ userpass: PASSWORD, mmrpc: '2.0', method: 'task::enable_eth::init', params: {
      ticker: 'ETH-ganache', gas_station_url: 'https://gasstation-mainnet.matic.network/',
      swap_contract_address: '0x9130b257D37A52E52F21054c4DA3450c72f595CE',
      fallback_swap_contract: '0x9130b257D37A52E52F21054c4DA3450c72f595CE',
      swap_v2_contracts: { taker_swap_v2_contract: '0x9130b257D37A52E52F21054c4DA3450c72f595CE',
        maker_swap_v2_contract: '0x9130b257D37A52E52F21054c4DA3450c72f595CE',
        nft_maker_swap_v2_contract: '0x9130b257D37A52E52F21054c4DA3450c72f595CE' },
      nodes: [{ url: ganache.url }], erc20_tokens_requests: [{ ticker: 'TST-ganache', required_confirmations: 4 }],
      required_confirmations: 5, path_to_address: { account_id: 0, chain: 'External', address_id: 1 },
      gap_limit: 20, scan_policy: 'scan_if_new_wallet', min_addresses_number: 3 } });
    assert.equal(init.status, 200, init.text);
    assert.deepEqual(Object.keys(init.json.result), ['task_id']);

    let status;
    for (let i = 0; i < 400; i++) {
      status = await hdWalletd.post({ userpass: PASSWORD, mmrpc: '2.0', method: 'task::enable_eth::status',
        params: { task_id: init.json.result.task_id, forget_if_finished: false } });
      if (status.json.result.status !== 'InProgress') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(status.json.result.status, 'Ok', status.text);
    const documented = { status: 'Ok', details: { current_block: 70970530, ticker: 'MATIC', wallet_balance: {
      wallet_type: 'HD', accounts: [{ account_index: 0, derivation_path: "m/44'/60'/0'",
        total_balance: { 'ETH-ganache': { spendable: '66', unspendable: '0' } },
        addresses: [{ address: '0xC11b', derivation_path: "m/44'/60'/0'/0/0", chain: 'External',
          balance: { 'ETH-ganache': { spendable: '65', unspendable: '0' } } }] }] } } };
    assertHasShape(status.json.result, documented);
    const [account] = status.json.result.details.wallet_balance.accounts;
    assert.ok(account.addresses.length >= 3, 'min_addresses_number: 3');
    assert.equal(account.addresses[1].address, hd1);
    assert.deepEqual(account.addresses[1].balance['ETH-ganache'], { spendable: '2', unspendable: '0' });
    // path_to_address chose the address my_balance reports.
    assert.equal((await hdWalletd.rpc('my_balance', { coin: 'ETH-ganache' })).json.result.address, hd1);
  } finally {
    await hdWalletd.stop();
    cleanup(dir);
  }
});
