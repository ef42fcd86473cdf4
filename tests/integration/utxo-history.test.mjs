// my_tx_history for a UTXO coin with the real walletd, Electrum mode against litecoind regtest:
// activation with tx_history: true collects 30 transactions in and out into storage; the
// history equals litecoind's view of the address (listtransactions on a watch-only import:
// the same txids, heights and confirmations), the amounts equal what was paid and what withdraw
// answered, pages read both ways (PageNumber and FromId) cover it exactly, and a restart answers
// from storage and fetches nothing it already has. A lying server is dropped for the next, and
// script hash notifications become BALANCE events.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Litecoind } from '../peers/litecoind.mjs';
import { ElectrumServer } from '../peers/electrum-server.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD } from '../support/walletd-process.mjs';
import { freshAddress, sats, startFaucet, waitFor } from '../support/utxo-check.mjs';
import { openSse } from '../support/sse-client.mjs';

const COIN = 'LTC-regtest';
const skip = Litecoind.skipReason();
let ltc, electrum, walletd, dir, config, pay, address;
const withdrawn = new Map();  // txid → the withdraw's answer
const paid = new Map();       // txid → satoshis paid in

before(async () => {
  if (skip) return;
  ltc = await Litecoind.start();
  electrum = await ElectrumServer.start({ ltc, pollMs: 50 });
  pay = await startFaucet(ltc, 130);
  await electrum.synced();
  dir = tempDir('walletd-history-');
  config = writeConfig(dir, { passphrase: 'walletd history test' });
  walletd = await WalletdProcess.start(config);
});

after(async () => {
  await walletd?.stop();
  await electrum?.stop();
  await ltc?.stop();
  if (dir) cleanup(dir);
});

async function activate(extra = { tx_history: true }) {
  const init = await walletd.rpc('task::enable_utxo::init', { ticker: COIN, activation_params: {
    mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl }] } }, ...extra } });
  assert.equal(init.status, 200, init.text);
  const done = await walletd.waitTask('enable_utxo', init.json.result.task_id, 30000);
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  return done.details.wallet_balance.address;
}

const history = async (params = {}) => {
  const res = await walletd.rpc('my_tx_history', { coin: COIN, ...params });
  assert.equal(res.status, 200, res.text);
  return res.json.result;
};
const mine = async (n = 1) => {
  await ltc.mine(n, `addr(${freshAddress('p2pkh', 99)})`);
  await electrum.synced();
};

// What litecoind says a transaction did to the address: the hex, what it spent from the address
// and paid to it, and its fee (inputs − outputs), from the transaction and the ones it spends.
const addressOf = (out) => out.scriptPubKey.address ?? out.scriptPubKey.addresses?.[0];  // Core 0.21: addresses
async function nodeView(txid) {
  const tx = await ltc.rpc('getrawtransaction', [txid, true]);
  let inputs = 0n, outputs = 0n, spent = 0n, received = 0n;
  for (const vin of tx.vin) {
    const out = (await ltc.rpc('getrawtransaction', [vin.txid, true])).vout[vin.vout];
    inputs += sats(out.value);
    if (addressOf(out) === address) spent += sats(out.value);
  }
  for (const out of tx.vout) {
    outputs += sats(out.value);
    if (addressOf(out) === address) received += sats(out.value);
  }
  return { hex: tx.hex, spent, received, fee: inputs - outputs };
}

