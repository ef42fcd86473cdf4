// EVM with an HD wallet against ganache, with the real walletd: task::enable_eth::* scans to the
// funded addresses, HD withdraw `from` (both forms) moves ETH and ERC20 — the EIP-1559 ETH
// transfer pays amount + fee_details.total_fee to the wei — the accounts survive a restart
// (scan_if_new_wallet does not rescan; scan does), enable_erc20 adds a token, and
// sign_raw_transaction with PayForGas (Legacy, Eip1559) signs what send_raw_transaction
// broadcasts. Addresses and signatures are checked with ethers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Contract, HDNodeWallet, Transaction, Wallet, parseEther, parseUnits } from 'ethers';
import { Ganache, FUNDED_KEY } from '../peers/ganache.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const TOKEN = '0xe78A0F7E598Cc8b0Bb87894B0F60dD2a88d6a8Ab';
const TO = '0x3535353535353535353535353535353535353535';
const hd = (i) => HDNodeWallet.fromPhrase(MNEMONIC, undefined, `m/44'/60'/0'/0/${i}`).address;
let ganache, walletd, dir, token, config;

const balance = (a) => ganache.balance(a);
const tokenBalance = async (a) => BigInt(await ganache.rpc('eth_call', [{ to: TOKEN, data: token.interface.encodeFunctionData('balanceOf', [a]) }, 'latest']));
const receipt = (hash) => ganache.rpc('eth_getTransactionReceipt', ['0x' + hash.replace(/^0x/, '')]);
const nodes = () => [{ url: ganache.url }];

before(async () => {
  ganache = await Ganache.start();
  const owner = new Wallet(FUNDED_KEY).address;
  assert.equal(await ganache.deployErc20({ supply: parseEther('1000'), owner }), TOKEN);
  token = new Contract(TOKEN, ganache.erc20Abi, ganache.funder);
  await ganache.fund(hd(2), parseEther('5'));
  await (await token.transfer(hd(2), parseEther('7'), { nonce: await ganache.nextNonce() })).wait();
  await ganache.fund(hd(0), parseEther('1'));
  dir = tempDir();
  config = writeConfig(dir, { passphrase: MNEMONIC, enable_hd: true });
  walletd = await WalletdProcess.start(config);
});

after(async () => {
  await walletd?.stop();
  await ganache?.stop();
  if (dir) cleanup(dir);
});

test('task::enable_eth with an HD wallet scans to the last used address (WalletBalanceInfo)', async () => {
  const init = await walletd.rpc('task::enable_eth::init', { ticker: 'ETH-ganache', nodes: nodes(),
    erc20_tokens_requests: [{ ticker: 'TST-ganache' }], gap_limit: 3 });
  assert.equal(init.status, 200, init.text);
  const done = await walletd.waitTask('enable_eth', init.json.result.task_id);
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  const { ticker, wallet_balance: wb, current_block: block } = done.details;
  assert.equal(ticker, 'ETH-ganache');
  assert.ok(Number.isInteger(block) && block > 0);
  assert.equal(wb.wallet_type, 'HD');
  const [account] = wb.accounts;
  assert.equal(account.derivation_path, "m/44'/60'/0'");
  assert.deepEqual(account.addresses.map((a) => a.address), [hd(0), hd(1), hd(2)]);
  assert.deepEqual(account.addresses[2], { address: hd(2), derivation_path: "m/44'/60'/0'/0/2", chain: 'External',
    balance: { 'ETH-ganache': { spendable: '5', unspendable: '0' }, 'TST-ganache': { spendable: '7', unspendable: '0' } } });
  assert.deepEqual(account.total_balance, { 'ETH-ganache': { spendable: '6', unspendable: '0' },
    'TST-ganache': { spendable: '7', unspendable: '0' } });
  const mine = await walletd.rpc('my_balance', { coin: 'ETH-ganache' });
  assert.equal(mine.json.result.address, hd(0));  // path_to_address defaults to 0/External/0
});

