// The UTXO family in Native mode against litecoind (regtest), with the real walletd: activation
// through task::enable_utxo::* (credentials from a conf file named by the coins file's confpath),
// P2PKH and P2WPKH addresses of the Iguana key, withdraw with every fee type, max, broadcast both
// ways. Every transaction is checked independently: litecoind's testmempoolaccept and mempool,
// bitcoinjs-lib verifying each input's signature against the output it spends, the recipient's
// amount, and the fee on chain equal to fee_details.amount (UtxoFixed exactly). Refusals: each
// params field's wrong type, missing and unknown fields, out-of-range values, KDF's errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Litecoind } from '../peers/litecoind.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, repoRoot, PASSWORD } from '../support/walletd-process.mjs';
import { checkUtxoTransaction, freshAddress, sats, waitFor } from '../support/utxo-check.mjs';
import { openSse } from '../support/sse-client.mjs';

const skip = Litecoind.skipReason();
let ltc, walletd, dir;
const addresses = {};

before(async () => {
  if (skip) return;
  ltc = await Litecoind.start();
  dir = tempDir('walletd-utxo-');
  // The daemon's own settings under [regtest] are not walletd's: the port comes from the coins file.
  const confpath = join(dir, 'litecoin.conf');
  writeFileSync(confpath, `# test\nrpcuser=${ltc.user}\nrpcpassword = ${ltc.password}\n[regtest]\nrpcport=1\n`);
  const coins = JSON.parse(readFileSync(join(repoRoot, 'config/coins.json'), 'utf8'));
  for (const c of coins) {
    if (c.coin.startsWith('LTC-regtest')) Object.assign(c, { confpath, rpcport: ltc.port });
    if (c.coin === 'LTC') c.confpath = join(dir, 'missing.conf');
  }
  writeFileSync(join(dir, 'coins.json'), JSON.stringify(coins));
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'walletd utxo native test' }),
    { coinsPath: join(dir, 'coins.json') });
});

after(async () => {
  await walletd?.stop();
  await ltc?.stop();
  if (dir) cleanup(dir);
});

async function activate(ticker, extra = {}) {
  const init = await walletd.rpc('task::enable_utxo::init', { ticker, activation_params: { mode: { rpc: 'Native' }, ...extra } });
  assert.equal(init.status, 200, init.text);
  return walletd.waitTask('enable_utxo', init.json.result.task_id, 60000);
}

async function withdraw(params) {
  const res = await walletd.rpc('withdraw', params);
  assert.equal(res.status, 200, res.text);
  return res.json.result;
}

// Checks a withdraw's transaction independently; answers what checkUtxoTransaction found.
async function verified(result, to, amount) {
  const checked = await checkUtxoTransaction(result.tx_hex, ltc);
  const [accept] = await ltc.rpc('testmempoolaccept', [[result.tx_hex]]);
  assert.equal(accept.allowed, true, JSON.stringify(accept));
  assert.equal(checked.txid, result.tx_hash);
  const paid = checked.outputs.filter((o) => o.address === to);
  if (amount !== undefined) assert.deepEqual(paid.map((o) => o.value), [amount]);
  assert.equal(checked.fee, sats(result.fee_details.amount));
  assert.equal(result.fee_details.type, 'Utxo');
  assert.equal(sats(result.spent_by_me) - sats(result.received_by_me), checked.fee + (amount ?? paid[0].value));
  return checked;
}

test('activation in Native mode: Iguana P2PKH, balance from the daemon, mined coins counted', { skip }, async () => {
  const first = await activate('LTC-regtest');
  assert.equal(first.status, 'Ok', JSON.stringify(first));
  const { address } = first.details.wallet_balance;
  assert.match(address, /^[mn]/);
  assert.deepEqual(first.details.wallet_balance.balance, { 'LTC-regtest': { spendable: '0', unspendable: '0' } });
  assert.equal(first.details.current_block, 0);
  addresses.p2pkh = address;
  await ltc.mine(101, `addr(${address})`);
  const balance = await walletd.rpc('my_balance', { coin: 'LTC-regtest' });
  assert.equal(balance.json.result.balance, '50');
  assert.equal(balance.json.result.address, address);
  const again = await walletd.rpc('task::enable_utxo::init', { ticker: 'LTC-regtest', activation_params: { mode: { rpc: 'Native' } } });
  assert.equal(again.json.error_type, 'CoinIsAlreadyActivated');
});