test('30 transactions in and out are collected; the history equals litecoind\'s view of the address', { skip }, async () => {
  address = await activate();
  await ltc.rpc('importaddress', [address, 'walletd', false], { wallet: 'watch' });
  for (let i = 0; i < 15; i++) {
    const satoshis = sats('1') + BigInt(i) * 1000n;
    paid.set(await pay(address, satoshis), satoshis);
    if (i % 5 === 4) await mine(1);
  }
  await mine(1);
  await waitFor(async () => Number((await walletd.rpc('my_balance', { coin: COIN })).json.result.balance) >= 15, 'the payments');
  for (let i = 0; i < 15; i++) {
    const res = await walletd.rpc('withdraw', { coin: COIN, to: freshAddress(i % 2 ? 'p2wpkh' : 'p2pkh', 60 + i), amount: `0.${String(i + 1).padStart(2, '0')}`, broadcast: true });
    assert.equal(res.status, 200, res.text);
    withdrawn.set(res.json.result.tx_hash, res.json.result);
    if (i % 4 === 3) await mine(1);
  }
  await waitFor(async () => (await history({ limit: 100 })).total === 30, '30 transactions in the history', 60000);
  await mine(1);
  // litecoind's wallet holds the address watch-only: its transactions are the ones walletd lists.
  await ltc.rpc('rescanblockchain', [], { wallet: 'watch' });
  const tip = await ltc.rpc('getblockcount');
  const fromNode = new Map();
  for (const e of await ltc.rpc('listtransactions', ['*', 1000, 0, true], { wallet: 'watch' }))
    fromNode.set(e.txid, tip + 1 - e.confirmations);
  const all = await waitFor(async () => {
    const h = await history({ limit: 100 });
    return h.transactions.every((t) => t.block_height > 0) && h.current_block === tip ? h : null;
  }, 'every transaction mined');
  assert.equal(all.sync_status.state, 'Finished');
  assert.deepEqual(new Set(all.transactions.map((t) => t.tx_hash)), new Set(fromNode.keys()));
  for (const t of all.transactions) {
    assert.equal(t.block_height, fromNode.get(t.tx_hash), t.tx_hash);
    assert.equal(t.confirmations, tip + 1 - t.block_height);
    assert.equal(t.internal_id, t.tx_hash);
    assert.equal(t.coin, COIN);
    assert.ok(t.timestamp > 1e9);
    if (paid.has(t.tx_hash)) {
      assert.equal(sats(t.received_by_me), paid.get(t.tx_hash));
      assert.equal(t.spent_by_me, '0');
      assert.equal(sats(t.my_balance_change), paid.get(t.tx_hash));
      assert.ok(t.to.includes(address));
    } else {
      assert.ok(withdrawn.has(t.tx_hash), `a transaction walletd did not make: ${t.tx_hash}`);
      // Each row against litecoind's own view of the transaction and the outputs it spent.
      const node = await nodeView(t.tx_hash);
      assert.equal(t.tx_hex, node.hex, t.tx_hash);
      assert.equal(sats(t.spent_by_me), node.spent, `spent_by_me of ${t.tx_hash}`);
      assert.equal(sats(t.received_by_me), node.received, `received_by_me of ${t.tx_hash}`);
      assert.equal(sats(t.my_balance_change), node.received - node.spent, `my_balance_change of ${t.tx_hash}`);
      assert.deepEqual(t.from, [address]);
      assert.deepEqual(t.fee_details, { type: 'Utxo', coin: COIN, amount: t.fee_details.amount });
      assert.equal(sats(t.fee_details.amount), node.fee, `fee of ${t.tx_hash}`);
    }
  }
  // Newest block first.
  const heights = all.transactions.map((t) => t.block_height);
  assert.deepEqual(heights, [...heights].sort((a, b) => b - a));
});