test('HD withdraw from address 2, EIP-1559 with the priority at the cap: amount + total_fee to the wei', async () => {
  const before = await balance(hd(2)), toBefore = await balance(TO);
  const res = await walletd.rpc('withdraw', { coin: 'ETH-ganache', to: TO, amount: '1.5',
    from: { account_id: 0, chain: 'External', address_id: 2 },
    fee: { type: 'EthGasEip1559', max_fee_per_gas: '7', max_priority_fee_per_gas: '7', gas_option: { type: 'Set', gas: 21000 } } });
  assert.equal(res.status, 200, res.text);
  const d = res.json.result;
  const tx = Transaction.from('0x' + d.tx_hex);
  assert.equal(tx.from, hd(2));
  assert.deepEqual(d.from, [hd(2)]);
  assert.equal(tx.type, 2);
  assert.equal(tx.maxFeePerGas, parseUnits('7', 'gwei'));
  assert.equal(d.fee_details.total_fee, '0.000147');
  const sent = await walletd.rpc('send_raw_transaction', { coin: 'ETH-ganache', tx_hex: d.tx_hex });
  assert.deepEqual(sent.json.result, { tx_hash: d.tx_hash });
  const r = await receipt(d.tx_hash);
  assert.equal(r.status, '0x1');
  assert.equal(BigInt(r.effectiveGasPrice), parseUnits('7', 'gwei'));
  assert.equal(await balance(TO), toBefore + parseEther('1.5'));
  assert.equal(await balance(hd(2)), before - parseEther('1.5') - parseEther(d.fee_details.total_fee));
});

test('HD ERC20 withdraw from a derivation_path, broadcast: true', async () => {
  const before = await tokenBalance(hd(2)), toBefore = await tokenBalance(TO);
  const res = await walletd.rpc('withdraw', { coin: 'TST-ganache', to: TO, amount: '2.5',
    from: { derivation_path: "m/44'/60'/0'/0/2" }, broadcast: true });
  assert.equal(res.status, 200, res.text);
  assert.equal(Transaction.from('0x' + res.json.result.tx_hex).from, hd(2));
  assert.equal((await receipt(res.json.result.tx_hash)).status, '0x1');
  assert.equal(await tokenBalance(hd(2)), before - parseEther('2.5'));
  assert.equal(await tokenBalance(TO), toBefore + parseEther('2.5'));
});

test('two broadcasting withdraws at once from one address get consecutive nonces (send lock)', async () => {
  const toBefore = await balance(TO);
  const one = { coin: 'ETH-ganache', to: TO, amount: '0.01', from: { account_id: 0, chain: 'External', address_id: 2 }, broadcast: true };
  const [a, b] = await Promise.all([walletd.rpc('withdraw', one), walletd.rpc('withdraw', one)]);
  assert.equal(a.status, 200, a.text);
  assert.equal(b.status, 200, b.text);
  const nonces = [a, b].map((r) => Transaction.from('0x' + r.json.result.tx_hex).nonce).sort();
  assert.equal(nonces[1], nonces[0] + 1);
  for (const r of [a, b]) assert.equal((await receipt(r.json.result.tx_hash)).status, '0x1');
  assert.equal(await balance(TO), toBefore + parseEther('0.02'));
});

test('the HD accounts survive a restart: scan_if_new_wallet does not rescan, scan finds address 5', async () => {
  await ganache.fund(hd(5), parseEther('0.5'));
  await walletd.stop();
  walletd = await WalletdProcess.start(config);
  let res = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: nodes() });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.result.wallet_balance.accounts[0].addresses.length, 3);
  await walletd.rpc('disable_coin', { coin: 'ETH-ganache', force_disable: true });
  res = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: nodes(), scan_policy: 'scan', gap_limit: 3 });
  assert.equal(res.status, 200, res.text);
  const addresses = res.json.result.wallet_balance.accounts[0].addresses;
  assert.deepEqual(addresses.map((a) => a.address), [0, 1, 2, 3, 4, 5].map(hd));
  assert.equal(addresses[5].balance['ETH-ganache'].spendable, '0.5');
});

