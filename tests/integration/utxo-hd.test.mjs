// UTXO coins with an HD wallet, with the real walletd against litecoind regtest: Electrum mode
// (the Electrum test server) and Native mode (litecoind's watch-only wallet). Addresses are
// derived independently with bip32 + bitcoinjs-lib (m/44'/1'/0'/chain/index, P2PKH):
// - activation's gap scan finds exactly the used addresses with gap 20 and not beyond, on the
//   External and Internal chains, in batched Electrum requests;
// - a withdraw spends from several addresses of the account, with change to the first unused
//   Internal address; `from` (both forms) spends one address; every transaction is checked by
//   bitcoinjs-lib and accepted by litecoind;
// - get_new_address (gap rule, EmptyAddressesLimitReached), task::scan_for_new_addresses and
//   account_balance (paging both ways) agree with litecoind's view (scantxoutset);
// - the accounts survive a restart; scan_policy "scan" extends them;
// - Native mode imports the addresses watch-only and finds the same wallet;
// - my_tx_history by account and by address, amounts relative to the target;
// - a segwit coin (P2WPKH, m/84') with a path_to_address other than the first.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { BIP32Factory } from 'bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { Litecoind } from '../peers/litecoind.mjs';
import { ElectrumServer } from '../peers/electrum-server.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, repoRoot } from '../support/walletd-process.mjs';
import { LTC_REGTEST, checkUtxoTransaction, freshAddress, sats, startFaucet } from '../support/utxo-check.mjs';

const MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const COIN = 'LTC-regtest';
const root = BIP32Factory(ecc).fromSeed(Buffer.from(mnemonicToSeedSync(MNEMONIC)));
const hdAddress = (chain, index, account = 0) => bitcoin.payments.p2pkh({
  pubkey: Buffer.from(root.derivePath(`m/44'/1'/${account}'/${chain}/${index}`).publicKey), network: LTC_REGTEST }).address;
const ext = (i) => hdAddress(0, i);
const int = (i) => hdAddress(1, i);

const skip = Litecoind.skipReason();
let ltc, electrum, walletd, dir, config, coinsPath, pay;

before(async () => {
  if (skip) return;
  ltc = await Litecoind.start();
  electrum = await ElectrumServer.start({ ltc, pollMs: 50 });
  pay = await startFaucet(ltc);
  // External 0, 3 and 23 (19 unused between: within gap 20), 46 (22 unused before it: beyond the
  // gap); Internal 2.
  await pay.many([[ext(0), sats('1')], [ext(3), sats('2')], [ext(23), sats('3')], [ext(46), sats('4')], [int(2), sats('0.5')]]);
  await ltc.mine(1, `addr(${freshAddress('p2pkh', 99)})`);
  await electrum.synced();
  dir = tempDir('walletd-utxo-hd-');
  const confpath = join(dir, 'litecoin.conf');
  writeFileSync(confpath, `rpcuser=${ltc.user}\nrpcpassword=${ltc.password}\n`);
  const coins = JSON.parse(readFileSync(join(repoRoot, 'config/coins.json'), 'utf8'));
  for (const c of coins) if (c.coin.startsWith('LTC-regtest')) Object.assign(c, { confpath, rpcport: ltc.port });
  coinsPath = join(dir, 'coins.json');
  writeFileSync(coinsPath, JSON.stringify(coins));
  config = writeConfig(dir, { passphrase: MNEMONIC, enable_hd: true });
  walletd = await WalletdProcess.start(config, { coinsPath });
});

after(async () => {
  await walletd?.stop();
  await electrum?.stop();
  await ltc?.stop();
  if (dir) cleanup(dir);
});

async function activate(mode, extra = {}) {
  const rpc = mode === 'Native' ? { rpc: 'Native' } : { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl }] } };
  const init = await walletd.rpc('task::enable_utxo::init', { ticker: COIN, activation_params: { mode: rpc, ...extra } });
  assert.equal(init.status, 200, init.text);
  const done = await walletd.waitTask('enable_utxo', init.json.result.task_id, 60000);
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  return done.details;
}

