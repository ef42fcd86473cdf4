// TRON with an HD wallet, with the real walletd against the TRON node emulator: task::enable_eth::*
// scans m/44'/195'/0'/0/* to the last used address (an account the node knows, or one holding
// only the TRC20 token), answers KDF's WalletBalanceInfo with base58 addresses, withdraws TRX and
// TRC20 `from` HD addresses (both forms) with the peer's ledger and tronweb agreeing, refuses bad
// `from`s, remembers the accounts across a restart, and enable_erc20 reads every known address.
// Addresses are derived independently with tronweb.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { TronWeb, utils } from 'tronweb';
import { TronNode } from '../peers/tron-node.mjs';
import { checkTronTransaction, decodeTrc20Transfer } from '../support/tron-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const TOKEN = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const KNOWN = 'TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K';
const hd = (i, account = 0) => utils.accounts.generateAccountWithMnemonic(MNEMONIC, `m/44'/195'/${account}'/0/${i}`).address;
const fresh = () => TronWeb.address.fromPrivateKey(utils.accounts.generateAccount().privateKey);
const sun = (trx) => BigInt(Math.round(Number(trx) * 1e6));
const nodes = () => [{ url: node.url }];
let node, walletd, dir, config;

before(async () => {
  node = await TronNode.start();
  node.fund(hd(0), 3_000_000n);
  node.fund(hd(2), 40_000_000n);
  node.deployToken(TOKEN);
  node.mintToken(TOKEN, hd(4), 9_000_000n);  // address 4 holds only the token
  node.fund(KNOWN, 1n);
  node.mintToken(TOKEN, KNOWN, 1n);
  dir = tempDir();
  config = writeConfig(dir, { passphrase: MNEMONIC, enable_hd: true });
  walletd = await WalletdProcess.start(config);
});

after(async () => {
  await walletd?.stop();
  await node?.stop();
  if (dir) cleanup(dir);
});