test('enable_erc20 adds a token to the active platform; its refusals', async () => {
  const res = await walletd.rpc('enable_erc20', { ticker: 'TST-ganache', activation_params: {} });
  assert.equal(res.status, 200, res.text);
  const r = res.json.result;
  assert.equal(r.platform_coin, 'ETH-ganache');
  assert.equal(r.token_contract_address, TOKEN);
  assert.equal(r.required_confirmations, 3);
  assert.equal(Object.keys(r.balances).length, 6);
  assert.deepEqual(r.balances[hd(2)], { spendable: '4.5', unspendable: '0' });
  const coins = await walletd.rpc('get_enabled_coins');
  assert.deepEqual(coins.json.result.coins.map((c) => c.ticker), ['ETH-ganache', 'TST-ganache']);
  for (const [params, status, type] of [
    [{ ticker: 'TST-ganache', activation_params: {} }, 400, 'TokenIsAlreadyActivated'],
    [{ ticker: 'NOPE', activation_params: {} }, 400, 'TokenConfigIsNotFound'],
    [{ ticker: 'LTC-regtest', activation_params: {} }, 400, 'UnexpectedTokenProtocol'],
    [{ ticker: 'TST-ganache' }, 400, 'InvalidRequest'],
    [{ ticker: 'TST-ganache', activation_params: { required_confirmations: -1 } }, 400, 'InvalidRequest'],
    // KDF's Erc20TokenActivationRequest ignores unknown keys (the SDK sends nodes, priv_key_policy...).
    [{ ticker: 'TST-ganache', activation_params: { extra: 1, nodes: [] } }, 400, 'TokenIsAlreadyActivated'],
  ]) {
    const e = await walletd.rpc('enable_erc20', params);
    assert.equal(e.status, status, e.text);
    assert.equal(e.json.error_type, type, e.text);
  }
  await walletd.rpc('disable_coin', { coin: 'ETH-ganache', force_disable: true });
  const e = await walletd.rpc('enable_erc20', { ticker: 'TST-ganache', activation_params: {} });
  assert.equal(e.json.error_type, 'PlatformCoinIsNotActivated');
  assert.equal(e.status, 400);
  assert.equal((await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: nodes(), scan_policy: 'do_not_scan' })).status, 200);
});

