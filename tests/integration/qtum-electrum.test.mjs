// QTUM with the real walletd in Electrum mode, against the QTUM chain emulator
// (tests/peers/qtum-chain.mjs: bitcoinjs-lib parses every transaction and tiny-secp256k1
// verifies each input's legacy SIGHASH_ALL signature; proof-of-stake blocks with coinstakes;
// qtumd's 2000-block maturity of coinbase and coinstake outputs) behind the Electrum test server.
// QTUM is the coins file's own entry (mature_confirmations 2000, txfee 400000 per kB). KDF's
// task::enable_qtum::* activates it (the SDK's request shape); task::enable_utxo refuses it, as
// KDF does; a withdraw never spends an output of a reward transaction before it matures — the
// emulator would refuse the transaction, and KDF users hit exactly that (#1718) — and spends it
// once it has.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { QtumChain, QTUM_MATURITY } from '../peers/qtum-chain.mjs';
import { ElectrumServer } from '../peers/electrum-server.mjs';
import { myBalances, waitFor } from '../support/utxo-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD } from '../support/walletd-process.mjs';
import { openSse } from '../support/sse-client.mjs';

const bitcoin = createRequire(import.meta.url)('bitcoinjs-lib');
const QTUM = 'QTUM';
const PUBTYPE = 58;
let chain, electrum, walletd, dir, address, script;

before(async () => {
  chain = QtumChain.start({ startTime: Math.floor(Date.now() / 1000) - 3600 });
  electrum = await ElectrumServer.start({ ltc: chain, pollMs: 50 });
  dir = tempDir('walletd-qtum-');
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'walletd qtum test' }));
});

after(async () => {
  await walletd?.stop();
  await electrum?.stop();
  if (dir) cleanup(dir);
});

const p2pkh = (addr) => Buffer.from(bitcoin.payments.p2pkh({ hash: bitcoin.address.fromBase58Check(addr).hash }).output);
const other = (byte) => bitcoin.address.toBase58Check(Buffer.alloc(20, byte), PUBTYPE);
const settle = (check, what) => waitFor(check, what, 15000);
// The KDF SDK's task::enable_qtum::init params (TaskEnableQtumInit.toJson), servers pointed here.
const sdkRequest = (ticker) => ({ ticker, activation_params: { required_confirmations: 3, requires_notarization: false,
  priv_key_policy: 'ContextPrivKey', mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl, protocol: 'TCP', disable_cert_verification: false }] } } } });

async function mine(n, options = {}) {
  for (let i = 0; i < n; i++) chain.mine(i === 0 ? options : {});
  await electrum.synced();
}

test('task::enable_qtum activates QTUM (the SDK\'s request); task::enable_utxo refuses it, as KDF', async () => {
  const wrongRoute = await walletd.rpc('task::enable_utxo::init', sdkRequest(QTUM));
  assert.equal(wrongRoute.status, 400, wrongRoute.text);
  assert.equal(wrongRoute.json.error_type, 'UnexpectedCoinProtocol');
  const notQtum = await walletd.rpc('task::enable_qtum::init', sdkRequest('LTC'));
  assert.equal(notQtum.json.error_type, 'UnexpectedCoinProtocol');

  const init = await walletd.rpc('task::enable_qtum::init', sdkRequest(QTUM));
  assert.equal(init.status, 200, init.text);
  const result = await walletd.waitTask('enable_qtum', init.json.result.task_id, 60000);
  assert.equal(result.status, 'Ok', JSON.stringify(result));
  assert.equal(result.details.ticker, QTUM);
  assert.equal(result.details.current_block, chain.tip.height);
  address = result.details.wallet_balance.address;
  assert.match(address, /^Q/);
  script = p2pkh(address);
  const again = await walletd.rpc('task::enable_qtum::init', sdkRequest(QTUM));
  assert.equal(again.json.error_type, 'CoinIsAlreadyActivated');
});

test('convertaddress: QTUM\'s contract form is 0x + the key hash, and back', async () => {
  const hash = Buffer.from(bitcoin.address.fromBase58Check(address).hash).toString('hex');
  const contract = await walletd.post({ userpass: PASSWORD, method: 'convertaddress', coin: QTUM, from: address, to_address_format: { format: 'contract' } });
  assert.equal(contract.status, 200, contract.text);
  assert.equal(contract.json.result.address, '0x' + hash);
  const wallet = await walletd.post({ userpass: PASSWORD, method: 'convertaddress', coin: QTUM, from: '0x' + hash, to_address_format: { format: 'wallet' } });
  assert.equal(wallet.json.result.address, address);
});