test('pages cover the history exactly, by PageNumber and by FromId', { skip }, async () => {
  const all = (await history({ limit: 100 })).transactions.map((t) => t.internal_id);
  const byNumber = [];
  for (let page = 1; page <= 5; page++) {
    const h = await history({ limit: 7, paging_options: { PageNumber: page } });
    assert.equal(h.total, 30);
    assert.equal(h.total_pages, 5);
    assert.equal(h.skipped, (page - 1) * 7);
    assert.deepEqual(h.paging_options, { PageNumber: page });
    byNumber.push(...h.transactions.map((t) => t.internal_id));
  }
  assert.deepEqual(byNumber, all);
  const byId = [];
  let from;
  for (let i = 0; i < 10 && byId.length < 30; i++) {
    const h = await history({ limit: 8, ...(from ? { paging_options: { FromId: from } } : {}) });
    assert.equal(h.skipped, byId.length);
    byId.push(...h.transactions.map((t) => t.internal_id));
    from = byId.at(-1);
  }
  assert.deepEqual(byId, all);
  const beyond = await history({ limit: 10, paging_options: { PageNumber: 9 } });
  assert.deepEqual([beyond.transactions, beyond.skipped], [[], 30]);
  for (const [params, status, type] of [
    [{ paging_options: { FromId: 'ab'.repeat(32) } }, 500, 'StorageError'],
    [{ target: { type: 'account_id', account_id: 0 } }, 400, 'InvalidTarget'],
    [{ limit: 0 }, 400, 'InvalidRequest'],
    [{ target: { type: 'somebody' } }, 400, 'InvalidRequest'],
  ]) {
    const res = await walletd.rpc('my_tx_history', { coin: COIN, ...params });
    assert.equal(res.status, status, res.text);
    assert.equal(res.json.error_type, type, JSON.stringify(params));
  }
  const inactive = await walletd.rpc('my_tx_history', { coin: 'LTC' });
  assert.equal(inactive.json.error_type, 'CoinIsNotActive');
});

test('the legacy my_tx_history (KDF\'s {coin, limit, max, from_id, page_number}) pages the same history', { skip }, async () => {
  const all = (await history({ limit: 100 })).transactions;
  const legacy = async (params) => {
    const res = await walletd.post({ userpass: PASSWORD, method: 'my_tx_history', coin: COIN, ...params });
    assert.equal(res.status, 200, res.text);
    return res.json.result;
  };
  const page2 = await legacy({ limit: 7, page_number: 2, max: false });
  assert.deepEqual(page2.transactions.map((t) => t.internal_id), all.slice(7, 14).map((t) => t.internal_id));
  assert.deepEqual([page2.limit, page2.skipped, page2.total, page2.total_pages, page2.page_number, page2.from_id],
    [7, 7, 30, 5, 2, null]);
  assert.deepEqual(page2.transactions[0], all[7]);
  const after = await legacy({ limit: 5, from_id: all[9].internal_id });
  assert.deepEqual(after.transactions.map((t) => t.internal_id), all.slice(10, 15).map((t) => t.internal_id));
  assert.deepEqual([after.from_id, after.page_number], [all[9].internal_id, null]);
  const everything = await legacy({ max: true, limit: 3 });
  assert.equal(everything.transactions.length, 30);
  assert.ok(['current_block', 'sync_status'].every((k) => k in everything));
});

test('after a restart the history comes from storage: nothing already known is fetched again', { skip }, async () => {
  const before = (await history({ limit: 100 })).transactions;
  await walletd.stop();
  walletd = await WalletdProcess.start(config);
  electrum.requests.length = 0;
  await activate();
  const after = await waitFor(async () => {
    const h = await history({ limit: 100 });
    return h.sync_status.state === 'Finished' ? h : null;
  }, 'the first sync after the restart: ' + JSON.stringify((await walletd.rpc('my_tx_history', { coin: COIN })).json).slice(0, 300));
  assert.deepEqual(after.transactions.map((t) => [t.tx_hash, t.block_height, t.my_balance_change]),
    before.map((t) => [t.tx_hash, t.block_height, t.my_balance_change]));
  assert.equal(electrum.requests.filter(([m]) => m === 'blockchain.transaction.get').length, 0);
  // A new payment is fetched on its own.
  const txid = await pay(address, sats('0.5'));
  const h = await waitFor(async () => { const x = await history({ limit: 1 }); return x.transactions[0]?.tx_hash === txid ? x : null; }, 'the new payment');
  assert.equal(h.transactions[0].confirmations, 0);
  assert.equal(h.transactions[0].block_height, 0);
  assert.equal(h.total, 31);
  const fetched = electrum.requests.filter(([m]) => m === 'blockchain.transaction.get').map(([, p]) => p[0]);
  assert.ok(fetched.includes(txid) && fetched.length <= 3, JSON.stringify(fetched));
  // Without tx_history the history is NotEnabled.
  assert.equal((await walletd.rpc('disable_coin', { coin: COIN })).status, 200);
  await activate({});
  const off = await history();
  assert.deepEqual([off.sync_status.state, off.transactions], ['NotEnabled', []]);
});