test('sign_raw_transaction with PayForGas: Legacy and Eip1559, broadcast by send_raw_transaction', async () => {
  const cases = [
    { tx: { to: TO, value: '0.25', gas_limit: 21000, pay_for_gas: { tx_type: 'Legacy', gas_price: '2' } },
      type: 0, value: parseEther('0.25'), price: parseUnits('2', 'gwei') },
    { tx: { to: TO, value: '0x' + parseEther('0.125').toString(16), gas_limit: '0x5208',
      pay_for_gas: { tx_type: 'Eip1559', max_fee_per_gas: '9', max_priority_fee_per_gas: '9', min_wait_time: 1, max_wait_time: 2 } },
      type: 2, value: parseEther('0.125'), price: parseUnits('9', 'gwei') },
  ];
  for (const c of cases) {
    const before = await balance(hd(0)), toBefore = await balance(TO);
    const res = await walletd.rpc('sign_raw_transaction', { coin: 'ETH-ganache', type: 'ETH', tx: c.tx });
    assert.equal(res.status, 200, res.text);
    const tx = Transaction.from('0x' + res.json.result.tx_hex);
    assert.deepEqual([tx.from, tx.to, tx.type, tx.value, tx.gasLimit, tx.chainId], [hd(0), TO, c.type, c.value, 21000n, 1337n]);
    const sent = await walletd.rpc('send_raw_transaction', { coin: 'ETH-ganache', tx_hex: res.json.result.tx_hex });
    assert.equal(sent.status, 200, sent.text);
    const r = await receipt(sent.json.result.tx_hash);
    assert.equal(r.status, '0x1');
    assert.equal(BigInt(r.effectiveGasPrice), c.price);
    assert.equal(await balance(TO), toBefore + c.value);
    assert.equal(await balance(hd(0)), before - c.value - 21000n * c.price);
  }
  // walletd's `nonce`: two transactions signed ahead, without asking the node, both mined in order.
  const next = BigInt(await ganache.rpc('eth_getTransactionCount', [hd(0), 'pending']));
  const signed = [];
  for (const nonce of [Number(next), '0x' + (next + 1n).toString(16)]) {
    const res = await walletd.rpc('sign_raw_transaction', { coin: 'ETH-ganache', type: 'ETH',
      tx: { to: TO, value: '0.001', gas_limit: 21000, nonce, pay_for_gas: { tx_type: 'Legacy', gas_price: '2' } } });
    assert.equal(res.status, 200, res.text);
    signed.push(res.json.result.tx_hex);
  }
  assert.deepEqual(signed.map((h) => Transaction.from('0x' + h).nonce), [Number(next), Number(next) + 1]);
  for (const tx_hex of signed) {
    const sent = await walletd.rpc('send_raw_transaction', { coin: 'ETH-ganache', tx_hex });
    assert.equal((await receipt(sent.json.result.tx_hash)).status, '0x1');
  }
  for (const [params, status, type] of [
    [{ coin: 'NOPE', type: 'ETH', tx: { gas_limit: 21000 } }, 404, 'NoSuchCoin'],
    [{ coin: 'ETH-ganache', type: 'ETH', tx: { gas_limit: 21000, pay_for_gas: { tx_type: 'Fast' } } }, 400, 'InvalidRequest'],
    [{ coin: 'ETH-ganache', type: 'ETH', tx: { gas_limit: 21000, pay_for_gas: { tx_type: 'Eip1559', max_fee_per_gas: '1', max_priority_fee_per_gas: '2' } } }, 400, 'InvalidParam'],
    [{ coin: 'ETH-ganache', type: 'ETH', tx: { gas_limit: 0 } }, 400, 'InvalidRequest'],
    [{ coin: 'ETH-ganache', type: 'ETH', tx: { gas_limit: 21000, value: '-1' } }, 400, 'InvalidRequest'],
    [{ coin: 'ETH-ganache', type: 'ETH', tx: { gas_limit: 21000, to: '0x12' } }, 400, 'InvalidParam'],
    [{ coin: 'ETH-ganache', type: 'ETH', tx: { gas_limit: 21000, data: 'zz' } }, 400, 'InvalidRequest'],
    [{ coin: 'ETH-ganache', type: 'ETH', tx: { gas_limit: 21000, nonce: -1 } }, 400, 'InvalidRequest'],
    [{ coin: 'ETH-ganache', type: 'ETH', tx: { gas_limit: 21000, nonce: 1.5 } }, 400, 'InvalidRequest'],
    [{ coin: 'ETH-ganache', type: 'ETH', tx: { gas_limit: 21000, nonce: [] } }, 400, 'InvalidRequest'],
    [{ coin: 'ETH-ganache', type: 'ETH', tx: { gas_limit: 21000, nonce: '0x1' + '0'.repeat(16) } }, 400, 'InvalidRequest'],
    [{ coin: 'ETH-ganache', type: 'BTC', tx: {} }, 400, 'InvalidRequest'],
    [{ coin: 'ETH-ganache', type: 'UTXO', tx: { tx_hex: '00' } }, 400, 'InvalidParam'],
  ]) {
    const e = await walletd.rpc('sign_raw_transaction', params);
    assert.equal(e.status, status, e.text);
    assert.equal(e.json.error_type, type, e.text);
  }
  // An unknown key inside `tx` is ignored, as KDF's SignEthTransactionParams ignores it.
  const lenient = await walletd.rpc('sign_raw_transaction', { coin: 'ETH-ganache', type: 'ETH', tx: { gas_limit: 21000, nonce_: 1, to: TO } });
  assert.equal(lenient.status, 200, lenient.text);
});