test('a withdraw leaves immature coinstake and coinbase outputs unspent; qtumd\'s rules accept it', async () => {
  chain.credit(script, 10e8);                          // a plain payment: spendable at once
  await mine(1);
  await mine(1, { stake: { to: script, value: 50e8 } }); // a coinstake paying the wallet
  await mine(1, { to: script, value: 20e8 });           // a coinbase paying the wallet
  // my_balance as KDF splits QTUM's: the immature reward outputs are unspendable.
  await settle(async () => (await myBalances(walletd, QTUM)).unspendable_balance === '70', 'the three outputs');
  assert.deepEqual(await myBalances(walletd, QTUM), { balance: '10', unspendable_balance: '70' });

  const tooMuch = await walletd.rpc('withdraw', { coin: QTUM, to: other(7), amount: '15' });
  assert.equal(tooMuch.status, 400, tooMuch.text);
  assert.equal(tooMuch.json.error_type, 'NotSufficientBalance');

  const w = await walletd.rpc('withdraw', { coin: QTUM, to: other(7), amount: '5', broadcast: true });
  assert.equal(w.status, 200, w.text);
  const r = w.json.result;
  const tx = bitcoin.Transaction.fromHex(r.tx_hex);
  assert.equal(tx.getId(), r.tx_hash);
  assert.equal(tx.version, 1);
  assert.ok(Math.abs(tx.locktime - Date.now() / 1000) < 600, `locktime ${tx.locktime} is now`);
  assert.equal(tx.ins.length, 1);
  const spent = chain.output(Buffer.from(tx.ins[0].hash).reverse().toString('hex'), tx.ins[0].index);
  assert.equal(spent.reward, false, 'the plain output is the one spent');
  assert.ok((await chain.rpc('getrawmempool')).includes(r.tx_hash), 'the emulator accepted it');
  // KDF's fee rule: txfee (400000 sat) per kB of the size, estimated before signing with the
  // largest signatures (a byte more per input than some signed ones).
  const fee = 10e8 - tx.outs.reduce((sum, o) => sum + Number(o.value), 0);
  const size = r.tx_hex.length / 2;
  assert.ok(fee >= size * 400 && fee <= (size + tx.ins.length) * 400, `fee ${fee} for ${size} bytes`);
  assert.equal(r.fee_details.amount, String(fee / 1e8));
  await mine(1);
});

test('once they mature (2000 blocks), the reward outputs are spent', async () => {
  await mine(QTUM_MATURITY - 3);
  // The coinstake has its 2000 confirmations, the coinbase (a block later) 1999.
  await settle(async () => (await myBalances(walletd, QTUM)).unspendable_balance === '20', 'the coinstake maturing');
  const w = await walletd.rpc('withdraw', { coin: QTUM, to: other(8), amount: '52', broadcast: true });
  assert.equal(w.status, 200, w.text);
  const tx = bitcoin.Transaction.fromHex(w.json.result.tx_hex);
  const kinds = tx.ins.map((i) => chain.output(Buffer.from(i.hash).reverse().toString('hex'), i.index).reward);
  assert.ok(kinds.includes(true), 'a matured reward output is among the inputs');
  assert.ok((await chain.rpc('getrawmempool')).includes(w.json.result.tx_hash), 'qtumd\'s maturity rule lets it in');
});

test('KDF\'s legacy electrum request activates QTUM too, with its mature_confirmations', async () => {
  assert.equal((await walletd.rpc('disable_coin', { coin: QTUM })).status, 200);
  const r = await walletd.post({ userpass: PASSWORD, method: 'electrum', coin: QTUM, servers: [{ url: electrum.tcpUrl }] });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.result, 'success');
  assert.equal(r.json.address, address);
  assert.equal(r.json.mature_confirmations, 2000);
  assert.equal(r.json.required_confirmations, 3);
});