test('task::enable_eth with an HD wallet scans TRON addresses to the last used one (WalletBalanceInfo)', async () => {
  const init = await walletd.rpc('task::enable_eth::init', { ticker: 'TRX-devnet', nodes: nodes(),
    erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet' }], gap_limit: 3 });
  assert.equal(init.status, 200, init.text);
  const done = await walletd.waitTask('enable_eth', init.json.result.task_id);
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  const { ticker, wallet_balance: wb, current_block: block, nfts_infos: nfts } = done.details;
  assert.equal(ticker, 'TRX-devnet');
  assert.ok(Number.isInteger(block) && block > 0);
  assert.deepEqual(nfts, {});
  assert.equal(wb.wallet_type, 'HD');
  const [account] = wb.accounts;
  assert.equal(account.account_index, 0);
  assert.equal(account.derivation_path, "m/44'/195'/0'");
  assert.deepEqual(account.addresses.map((a) => a.address), [0, 1, 2, 3, 4].map((i) => hd(i)));
  assert.deepEqual(account.addresses[4], { address: hd(4), derivation_path: "m/44'/195'/0'/0/4", chain: 'External',
    balance: { 'TRX-devnet': { spendable: '0', unspendable: '0' }, 'USDT-TRC20-devnet': { spendable: '9', unspendable: '0' } } });
  assert.deepEqual(account.total_balance, { 'TRX-devnet': { spendable: '43', unspendable: '0' },
    'USDT-TRC20-devnet': { spendable: '9', unspendable: '0' } });
  const mine = await walletd.rpc('my_balance', { coin: 'TRX-devnet' });
  assert.deepEqual(mine.json.result, { coin: 'TRX-devnet', address: hd(0), balance: '3', unspendable_balance: '0' });
});

test('HD TRX withdraw from a derivation_path to a fresh account: signer, ledger and fee agree', async () => {
  const to = fresh();
  const before = node.balance(hd(2));
  const res = await walletd.rpc('withdraw', { coin: 'TRX-devnet', to, amount: '5',
    from: { derivation_path: "m/44'/195'/0'/0/2" }, broadcast: true });
  assert.equal(res.status, 200, res.text);
  const r = res.json.result;
  const checked = checkTronTransaction(r.tx_hex);
  assert.equal(checked.txid, r.tx_hash);
  assert.equal(checked.signer, hd(2));
  assert.deepEqual(r.from, [hd(2)]);
  const info = node.txInfo(r.tx_hash);
  assert.equal(info.receipt.result, 'SUCCESS', JSON.stringify(info));
  assert.equal(r.fee_details.account_creation_fee, '1.1');
  assert.equal(BigInt(info.fee), sun(r.fee_details.total_fee));
  assert.equal(node.balance(to), 5_000_000n);
  assert.equal(before - node.balance(hd(2)), 5_000_000n + sun(r.fee_details.total_fee));
  assert.equal(r.my_balance_change, `-${r.spent_by_me}`);
});

test('HD TRC20 withdraw from {account_id, chain, address_id}: the token holder pays no TRX it lacks', async () => {
  const from = { account_id: 0, chain: 'External', address_id: 4 };
  const lack = await walletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: KNOWN, amount: '1', from });
  assert.equal(lack.status, 400, lack.text);
  assert.equal(lack.json.error_type, 'NotSufficientBalance');
  assert.equal(lack.json.error_data.coin, 'TRX-devnet');
  node.fund(hd(4), 20_000_000n);
  const before = node.balance(hd(4));
  const res = await walletd.rpc('withdraw', { coin: 'USDT-TRC20-devnet', to: KNOWN, amount: '2.5', from, broadcast: true });
  assert.equal(res.status, 200, res.text);
  const r = res.json.result;
  const checked = checkTronTransaction(r.tx_hex);
  assert.equal(checked.signer, hd(4));
  assert.equal(checked.contract.owner, hd(4));
  assert.deepEqual(decodeTrc20Transfer(checked.contract.data), { to: KNOWN, amount: 2_500_000n });
  const info = node.txInfo(r.tx_hash);
  assert.equal(info.receipt.result, 'SUCCESS', JSON.stringify(info));
  assert.equal(BigInt(info.fee), sun(r.fee_details.total_fee));
  assert.equal(node.tokenBalance(TOKEN, hd(4)), 6_500_000n);
  assert.equal(before - node.balance(hd(4)), sun(r.fee_details.total_fee));
});

test('bad `from`s: the Internal chain, another coin\'s path, an unknown account', async () => {
  for (const [from, type] of [
    [{ account_id: 0, chain: 'Internal', address_id: 0 }, 'UnexpectedFromAddress'],
    [{ derivation_path: "m/44'/195'/0'/1/0" }, 'UnexpectedFromAddress'],
    [{ derivation_path: "m/44'/60'/0'/0/0" }, 'UnexpectedFromAddress'],
    [{ account_id: 7, chain: 'External', address_id: 0 }, 'UnknownAccount'],
  ]) {
    const res = await walletd.rpc('withdraw', { coin: 'TRX-devnet', to: KNOWN, amount: '0.1', from });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.json.error_type, type, JSON.stringify(from));
  }
});