test('withdraw with the coins file fee (txfee 1000 sat/kB), sent by send_raw_transaction and mined', { skip }, async () => {
  const to = freshAddress('p2pkh', 1);
  const result = await withdraw({ coin: 'LTC-regtest', to, amount: '1.5' });
  const checked = await verified(result, to, sats('1.5'));
  assert.ok(checked.fee >= BigInt(checked.vsize) && checked.fee <= BigInt(checked.vsize) + 3n, `fee ${checked.fee} for ${checked.vsize} vB`);
  assert.deepEqual(result.from, [addresses.p2pkh]);
  assert.deepEqual(result.to, [to]);
  assert.equal(result.total_amount, result.spent_by_me);
  assert.equal(sats(result.my_balance_change), sats(result.received_by_me) - sats(result.spent_by_me));
  const sent = await walletd.rpc('send_raw_transaction', { coin: 'LTC-regtest', tx_hex: result.tx_hex });
  assert.equal(sent.json.result.tx_hash, result.tx_hash);
  await ltc.mine(1, `addr(${freshAddress('p2pkh', 99)})`);
  assert.equal((await ltc.rpc('getrawtransaction', [result.tx_hash, true])).confirmations, 1);
});

test('UtxoFixed is the exact fee; UtxoPerKbyte a rate; UtxoPriority falls back without estimates; broadcast: true', { skip }, async () => {
  const to = freshAddress('p2wpkh', 2);
  const fixed = await withdraw({ coin: 'LTC-regtest', to, amount: '0.25', fee: { type: 'UtxoFixed', amount: '0.00012345' }, broadcast: true });
  assert.equal(fixed.fee_details.amount, '0.00012345');
  const mempool = await ltc.rpc('getrawmempool');
  assert.ok(mempool.includes(fixed.tx_hash));
  const onChainFee = (await ltc.rpc('getmempoolentry', [fixed.tx_hash])).fees.base;
  assert.equal(sats(onChainFee), 12345n);
  await ltc.mine(1, `addr(${freshAddress('p2pkh', 99)})`);

  const rate = await withdraw({ coin: 'LTC-regtest', to, amount: '0.1', fee: { type: 'UtxoPerKbyte', amount: '0.0002' } });
  const checked = await verified(rate, to, sats('0.1'));
  assert.ok(checked.fee >= 20n * BigInt(checked.vsize) && checked.fee <= 20n * BigInt(checked.vsize + 3));
  const priority = await withdraw({ coin: 'LTC-regtest', to, amount: '0.1', fee: { type: 'UtxoPriority', priority: 'High' } });
  await verified(priority, to, sats('0.1'));
});

test('segwit (P2WPKH) coin: funded by a withdraw from the P2PKH coin, spends and sweeps with max', { skip }, async () => {
  const seg = await activate('LTC-regtest-segwit');
  assert.equal(seg.status, 'Ok', JSON.stringify(seg));
  const address = seg.details.wallet_balance.address;
  assert.match(address, /^rltc1q/);
  const fund = await withdraw({ coin: 'LTC-regtest', to: address, amount: '3', broadcast: true });
  await ltc.mine(1, `addr(${freshAddress('p2pkh', 99)})`);
  assert.equal((await walletd.rpc('my_balance', { coin: 'LTC-regtest-segwit' })).json.result.balance, '3');
  const to = freshAddress('p2pkh', 3);
  const spend = await withdraw({ coin: 'LTC-regtest-segwit', to, amount: '1' });
  const checked = await verified(spend, to, sats('1'));
  assert.ok(checked.vsize < 150, `a 1-input P2WPKH spend is ${checked.vsize} vB`);
  assert.equal(fund.fee_details.coin, 'LTC-regtest');
  const sweep = await withdraw({ coin: 'LTC-regtest-segwit', to, max: true, broadcast: true });
  const swept = await checkUtxoTransaction(sweep.tx_hex, ltc);
  assert.equal(swept.outputs.length, 1);
  assert.equal(swept.outputs[0].value + swept.fee, sats('3'));
  assert.equal(sweep.received_by_me, '0');
  await ltc.mine(1, `addr(${freshAddress('p2pkh', 99)})`);
  assert.equal((await walletd.rpc('my_balance', { coin: 'LTC-regtest-segwit' })).json.result.balance, '0');
  const empty = await walletd.rpc('withdraw', { coin: 'LTC-regtest-segwit', to, max: true });
  assert.equal(empty.json.error_type, 'ZeroBalanceToWithdrawMax');
});