test('history with tx_history: QTUM\'s headers (they end with the block signature, so they vary in size) give each row its block time', async () => {
  assert.equal((await walletd.rpc('disable_coin', { coin: QTUM })).status, 200);
  const params = sdkRequest(QTUM);
  params.activation_params.tx_history = true;
  const init = await walletd.rpc('task::enable_qtum::init', params);
  const done = await walletd.waitTask('enable_qtum', init.json.result.task_id, 60000);
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  await mine(1);
  let rows = [], last;
  await settle(async () => {
    const r = await walletd.rpc('my_tx_history', { coin: QTUM, limit: 50 });
    assert.equal(r.status, 200, r.text);
    rows = r.json.result.transactions; last = r.json.result;
    return r.json.result.sync_status.state === 'Finished' && rows.length >= 5 && rows.every((row) => row.block_height > 0);
  }, 'the history').catch((e) => { throw new Error(e.message + ' ' + JSON.stringify(last).slice(0, 600)); });
  for (const row of rows) {
    const block = chain.blocks[row.block_height];
    assert.ok(block, JSON.stringify(row));
    assert.ok(block.txids.includes(row.tx_hash), `${row.tx_hash} is in block ${row.block_height}: ${JSON.stringify(rows.map((x) => [x.tx_hash.slice(0, 8), x.block_height, x.timestamp, x.confirmations]))} tip ${chain.tip.height}`);
    assert.equal(row.timestamp, block.time, `the time of block ${row.block_height}`);
  }
});

const QC = 'QC-QRC20';                                        // the coins file's entry
const QC_CONTRACT = 'f2033ede578e17fa6231047265010445bca8cf1c';

test('a QRC20 token activates by KDF\'s legacy electrum request; its balance is the contract\'s balanceOf', async () => {
  const holder = Buffer.from(bitcoin.address.fromBase58Check(address).hash).toString('hex');
  chain.tokens.deploy(QC_CONTRACT, { decimals: 8, balances: { [holder]: 1234500000000n } });
  const v2 = await walletd.rpc('task::enable_qtum::init', sdkRequest(QC));
  assert.equal(v2.json.error_type, 'UnexpectedCoinProtocol', 'KDF activates QRC20 by the legacy requests only');
  // KDF's own test request (mm2_tests_inner.rs, enable_qrc20), pointed at the emulator.
  const request = { userpass: PASSWORD, method: 'electrum', coin: QC, mm2: 1, servers: [{ url: electrum.tcpUrl }],
    swap_contract_address: '0xba8b71f3544b93e2f681f996da519a98ace0107a' };
  const withHistory = await walletd.post({ ...request, tx_history: true });
  assert.match(withHistory.json.error ?? '', /no history of QRC20 tokens/, withHistory.text);

  electrum.requests.length = 0;
  const r = await walletd.post(request);
  assert.equal(r.status, 200, r.text);
  assert.deepEqual({ ...r.json, address: undefined }, { result: 'success', address: undefined, balance: '12345',
    unspendable_balance: '0', coin: QC, required_confirmations: 3, requires_notarization: false, mature_confirmations: 2000 });
  assert.equal(r.json.address, address, 'the token\'s address is the wallet\'s QTUM address');
  // The coins file gives no decimals: walletd asked the contract, as KDF does.
  const calls = electrum.requests.filter(([m]) => m === 'blockchain.contract.call').map(([, p]) => p);
  assert.ok(calls.some((p) => p[0] === QC_CONTRACT && p[1] === '313ce567' && p[2] === ''), JSON.stringify(calls));
  assert.ok(calls.some((p) => p[1] === '70a08231' + holder.padStart(64, '0')), 'balanceOf(holder)');

  chain.tokens.tokens.get(QC_CONTRACT).balances.set(holder, 1235000000001n);
  const balance = await walletd.rpc('my_balance', { coin: QC });
  assert.deepEqual({ balance: balance.json.result.balance, unspendable: balance.json.result.unspendable_balance },
    { balance: '12350.00000001', unspendable: '0' });
});

const ERC20 = new (createRequire(import.meta.url)('ethers').Interface)(['function transfer(address,uint256)']);
const hashOf = (addr) => Buffer.from(bitcoin.address.fromBase58Check(addr).hash).toString('hex');
// Output 0 of a QRC20 transaction read back with bitcoinjs-lib and ethers: the gas numbers,
// the contract and the transfer's arguments.
function contractCall(tx) {
  const chunks = bitcoin.script.decompile(tx.outs[0].script);
  assert.equal(chunks.length, 6);
  assert.equal(chunks[0], bitcoin.opcodes.OP_4);
  assert.equal(chunks[5], 0xc2, 'OP_CALL');
  const num = (b) => Buffer.from(b).reduceRight((n, byte) => n * 256 + byte, 0);
  const call = ERC20.parseTransaction({ data: '0x' + Buffer.from(chunks[3]).toString('hex') });
  return { value: Number(tx.outs[0].value), gasLimit: num(chunks[1]), gasPrice: num(chunks[2]),
    contract: Buffer.from(chunks[4]).toString('hex'), method: call.name,
    to: call.args[0].slice(2).toLowerCase(), amount: call.args[1] };
}
// What the transaction's inputs held (the emulator's outputs).
const inputValue = (tx) => tx.ins.reduce((sum, i) => sum + chain.output(Buffer.from(i.hash).reverse().toString('hex'), i.index).value, 0);