test('the HD accounts survive a restart: scan_if_new_wallet does not rescan, scan finds address 6', async () => {
  node.fund(hd(6), 700_000n);
  await walletd.stop();
  walletd = await WalletdProcess.start(config);
  let res = await walletd.rpc('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: nodes() });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.result.wallet_balance.accounts[0].addresses.length, 5);
  await walletd.rpc('disable_coin', { coin: 'TRX-devnet', force_disable: true });
  res = await walletd.rpc('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: nodes(), scan_policy: 'scan', gap_limit: 3 });
  assert.equal(res.status, 200, res.text);
  const addresses = res.json.result.wallet_balance.accounts[0].addresses;
  assert.deepEqual(addresses.map((a) => a.address), [0, 1, 2, 3, 4, 5, 6].map((i) => hd(i)));
  assert.deepEqual(addresses[6].balance, { 'TRX-devnet': { spendable: '0.7', unspendable: '0' } });
});

test('enable_erc20 reads the token on every known HD address', async () => {
  const res = await walletd.rpc('enable_erc20', { ticker: 'USDT-TRC20-devnet', activation_params: {} });
  assert.equal(res.status, 200, res.text);
  const balances = res.json.result.balances;
  assert.deepEqual(Object.keys(balances), [0, 1, 2, 3, 4, 5, 6].map((i) => hd(i)));
  assert.deepEqual(balances[hd(4)], { spendable: '6.5', unspendable: '0' });
  assert.deepEqual(balances[hd(0)], { spendable: '0', unspendable: '0' });
});

test('path_to_address picks the activated address; a mismatched derivation_path is refused', async () => {
  await walletd.rpc('disable_coin', { coin: 'TRX-devnet', force_disable: true });
  const bad = await walletd.rpc('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: nodes(),
    path_to_address: { account_id: 0, chain: 'External', address_id: 2, derivation_path: "m/44'/195'/0'/0/3" } });
  assert.equal(bad.status, 400, bad.text);
  assert.equal(bad.json.error_type, 'InvalidPayload');
  const res = await walletd.rpc('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: nodes(),
    path_to_address: { account_id: 1, chain: 'External', address_id: 1 } });
  assert.equal(res.status, 200, res.text);
  const accounts = res.json.result.wallet_balance.accounts;
  assert.deepEqual(accounts.map((a) => a.derivation_path), ["m/44'/195'/0'", "m/44'/195'/1'"]);
  assert.deepEqual(accounts[1].addresses.map((a) => a.address), [hd(0, 1), hd(1, 1)]);
  const mine = await walletd.rpc('my_balance', { coin: 'TRX-devnet' });
  assert.equal(mine.json.result.address, hd(1, 1));
});

test('the HD methods on TRX: get_new_address, account_balance and the scan, addresses derived by tronweb', async () => {
  await walletd.rpc('disable_coin', { coin: 'TRX-devnet', force_disable: true });
  const act = await walletd.rpc('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: nodes(),
    erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet' }], gap_limit: 3, scan_policy: 'do_not_scan' });
  assert.equal(act.status, 200, act.text);
  const known = act.json.result.wallet_balance.accounts[0].addresses.filter((l) => l.derivation_path.startsWith("m/44'/195'/0'")).length;
  const coin = 'TRX-devnet';
  const res = await walletd.rpc('get_new_address', { coin, account_id: 0 });
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(res.json.result.new_address, { address: hd(known), derivation_path: `m/44'/195'/0'/0/${known}`,
    chain: 'External', balance: { 'TRX-devnet': { spendable: '0', unspendable: '0' }, 'USDT-TRC20-devnet': { spendable: '0', unspendable: '0' } } });
  const page = await walletd.rpc('account_balance', { coin, account_index: 0, chain: 'External', limit: 100 });
  assert.equal(page.status, 200, page.text);
  for (const line of page.json.result.addresses) {
    assert.equal(sun(line.balance['TRX-devnet'].spendable), node.balance(line.address), line.address);
    assert.equal(BigInt(Math.round(Number(line.balance['USDT-TRC20-devnet'].spendable) * 1e6)), node.tokenBalance(TOKEN, line.address));
  }
  // A token-only holder past the known addresses counts as used: the scan reaches it.
  node.mintToken(TOKEN, hd(known + 2), 5_000_000n);
  const scan = await walletd.rpc('task::scan_for_new_addresses::init', { coin, account_index: 0 });
  const found = await walletd.waitTask('scan_for_new_addresses', scan.json.result.task_id, 30000);
  assert.equal(found.status, 'Ok', JSON.stringify(found));
  assert.deepEqual(found.details.new_addresses.map((l) => l.address), [hd(known + 1), hd(known + 2)]);
  assert.equal(found.details.new_addresses[1].balance['USDT-TRC20-devnet'].spendable, '5');
});