test('withdraw refusals: fee policy, balance, dust, address, from, memo, a send the daemon refuses', { skip }, async () => {
  const to = freshAddress('p2pkh', 4);
  const cases = [
    [{ coin: 'LTC-regtest', to, amount: '1', fee: { type: 'EthGas', gas_price: '1', gas: 21000 } }, 400, 'InvalidFeePolicy'],
    [{ coin: 'LTC-regtest', to, amount: '100000' }, 400, 'NotSufficientBalance'],
    [{ coin: 'LTC-regtest', to, amount: '0.00001' }, 400, 'AmountTooLow'],
    [{ coin: 'LTC-regtest', to: 'ltc1qnotanaddress', amount: '1' }, 400, 'InvalidAddress'],
    [{ coin: 'LTC-regtest', to: freshAddress('p2pkh').replace(/.$/, 'x'), amount: '1' }, 400, 'InvalidAddress'],
    [{ coin: 'LTC-regtest', to, amount: '1', from: { derivation_path: "m/44'/1'/0'/0/0" } }, 400, 'UnexpectedFromAddress'],
    [{ coin: 'LTC-regtest', to, amount: '1', memo: 'hi' }, 400, 'UnsupportedError'],
    [{ coin: 'LTC-regtest', to, amount: '1', fee: { type: 'UtxoFixed', amount: '-1' } }, 400, 'InvalidRequest'],
    [{ coin: 'LTC-regtest', to, amount: 'one' }, 400, 'InvalidRequest'],
  ];
  for (const [params, status, type] of cases) {
    const res = await walletd.rpc('withdraw', params);
    assert.equal(res.status, status, res.text);
    assert.equal(res.json.error_type, type, res.text);
  }
  const poor = await walletd.rpc('withdraw', { coin: 'LTC-regtest', to, amount: '100000' });
  assert.equal(poor.json.error_data.coin, 'LTC-regtest');
  assert.ok(Number(poor.json.error_data.available) > 40);
  // Spending an output twice: the daemon refuses the second and walletd says so.
  const a = await withdraw({ coin: 'LTC-regtest', to, amount: '1' });
  const b = await withdraw({ coin: 'LTC-regtest', to, amount: '2' });
  assert.equal((await walletd.rpc('send_raw_transaction', { coin: 'LTC-regtest', tx_hex: a.tx_hex })).status, 200);
  const refused = await walletd.rpc('send_raw_transaction', { coin: 'LTC-regtest', tx_hex: b.tx_hex });
  assert.equal(refused.status, 502, refused.text);
  assert.equal(refused.json.error_type, 'Transport');
  const garbage = await walletd.rpc('send_raw_transaction', { coin: 'LTC-regtest', tx_hex: '0100' });
  assert.equal(garbage.json.error_type, 'InvalidParam', garbage.text);
});

test('activation refusals: params shape, ticker, protocol, mode, conf file', { skip }, async () => {
  const init = (params) => walletd.rpc('task::enable_utxo::init', params);
  const native = { mode: { rpc: 'Native' } };
  const cases = [
    [{ activation_params: native }, 'InvalidRequest'],
    [{ ticker: 'LTC-regtest' }, 'InvalidRequest'],
    [{ ticker: 5, activation_params: native }, 'InvalidRequest'],
    [{ ticker: 'LTC', activation_params: {} }, 'InvalidRequest'],
    [{ ticker: 'LTC', activation_params: { mode: { rpc: 'Light' } } }, 'InvalidRequest'],
    [{ ticker: 'LTC', activation_params: { mode: { rpc: 'Native', rpc_data: {} } } }, 'InvalidRequest'],
    [{ ticker: 'LTC', activation_params: { ...native, gap_limit: 0 } }, 'InvalidRequest'],
    [{ ticker: 'LTC', activation_params: { ...native, gap_limit: 'x' } }, 'InvalidRequest'],
    [{ ticker: 'LTC', activation_params: { ...native, scan_policy: 'sometimes' } }, 'InvalidRequest'],
    [{ ticker: 'LTC', activation_params: { ...native, address_format: { format: 'taproot' } } }, 'InvalidRequest'],
    [{ ticker: 'LTC', activation_params: { ...native, utxo_merge_params: { check_every: 5 } } }, 'InvalidRequest'],
    [{ ticker: 'LTC', activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: [] } } } }, 'InvalidRequest'],
    [{ ticker: 'LTC', activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: 'x:1', protocol: 'UDP' }] } } } }, 'InvalidRequest'],
    [{ ticker: 'NOPE', activation_params: native }, 'CoinConfigIsNotFound'],
    [{ ticker: 'ETH-ganache', activation_params: native }, 'UnexpectedCoinProtocol'],
  ];
  for (const [params, type] of cases) {
    const res = await init(params);
    assert.equal(res.status, 400, `${JSON.stringify(params)}: ${res.text}`);
    assert.equal(res.json.error_type, type, `${JSON.stringify(params)}: ${res.text}`);
  }
  const missingConf = await activate('LTC');
  assert.equal(missingConf.status, 'Error');
  assert.equal(missingConf.details.error_type, 'CoinCreationError');
  assert.match(missingConf.details.error, /missing\.conf/);
  assert.equal((await walletd.rpc('my_balance', { coin: 'LTC' })).json.error_type, 'NoSuchCoin');
});