test('a QRC20 withdraw calls transfer in an OP_CALL output; gas and fee come from QTUM; qtumd\'s EVM executes it', async () => {
  const holder = hashOf(address);
  const tokenBalance = () => chain.tokens.balanceOf(QC_CONTRACT, holder);
  const before = tokenBalance();
  // KDF's documented withdraw of a QRC20 token (komodo-docs-mdx, withdraw: "Withdraw QRC20
  // coins"), fee as KDF reads it: integers, satoshis per gas.
  const w = await walletd.rpc('withdraw', { coin: QC, to: other(9), amount: '1.5',
    fee: { type: 'Qrc20Gas', gas_limit: 250000, gas_price: 40 } });
  assert.equal(w.status, 200, w.text);
  const r = w.json.result;
  const tx = bitcoin.Transaction.fromHex(r.tx_hex);
  assert.equal(tx.getId(), r.tx_hash);
  assert.deepEqual(contractCall(tx), { value: 0, gasLimit: 250000, gasPrice: 40, contract: QC_CONTRACT,
    method: 'transfer', to: hashOf(other(9)), amount: 150000000n });
  assert.equal(tx.outs.length, 2);
  assert.equal(Buffer.from(tx.outs[1].script).toString('hex'), script.toString('hex'), 'QTUM change to the token address');
  // Inputs pay the miner (txfee per kB of the size) and the whole gas reserve (250,000 × 40).
  const gas = 250000 * 40;
  const minerFee = inputValue(tx) - Number(tx.outs[1].value) - gas;
  const size = r.tx_hex.length / 2;
  assert.ok(minerFee >= size * 400 && minerFee <= (size + tx.ins.length) * 400, `miner fee ${minerFee} for ${size} bytes`);
  assert.deepEqual(r.fee_details, { type: 'Qrc20', coin: QTUM, miner_fee: String(minerFee / 1e8),
    gas_limit: 250000, gas_price: 40, total_gas_fee: '0.1' });
  assert.deepEqual({ from: r.from, to: r.to, total: r.total_amount, spent: r.spent_by_me, received: r.received_by_me,
    change: r.my_balance_change, coin: r.coin, type: r.transaction_type },
  { from: [address], to: [other(9)], total: '1.5', spent: '1.5', received: '0', change: '-1.5', coin: QC, type: 'StandardTransfer' });

  // broadcast: the emulator checks signatures and gas ≤ fee; mined, the token moves.
  const sent = await walletd.rpc('send_raw_transaction', { coin: QC, tx_hex: r.tx_hex });
  assert.equal(sent.status, 200, sent.text);
  await mine(1);
  assert.equal(tokenBalance(), before - 150000000n);
  assert.equal(chain.tokens.balanceOf(QC_CONTRACT, hashOf(other(9))), 150000000n);
  assert.equal(chain.tokens.receipts.get(r.tx_hash)[0].excepted, 'None');
  await settle(async () => (await walletd.rpc('my_balance', { coin: QC })).json.result.balance === String(Number(before - 150000000n) / 1e8), 'the token balance');
});