test('a server that lies (another transaction for a txid, headers that do not connect) is dropped for the next', { skip }, async () => {
  const liar = await ElectrumServer.start({ ltc, pollMs: 50 });
  try {
    await liar.synced();
    liar.fault = 'lie';
    const init = await walletd.rpc('task::enable_utxo::init', { ticker: 'LTC-regtest-segwit', activation_params: {
      mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: liar.tcpUrl }, { url: electrum.tcpUrl }] } }, tx_history: true } });
    const done = await walletd.waitTask('enable_utxo', init.json.result.task_id, 30000);
    assert.equal(done.status, 'Ok', JSON.stringify(done));
    const segwit = done.details.wallet_balance.address;
    const txids = [await pay(segwit, sats('0.3')), await pay(segwit, sats('0.4'))];
    await mine(1);
    const h = await waitFor(async () => {
      const x = (await walletd.rpc('my_tx_history', { coin: 'LTC-regtest-segwit' })).json.result;
      return x.total === 2 && x.transactions.every((t) => t.block_height > 0) ? x : null;
    }, 'the segwit history: ' + JSON.stringify((await walletd.rpc('my_tx_history', { coin: 'LTC-regtest-segwit' })).json).slice(0, 600));
    assert.deepEqual(new Set(h.transactions.map((t) => t.tx_hash)), new Set(txids));
    const block = await ltc.rpc('getblockheader', [await ltc.rpc('getblockhash', [h.transactions[0].block_height])]);
    for (const t of h.transactions) assert.equal(t.timestamp, block.time);
    assert.ok(liar.requests.some(([m]) => m === 'blockchain.transaction.get'), 'the liar was asked');
    assert.ok(electrum.requests.some(([m]) => m === 'blockchain.transaction.get'), 'the honest server answered');
  } finally {
    await liar.stop();
  }
});

test('stream::balance::enable: Electrum\'s script hash notifications become BALANCE events', { skip }, async () => {
  const stream = await openSse(`${walletd.url}/event-stream?id=7`, { timeoutMs: 30000 });
  try {
    for (const [params, status, type] of [[{ coin: 'LTC', client_id: 7 }, 404, 'CoinNotFound'],
      [{ coin: 'LTC-regtest-segwit', client_id: 7, config: {} }, 400, 'EnableError'],
      [{ coin: 'LTC-regtest-segwit', client_id: 99 }, 400, 'EnableError'], [{ client_id: 7 }, 400, 'InvalidRequest']]) {
      const res = await walletd.rpc('stream::balance::enable', params);
      assert.equal(res.status, status, res.text);
      assert.equal(res.json.error_type, type);
    }
    const enabled = await walletd.rpc('stream::balance::enable', { coin: 'LTC-regtest-segwit', client_id: 7 });
    assert.deepEqual(enabled.json.result, { streamer_id: 'BALANCE:LTC-regtest-segwit' });
    const segwit = (await walletd.rpc('my_balance', { coin: 'LTC-regtest-segwit' })).json.result;
    electrum.requests.length = 0;
    await pay(segwit.address, sats('0.25'));
    const frames = await stream.waitFor(1);
    const event = frames.map((f) => f.data).find((d) => d?._type === 'BALANCE:LTC-regtest-segwit');
    assert.ok(event, JSON.stringify(frames));
    assert.deepEqual(event.message, { ticker: 'LTC-regtest-segwit', address: segwit.address,
      balance: { spendable: String(Number(segwit.balance) + 0.25), unspendable: '0' } });
    // Pushed, not polled: one address was read again.
    assert.equal(electrum.requests.filter(([m]) => m === 'blockchain.scripthash.listunspent').length, 1);
  } finally {
    await stream.close();
  }
});