test('the HD methods refuse a coin on the Iguana key', { skip }, async () => {
  for (const [method, params] of [
    ['get_new_address', { coin: 'LTC-regtest', account_id: 0 }],
    ['account_balance', { coin: 'LTC-regtest', account_index: 0, chain: 'External' }],
    ['task::scan_for_new_addresses::init', { coin: 'LTC-regtest', account_index: 0 }],
  ]) {
    const res = await walletd.rpc(method, params);
    assert.equal(res.status, 400, res.text);
    assert.equal(res.json.error_type, 'CoinIsActivatedNotWithHDWallet', method);
  }
});

test('disable_coin removes the coin', { skip }, async () => {
  assert.equal((await walletd.rpc('disable_coin', { coin: 'LTC-regtest-segwit' })).status, 200);
  assert.equal((await walletd.rpc('my_balance', { coin: 'LTC-regtest-segwit' })).json.error_type, 'NoSuchCoin');
  const enabled = (await walletd.rpc('get_enabled_coins', {})).json.result.coins.map((c) => c.ticker);
  assert.deepEqual(enabled, ['LTC-regtest']);
});

test('the legacy `enable` request activates a coin in Native mode', { skip }, async () => {
  const legacy = (body) => walletd.post({ userpass: PASSWORD, method: 'enable', ...body });
  const wrong = await legacy({ coin: 'LTC-regtest-segwit', gap_limit: 0 });
  assert.equal(wrong.status, 500, wrong.text);
  assert.match(wrong.json.error, /gap_limit/);
  const unknown = await legacy({ coin: 'NOPE' });
  assert.match(unknown.json.error, /config is not found/);
  const ok = await legacy({ coin: 'LTC-regtest-segwit', mm2: 1 });
  assert.equal(ok.status, 200, ok.text);
  assert.equal(ok.json.result, 'success');
  assert.equal(ok.json.coin, 'LTC-regtest-segwit');
  assert.equal(ok.json.required_confirmations, 1);
  const mine = (await walletd.rpc('my_balance', { coin: 'LTC-regtest-segwit' })).json.result;
  assert.deepEqual([ok.json.address, ok.json.balance], [mine.address, mine.balance]);
});

test('stream::balance::enable in Native mode: the addresses are polled and changes published', { skip }, async () => {
  const stream = await openSse(`${walletd.url}/event-stream?id=3`, { timeoutMs: 30000 });
  try {
    const asked = ltc.rpcCalls('listunspent');
    const enabled = await walletd.rpc('stream::balance::enable', { coin: 'LTC-regtest-segwit', client_id: 3 });
    assert.equal(enabled.status, 200, enabled.text);
    // The poll's first round reads what there is now: it has asked once litecoind logs the call
    // (my_balance's own read comes after it).
    await waitFor(async () => ltc.rpcCalls('listunspent') > asked, 'the first poll round');
    const segwit = (await walletd.rpc('my_balance', { coin: 'LTC-regtest-segwit' })).json.result;
    const sent = await walletd.rpc('withdraw', { coin: 'LTC-regtest', to: segwit.address, amount: '0.125', broadcast: true });
    assert.equal(sent.status, 200, sent.text);
    const frames = await stream.waitFor(1);
    const event = frames.map((f) => f.data).find((d) => d?._type === 'BALANCE:LTC-regtest-segwit');
    assert.ok(event, JSON.stringify(frames));
    assert.equal(event.message.address, segwit.address);
    assert.equal(sats(event.message.balance.spendable), sats(segwit.balance) + sats('0.125'));
  } finally {
    await stream.close();
  }
});