test('QRC20 withdraw: gas as the SDK sends it, max, and refusals (short of gas names QTUM)', async () => {
  const call = async (params) => walletd.rpc('withdraw', { coin: QC, to: other(10), amount: '1', ...params });
  // Numeric strings and whole floats (SDK versions' FeeInfoQrc20Gas.toJson) are read as the integers.
  for (const fee of [{ gas_limit: '100000', gas_price: '40' }, { gas_limit: 100000, gas_price: 40.0 }]) {
    const w = await call({ fee: { type: 'Qrc20Gas', ...fee } });
    assert.equal(w.status, 200, w.text);
    assert.deepEqual([w.json.result.fee_details.gas_limit, w.json.result.fee_details.gas_price, w.json.result.fee_details.total_gas_fee], [100000, 40, '0.04']);
  }
  const defaults = await call({});
  assert.deepEqual([defaults.json.result.fee_details.gas_limit, defaults.json.result.fee_details.gas_price], [100000, 40], 'KDF\'s default gas');

  const refusals = [
    [{ fee: { type: 'Qrc20Gas', gas_limit: 100000, gas_price: '4.5' } }, 400, 'InvalidRequest'],
    [{ fee: { type: 'Qrc20Gas', gas_limit: 0, gas_price: 40 } }, 400, 'InvalidFee'],  // KDF: InternalError
    [{ fee: { type: 'Qrc20Gas', gas_limit: 2, gas_price: '9223372036854775807' } }, 400, 'InvalidFee'],  // more QTUM than exists
    [{ fee: { type: 'UtxoFixed', amount: '0.1' } }, 400, 'InvalidFeePolicy'],
    [{ to: bitcoin.address.toBase58Check(Buffer.alloc(20, 3), 50) }, 400, 'InvalidAddress'],  // P2SH
    [{ amount: '1000000' }, 400, 'NotSufficientBalance'],
  ];
  for (const [params, status, type] of refusals) {
    const w = await call(params);
    assert.equal(w.status, status, `${JSON.stringify(params)}: ${w.text}`);
    assert.equal(w.json.error_type, type, JSON.stringify(params));
  }
  const p2sh = await call({ to: bitcoin.address.toBase58Check(Buffer.alloc(20, 3), 50) });
  assert.match(p2sh.json.error, /P2PKH addresses only/);
  const tokenShort = await call({ amount: '1000000' });
  assert.equal(tokenShort.json.error_data.coin, QC, 'short of tokens names the token');
  const gasShort = await call({ fee: { type: 'Qrc20Gas', gas_limit: 10000000, gas_price: 100000 } });
  assert.equal(gasShort.json.error_type, 'NotSufficientBalance', gasShort.text);
  assert.equal(gasShort.json.error_data.coin, QTUM, 'short of gas names the platform coin');
  assert.ok(Number(gasShort.json.error_data.required) > 10000, gasShort.text);

  const all = await walletd.rpc('withdraw', { coin: QC, to: other(11), max: true, broadcast: true });
  assert.equal(all.status, 200, all.text);
  const left = chain.tokens.balanceOf(QC_CONTRACT, hashOf(address));
  assert.equal(contractCall(bitcoin.Transaction.fromHex(all.json.result.tx_hex)).amount, left);
  assert.equal(all.json.result.total_amount, String(Number(left) / 1e8));
  await mine(1);
  assert.equal(chain.tokens.balanceOf(QC_CONTRACT, hashOf(address)), 0n);
  const none = await walletd.rpc('withdraw', { coin: QC, to: other(11), max: true });
  assert.equal(none.json.error_type, 'ZeroBalanceToWithdrawMax', none.text);
});

test('HD: immature rewards are unspendable in account_balance and in balance events', async () => {
  const hdDir = tempDir('walletd-qtum-hd-');
  const hd = await WalletdProcess.start(writeConfig(hdDir, { passphrase: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about', enable_hd: true }));
  const stream = await openSse(`${hd.url}/event-stream?id=3`, { timeoutMs: 30000 });
  try {
    const init = await hd.rpc('task::enable_qtum::init', sdkRequest(QTUM));
    assert.equal(init.status, 200, init.text);
    const first = await hd.waitTask('enable_qtum', init.json.result.task_id, 60000);
    assert.equal(first.status, 'Ok', JSON.stringify(first));
    const hdAddress = first.details.wallet_balance.accounts[0].addresses[0].address;
    const enabled = await hd.rpc('stream::balance::enable', { coin: QTUM, client_id: 3 });
    assert.equal(enabled.status, 200, enabled.text);
    await mine(1, { stake: { to: p2pkh(hdAddress), value: 40e8 } });   // immature for 2000 blocks
    const frames = await stream.waitFor(1);
    const event = frames.map((f) => f.data).find((d) => d?._type === `BALANCE:${QTUM}`);
    assert.ok(event, JSON.stringify(frames));
    assert.deepEqual(event.message, { ticker: QTUM, address: hdAddress, balance: { spendable: '0', unspendable: '40' } });
    chain.credit(p2pkh(hdAddress), 3e8);
    await mine(1);
    const page = await settle(async () => {
      const r = await hd.rpc('account_balance', { coin: QTUM, account_index: 0, chain: 'External' });
      return r.json.result?.page_balance?.[QTUM]?.spendable === '3' ? r.json.result : null;
    }, 'the plain payment');
    assert.deepEqual(page.page_balance, { [QTUM]: { spendable: '3', unspendable: '40' } });
    assert.deepEqual(page.addresses[0].balance, { [QTUM]: { spendable: '3', unspendable: '40' } });
  } finally {
    await stream.close();
    await hd.stop();
    cleanup(hdDir);
  }
});