async function call(method, params, status = 200) {
  const res = await walletd.rpc(method, params);
  assert.equal(res.status, status, res.text);
  return status === 200 ? res.json.result : res.json;
}

const balanceOf = (amount) => ({ [COIN]: { spendable: amount, unspendable: '0' } });
// What litecoind's UTXO set holds for an address, in satoshis (confirmed outputs only).
const chainSats = async (address) => sats((await ltc.rpc('scantxoutset', ['start', [`addr(${address})`]])).total_amount);
const settle = async (check, what) => {
  const end = Date.now() + 10000;
  while (!(await check())) {
    assert.ok(Date.now() < end, `timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const mineAndSync = async () => {
  await ltc.mine(1, `addr(${freshAddress('p2pkh', 99)})`);
  await electrum.synced();
};

test('Electrum HD activation: the gap scan finds the used addresses of both chains and stops at gap 20', { skip }, async () => {
  const before = electrum.lines;
  const { wallet_balance: wb, ticker } = await activate('Electrum');
  assert.equal(ticker, COIN);
  assert.equal(wb.wallet_type, 'HD');
  assert.equal(wb.accounts.length, 1);
  const [account] = wb.accounts;
  assert.equal(account.account_index, 0);
  assert.equal(account.derivation_path, "m/44'/1'/0'");
  const external = account.addresses.filter((a) => a.chain === 'External');
  const internal = account.addresses.filter((a) => a.chain === 'Internal');
  assert.deepEqual(external.map((a) => a.address), Array.from({ length: 24 }, (_, i) => ext(i)));
  assert.deepEqual(internal.map((a) => a.address), [int(0), int(1), int(2)]);
  assert.deepEqual(external[23], { address: ext(23), derivation_path: "m/44'/1'/0'/0/23", chain: 'External', balance: balanceOf('3') });
  assert.deepEqual(internal[2].balance, balanceOf('0.5'));
  assert.deepEqual(external[1].balance, balanceOf('0'));
  assert.ok(!account.addresses.some((a) => a.address === ext(46)), 'address 46 lies beyond the gap');
  assert.deepEqual(account.total_balance, balanceOf('6.5'));
  assert.equal((await call('my_balance', { coin: COIN })).balance, '6.5');
  assert.equal((await call('my_balance', { coin: COIN })).address, ext(0));
  // 50 + 20 + 20 addresses checked, subscribed and read: batches, not one request each.
  const lines = electrum.lines - before;
  assert.ok(lines <= 12, `activation took ${lines} request lines`);
});

test('HD withdraw spends across the account, change to the first unused Internal address', { skip }, async () => {
  const to = freshAddress('p2wpkh', 31);
  const w = await call('withdraw', { coin: COIN, to, amount: '5.2', broadcast: true });
  const checked = await checkUtxoTransaction(w.tx_hex, ltc);
  assert.equal(checked.txid, w.tx_hash);
  assert.deepEqual(new Set(w.from), new Set([ext(23), ext(3), ext(0)]));
  assert.deepEqual(checked.outputs.filter((o) => o.address === to).map((o) => o.value), [sats('5.2')]);
  const change = checked.outputs.find((o) => o.address !== to);
  assert.equal(change.address, int(0));
  assert.equal(checked.fee, sats(w.fee_details.amount));
  assert.equal(sats(w.received_by_me), change.value);
  assert.equal(sats(w.spent_by_me), sats('6'));
  await mineAndSync();
  assert.equal(await chainSats(int(0)), change.value);
  const left = sats('0.5') + change.value;
  await settle(async () => sats((await call('my_balance', { coin: COIN })).balance) === left, 'the balance after the withdraw');
});

test('HD withdraw `from` spends one address (derivation_path and account/chain/address forms)', { skip }, async () => {
  const to = freshAddress('p2pkh', 32);
  const one = await call('withdraw', { coin: COIN, to, amount: '0.2', from: { derivation_path: "m/44'/1'/0'/1/2" } });
  const checked = await checkUtxoTransaction(one.tx_hex, ltc);
  assert.deepEqual(one.from, [int(2)]);
  assert.equal(checked.outputs.find((o) => o.address !== to).address, int(1), 'change: Internal 0 is used now');
  const sent = await call('send_raw_transaction', { coin: COIN, tx_hex: one.tx_hex });
  assert.equal(sent.tx_hash, checked.txid);
  // The same address by its indexes; nothing left there but change on the way: NotSufficientBalance.
  const empty = await call('withdraw', { coin: COIN, to, amount: '0.1', from: { account_id: 0, chain: 'External', address_id: 5 } }, 400);
  assert.equal(empty.error_type, 'NotSufficientBalance', JSON.stringify(empty));
  const unknown = await call('withdraw', { coin: COIN, to, amount: '0.1', from: { account_id: 3, chain: 'External', address_id: 0 } }, 400);
  assert.equal(unknown.error_type, 'UnknownAccount');
  const outside = await call('withdraw', { coin: COIN, to, amount: '0.1', from: { derivation_path: "m/44'/2'/0'/0/0" } }, 400);
  assert.equal(outside.error_type, 'UnexpectedFromAddress');
  await mineAndSync();
});

test('get_new_address: the next index, the gap rule (EmptyAddressesLimitReached) and its refusals', { skip }, async () => {
  const { new_address: a } = await call('get_new_address', { coin: COIN, account_id: 0 });
  assert.deepEqual(a, { address: ext(24), derivation_path: "m/44'/1'/0'/0/24", chain: 'External', balance: balanceOf('0') });
  const gap = await call('get_new_address', { coin: COIN, account_id: 0, gap_limit: 1 }, 400);
  assert.equal(gap.error_type, 'EmptyAddressesLimitReached');
  assert.deepEqual(gap.error_data, { gap_limit: 1 });
  const change = await call('get_new_address', { coin: COIN, account_id: 0, chain: 'Internal', gap_limit: 5 });
  assert.equal(change.new_address.address, int(3));
  const cases = [
    [{ coin: COIN, account_id: 7 }, 400, 'UnknownAccount', { account_id: 7 }],
    [{ coin: 'LTC', account_id: 0 }, 400, 'NoSuchCoin', { coin: 'LTC' }],
    [{ coin: COIN, account_id: 0, chain: 'Sideways' }, 400, 'InvalidRequest'],
    [{ coin: COIN, account_id: -1 }, 400, 'InvalidRequest'],
    [{ coin: COIN, account_id: 2 ** 31 }, 400, 'InvalidRequest'],
    [{ coin: COIN }, 400, 'InvalidRequest'],
    [{ coin: COIN, account_id: 0, gap_limit: 0 }, 400, 'InvalidRequest'],
    [{ coin: COIN, account_id: 0, gap_limit: '3' }, 400, 'InvalidRequest'],
  ];
  for (const [params, status, type, data] of cases) {
    const e = await call('get_new_address', params, status);
    assert.equal(e.error_type, type, JSON.stringify([params, e]));
    if (data) assert.deepEqual(e.error_data, data);
  }
});

test('task::scan_for_new_addresses finds payments past the known addresses; account_balance pages agree with litecoind', { skip }, async () => {
  await pay(ext(30), sats('0.7'));
  await mineAndSync();
  const init = await call('task::scan_for_new_addresses::init', { coin: COIN, account_index: 0 });
  const done = await walletd.waitTask('scan_for_new_addresses', init.task_id, 30000);
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  assert.equal(done.details.account_index, 0);
  assert.equal(done.details.derivation_path, "m/44'/1'/0'");
  // 30 is within the gap of the known 0..24, and 46 within the gap of 30.
  assert.deepEqual(done.details.new_addresses.map((a) => a.address), Array.from({ length: 22 }, (_, i) => ext(25 + i)));
  assert.deepEqual(done.details.new_addresses[5].balance, balanceOf('0.7'));
  assert.deepEqual(done.details.new_addresses.at(-1).balance, balanceOf('4'));

  const first = await call('account_balance', { coin: COIN, account_index: 0, chain: 'External' });
  assert.equal(first.total, 47);
  assert.equal(first.total_pages, 5);
  assert.equal(first.skipped, 0);
  assert.equal(first.limit, 10);
  assert.deepEqual(first.paging_options, { PageNumber: 1 });
  assert.deepEqual(first.addresses.map((a) => a.address), Array.from({ length: 10 }, (_, i) => ext(i)));
  for (const line of first.addresses) assert.equal(sats(line.balance[COIN].spendable), await chainSats(line.address), line.address);
  const last = await call('account_balance', { coin: COIN, account_index: 0, chain: 'External', limit: 10, paging_options: { FromId: 24 } });
  assert.equal(last.skipped, 25);
  assert.deepEqual(last.addresses.map((a) => a.address), Array.from({ length: 10 }, (_, i) => ext(25 + i)));
  assert.deepEqual(last.page_balance, balanceOf('0.7'));
  assert.deepEqual(last.paging_options, { FromId: 24 });
  const beyond = await call('account_balance', { coin: COIN, account_index: 0, chain: 'Internal', paging_options: { PageNumber: 9 } });
  assert.deepEqual([beyond.addresses, beyond.skipped, beyond.total], [[], 4, 4]);
  // The task form is KDF's: {coin, account_index} → the whole account (both chains) with its total.
  const init2 = await call('task::account_balance::init', { coin: COIN, account_index: 0 });
  const whole = await walletd.waitTask('account_balance', init2.task_id, 30000);
  assert.equal(whole.status, 'Ok', JSON.stringify(whole));
  const external = await call('account_balance', { coin: COIN, account_index: 0, chain: 'External', limit: 100 });
  const internal = await call('account_balance', { coin: COIN, account_index: 0, chain: 'Internal', limit: 100 });
  assert.deepEqual(whole.details.addresses.map((a) => [a.address, a.chain]),
    [...external.addresses, ...internal.addresses].map((a) => [a.address, a.chain]));
  const sum = (lines) => lines.reduce((s, a) => s + sats(a.balance[COIN].spendable), 0n);
  assert.equal(sats(whole.details.total_balance[COIN].spendable), sum(whole.details.addresses));
  assert.equal(sum(whole.details.addresses), sum(external.addresses) + sum(internal.addresses));
  assert.equal(whole.details.derivation_path, external.derivation_path);
  // Older clients add the paged form's fields: ignored, as KDF ignores them.
  const init3 = await call('task::account_balance::init', { coin: COIN, account_index: 0, chain: 'External', limit: 5 });
  assert.equal((await walletd.waitTask('account_balance', init3.task_id, 30000)).status, 'Ok');
  for (const [params, type] of [
    [{ coin: COIN, account_index: 0 }, 'InvalidRequest'],
    [{ coin: COIN, account_index: 0, chain: 'External', limit: 0 }, 'InvalidRequest'],
    [{ coin: COIN, account_index: 0, chain: 'External', paging_options: { PageNumber: 0 } }, 'InvalidRequest'],
    [{ coin: COIN, account_index: 0, chain: 'External', paging_options: { Page: 1 } }, 'InvalidRequest'],
    [{ coin: COIN, account_index: 4, chain: 'External' }, 'UnknownAccount'],
    [{ coin: 'LTC', account_index: 0, chain: 'External' }, 'NoSuchCoin'],
  ]) {
    const e = await call('account_balance', params, 400);
    assert.equal(e.error_type, type, JSON.stringify([params, e]));
  }
  const refused = await call('task::scan_for_new_addresses::init', { coin: COIN, account_index: 9 }, 400);
  assert.equal(refused.error_type, 'UnknownAccount');
});

test('the accounts survive a restart; scan_policy "scan" reaches a payment made meanwhile', { skip }, async () => {
  await pay(ext(60), sats('0.25'));
  await mineAndSync();
  await walletd.stop();
  walletd = await WalletdProcess.start(config, { coinsPath });
  const kept = await activate('Electrum');
  const addresses = kept.wallet_balance.accounts[0].addresses;
  assert.equal(addresses.filter((a) => a.chain === 'External').length, 47, 'no rescan of a known wallet');
  assert.equal(addresses.filter((a) => a.chain === 'Internal').length, 4);
  await call('disable_coin', { coin: COIN });
  const scanned = await activate('Electrum', { scan_policy: 'scan' });
  const external = scanned.wallet_balance.accounts[0].addresses.filter((a) => a.chain === 'External');
  assert.equal(external.length, 61);
  assert.deepEqual(external[60], { address: ext(60), derivation_path: "m/44'/1'/0'/0/60", chain: 'External', balance: balanceOf('0.25') });
  await call('disable_coin', { coin: COIN });
});

test('Native HD: litecoind imports the addresses watch-only and finds the same wallet; a withdraw it accepts', { skip }, async () => {
  const { wallet_balance: wb } = await activate('Native', { scan_policy: 'scan' });
  const [account] = wb.accounts;
  assert.equal(account.addresses.filter((a) => a.chain === 'External').length, 61);
  for (const a of account.addresses) assert.equal(sats(a.balance[COIN].spendable), await chainSats(a.address), a.address);
  const to = freshAddress('p2pkh', 33);
  const w = await call('withdraw', { coin: COIN, to, amount: '4.5', broadcast: true });
  const checked = await checkUtxoTransaction(w.tx_hex, ltc);
  assert.ok((await ltc.rpc('getrawmempool')).includes(checked.txid));
  assert.ok(w.from.includes(ext(46)));
  assert.equal(checked.fee, sats(w.fee_details.amount));
  const changeAddress = checked.outputs.find((o) => o.address !== to).address;
  assert.ok([int(3), int(4)].includes(changeAddress), changeAddress);
  await ltc.mine(1, `addr(${freshAddress('p2pkh', 99)})`);
  const { new_address: n } = await call('get_new_address', { coin: COIN, account_id: 0 });
  assert.equal(n.address, ext(61));
  const info = await ltc.rpc('getaddressinfo', [ext(61)]);
  assert.equal(info.iswatchonly, true, 'the new address is imported watch-only');
  // The task form (KDF's task::get_new_address::*, what its SDK calls): the same work and rules.
  const init = await call('task::get_new_address::init', { coin: COIN, account_id: 0, chain: 'External' });
  const done = await walletd.waitTask('get_new_address', init.task_id, 30000);
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  assert.deepEqual(done.details.new_address,
    { address: ext(62), derivation_path: "m/44'/1'/0'/0/62", chain: 'External', balance: balanceOf('0') });
  assert.equal((await ltc.rpc('getaddressinfo', [ext(62)])).iswatchonly, true);
  assert.equal((await call('task::get_new_address::init', { coin: 'LTC', account_id: 0 }, 400)).error_type, 'NoSuchCoin');
  const gap = await call('task::get_new_address::init', { coin: COIN, account_id: 0, gap_limit: 1 });
  const refused = await walletd.waitTask('get_new_address', gap.task_id, 30000);
  assert.deepEqual([refused.status, refused.details.error_type], ['Error', 'EmptyAddressesLimitReached']);
});

test('my_tx_history of an HD wallet: by account and by address; the iguana target is refused', { skip }, async () => {
  await call('disable_coin', { coin: COIN });
  await activate('Electrum', { tx_history: true, scan_policy: 'do_not_scan' });
  const account = await settleHistory({ type: 'account_id', account_id: 0 });
  const one = await call('my_tx_history', { coin: COIN, limit: 50, target: { type: 'address_id', account_id: 0, chain: 'External', address_id: 23 } });
  // Address 23: paid 3 in the first funding transaction, then spent by the account-wide withdraw.
  assert.equal(one.total, 2);
  const [spend, funding] = one.transactions;
  assert.deepEqual([funding.received_by_me, funding.spent_by_me, funding.my_balance_change], ['3', '0', '3']);
  assert.deepEqual([spend.spent_by_me, spend.received_by_me, spend.my_balance_change], ['3', '0', '-3']);
  assert.ok(account.transactions.some((t) => t.tx_hash === spend.tx_hash));
  // Relative to the whole account the funding transaction brought 1 + 2 + 3 + 4 + 0.5.
  const whole = account.transactions.find((t) => t.tx_hash === funding.tx_hash);
  assert.equal(whole.received_by_me, '10.5');
  for (const [target, type] of [[{ type: 'iguana' }, 'InvalidTarget'], [{ type: 'account_id', account_id: 9 }, 'InvalidTarget'],
    [{ type: 'address_id', account_id: 0, chain: 'Sideways', address_id: 0 }, 'InvalidRequest']]) {
    const res = await walletd.rpc('my_tx_history', { coin: COIN, target });
    assert.equal(res.json.error_type, type, JSON.stringify(target));
  }
});

async function settleHistory(target) {
  const end = Date.now() + 20000;
  for (;;) {
    const h = await call('my_tx_history', { coin: COIN, limit: 100, target });
    if (h.sync_status.state === 'Finished') return h;
    assert.ok(Date.now() < end, JSON.stringify(h.sync_status));
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('HD segwit (P2WPKH, m/84\'): the scan finds the bech32 addresses, a withdraw spends them', { skip }, async () => {
  const seg = (chain, i) => bitcoin.payments.p2wpkh({ pubkey: Buffer.from(root.derivePath(`m/84'/1'/0'/${chain}/${i}`).publicKey), network: LTC_REGTEST }).address;
  await pay.many([[seg(0, 1), sats('0.6')], [seg(0, 4), sats('0.9')]]);
  await mineAndSync();
  const init = await walletd.rpc('task::enable_utxo::init', { ticker: 'LTC-regtest-segwit', activation_params: {
    mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl }] } }, path_to_address: { account_id: 0, chain: 'External', address_id: 1 } } });
  const done = await walletd.waitTask('enable_utxo', init.json.result.task_id, 60000);
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  const [account] = done.details.wallet_balance.accounts;
  assert.equal(account.derivation_path, "m/84'/1'/0'");
  assert.deepEqual(account.addresses.map((a) => a.address), [0, 1, 2, 3, 4].map((i) => seg(0, i)));
  assert.deepEqual(account.total_balance, { 'LTC-regtest-segwit': { spendable: '1.5', unspendable: '0' } });
  assert.equal((await call('my_balance', { coin: 'LTC-regtest-segwit' })).address, seg(0, 1), 'path_to_address is the coin\'s address');
  const to = freshAddress('p2pkh', 34);
  const w = await call('withdraw', { coin: 'LTC-regtest-segwit', to, amount: '1.2', broadcast: true });
  const checked = await checkUtxoTransaction(w.tx_hex, ltc);
  assert.deepEqual(new Set(w.from), new Set([seg(0, 1), seg(0, 4)]));
  assert.equal(checked.outputs.find((o) => o.address !== to).address, seg(1, 0), 'change on the Internal chain');
  assert.ok((await ltc.rpc('getrawmempool')).includes(checked.txid));
  await call('disable_coin', { coin: 'LTC-regtest-segwit' });
});