test('the HD methods on ETH (KDF answers them for EthCoin): get_new_address, account_balance, the task forms, the scan', async () => {
  await walletd.rpc('disable_coin', { coin: 'ETH-ganache', force_disable: true });
  const act = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: nodes(),
    erc20_tokens_requests: [{ ticker: 'TST-ganache' }], gap_limit: 3 });
  assert.equal(act.status, 200, act.text);
  const known = act.json.result.wallet_balance.accounts[0].addresses.length;
  const call = async (method, params, status = 200) => {
    const res = await walletd.rpc(method, params);
    assert.equal(res.status, status, res.text);
    return status === 200 ? res.json.result : res.json;
  };
  const zero = { spendable: '0', unspendable: '0' };
  const coin = 'ETH-ganache';
  const { new_address: a } = await call('get_new_address', { coin, account_id: 0 });
  assert.deepEqual(a, { address: hd(known), derivation_path: `m/44'/60'/0'/0/${known}`, chain: 'External',
    balance: { 'ETH-ganache': zero, 'TST-ganache': zero } });
  assert.equal((await call('get_new_address', { coin, account_id: 0, gap_limit: 1 }, 400)).error_type, 'EmptyAddressesLimitReached');
  assert.equal((await call('get_new_address', { coin, account_id: 0, chain: 'Internal' }, 400)).error_type, 'InvalidBip44Chain');
  assert.equal((await call('get_new_address', { coin: 'TST-ganache', account_id: 0 }, 400)).error_type, 'CoinIsActivatedNotWithHDWallet');

  // Every line agrees with ganache (ETH and the token), and the page's sum with the lines.
  const page = await call('account_balance', { coin, account_index: 0, chain: 'External', limit: 100 });
  assert.deepEqual(page.addresses.map((l) => l.address), Array.from({ length: known + 1 }, (_, i) => hd(i)));
  let eth = 0n, tst = 0n;
  for (const line of page.addresses) {
    assert.equal(parseEther(line.balance['ETH-ganache'].spendable), await balance(line.address), line.address);
    assert.equal(parseEther(line.balance['TST-ganache'].spendable), await tokenBalance(line.address), line.address);
    eth += parseEther(line.balance['ETH-ganache'].spendable);
    tst += parseEther(line.balance['TST-ganache'].spendable);
  }
  assert.equal(parseEther(page.page_balance['ETH-ganache'].spendable), eth);
  assert.equal(parseEther(page.page_balance['TST-ganache'].spendable), tst);
  const init = await call('task::account_balance::init', { coin, account_index: 0 });
  const whole = await walletd.waitTask('account_balance', init.task_id, 30000);
  assert.equal(whole.status, 'Ok', JSON.stringify(whole));
  assert.deepEqual(whole.details.total_balance, page.page_balance);
  assert.deepEqual(whole.details.addresses, page.addresses);

  // A payment past the known addresses: the scan finds it (and the unused one before it).
  await ganache.fund(hd(known + 2), parseEther('0.25'));
  const scan = await call('task::scan_for_new_addresses::init', { coin, account_index: 0 });
  const found = await walletd.waitTask('scan_for_new_addresses', scan.task_id, 30000);
  assert.equal(found.status, 'Ok', JSON.stringify(found));
  assert.deepEqual(found.details.new_addresses.map((l) => l.address), [hd(known + 1), hd(known + 2)]);
  assert.equal(found.details.new_addresses[1].balance['ETH-ganache'].spendable, '0.25');
  const next = await call('task::get_new_address::init', { coin, account_id: 0 });
  const made = await walletd.waitTask('get_new_address', next.task_id, 30000);
  assert.equal(made.details.new_address.address, hd(known + 3));
  // task::create_new_account: the next account, scanned (a payment to its second address).
  const acct1 = (i) => HDNodeWallet.fromPhrase(MNEMONIC, undefined, `m/44'/60'/1'/0/${i}`).address;
  await ganache.fund(acct1(1), parseEther('0.125'));
  const create = await call('task::create_new_account::init', { coin, scan: true, gap_limit: 3 });
  const created = await walletd.waitTask('create_new_account', create.task_id, 30000);
  assert.equal(created.status, 'Ok', JSON.stringify(created));
  assert.equal(created.details.account_index, 1);
  assert.equal(created.details.derivation_path, "m/44'/60'/1'");
  assert.deepEqual(created.details.addresses.map((l) => l.address), [acct1(0), acct1(1)]);
  assert.deepEqual(created.details.total_balance['ETH-ganache'], { spendable: '0.125', unspendable: '0' });
  const limit = await call('task::create_new_account::init', { coin, account_id: 100 });
  const refused = await walletd.waitTask('create_new_account', limit.task_id, 30000);
  assert.deepEqual([refused.status, refused.details.error_type], ['Error', 'AccountLimitReached']);
  assert.equal((await call('get_new_address', { coin, account_id: 1 })).new_address.address, acct1(2));
  // The new addresses and account are stored with the wallet: a restart knows them.
  await walletd.stop();
  walletd = await WalletdProcess.start(config);
  const again = await walletd.rpc('enable_eth_with_tokens', { ticker: coin, nodes: nodes(), scan_policy: 'do_not_scan' });
  assert.equal(again.json.result.wallet_balance.accounts[0].addresses.length, known + 4, again.text);
  assert.deepEqual(again.json.result.wallet_balance.accounts[1].addresses.map((l) => l.address), [0, 1, 2].map(acct1));
});
