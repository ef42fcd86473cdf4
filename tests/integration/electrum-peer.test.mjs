// The Electrum test server (tests/peers/electrum-server.mjs) behaves as Electrum protocol 1.4
// says, over litecoind: version negotiation, headers and script-hash subscriptions that notify on
// new blocks and mempool changes, balances and unspent outputs equal to the node's, broadcast,
// JSON-RPC errors for unknown methods and bad params, and the faults tests ask for. Checked with a
// plain TCP client and over WebSocket.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import WebSocket from 'ws';
import { Litecoind } from '../peers/litecoind.mjs';
import { ElectrumServer, scriptHash } from '../peers/electrum-server.mjs';
import { LTC_REGTEST } from '../support/utxo-check.mjs';
import { client } from '../support/electrum-client.mjs';

const skip = Litecoind.skipReason();
const KEY = Buffer.alloc(32, 0x31);
const PUB = Buffer.from(ecc.pointFromScalar(KEY, true));
const p2wpkh = bitcoin.payments.p2wpkh({ pubkey: PUB, network: LTC_REGTEST });
const SH = scriptHash(Buffer.from(p2wpkh.output).toString('hex'));
let ltc, electrum;

before(async () => {
  if (skip) return;
  ltc = await Litecoind.start();
  electrum = await ElectrumServer.start({ ltc, pollMs: 50 });
});
after(async () => { await electrum?.stop(); await ltc?.stop(); });

const until = async (check, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) { assert.ok(Date.now() < end, 'timed out'); await new Promise((r) => setTimeout(r, 20)); }
};

test('Electrum 1.4 over litecoind: subscriptions notify; balances and unspents are the node\'s', { skip }, async () => {
  const c = client(electrum.tcpUrl);
  try {
    assert.deepEqual((await c.call('server.version', ['test', '1.4'])).result, ['walletd-test-electrum 1.0', '1.4']);
    const tip = (await c.call('blockchain.headers.subscribe')).result;
    assert.equal(tip.height, 0);
    assert.equal((await c.call('blockchain.scripthash.subscribe', [SH])).result, null);
    await ltc.mine(101, `wpkh(${PUB.toString('hex')})`);
    await until(() => c.notes.some((n) => n.method === 'blockchain.scripthash.subscribe' && n.params[0] === SH));
    await until(() => c.notes.some((n) => n.method === 'blockchain.headers.subscribe' && n.params[0].height === 101));
    const unspent = (await c.call('blockchain.scripthash.listunspent', [SH])).result;
    assert.equal(unspent.length, 101);
    const balance = (await c.call('blockchain.scripthash.get_balance', [SH])).result;
    assert.equal(balance.confirmed, unspent.reduce((a, u) => a + u.value, 0));
    assert.equal((await c.call('blockchain.scripthash.get_history', [SH])).result.length, 101);
    const header = (await c.call('blockchain.block.header', [101])).result;
    assert.equal(header, await ltc.rpc('getblockheader', [await ltc.rpc('getblockhash', [101]), false]));

    // Spend the first mature coinbase: the mempool shows at once, then the block.
    const first = unspent.find((u) => u.height === 1);
    const tx = new bitcoin.Transaction();
    tx.version = 2;
    tx.addInput(Buffer.from(first.tx_hash, 'hex').reverse(), first.tx_pos);
    tx.addOutput(p2wpkh.output, BigInt(first.value - 10000));
    const code = bitcoin.payments.p2pkh({ hash: bitcoin.crypto.hash160(PUB) }).output;
    const digest = tx.hashForWitnessV0(0, code, BigInt(first.value), 1);
    tx.setWitness(0, [bitcoin.script.signature.encode(Buffer.from(ecc.sign(digest, KEY)), 1), PUB]);
    c.notes.length = 0;
    assert.equal((await c.call('blockchain.transaction.broadcast', [tx.toHex()])).result, tx.getId());
    await until(() => c.notes.some((n) => n.method === 'blockchain.scripthash.subscribe'));
    const mempool = (await c.call('blockchain.scripthash.get_mempool', [SH])).result;
    assert.deepEqual(mempool.map((m) => m.tx_hash), [tx.getId()]);
    assert.equal((await c.call('blockchain.transaction.get', [tx.getId()])).result, tx.toHex());
    const rejected = await c.call('blockchain.transaction.broadcast', ['0200000000']);
    assert.equal(rejected.error.code, 1);
    assert.match(rejected.error.message, /rejected/);
  } finally {
    c.close();
  }
});

test('errors and faults: unknown methods, bad params, garbage lines, drop, garbage answers, stall; WebSocket', { skip }, async () => {
  const c = client(electrum.tcpUrl);
  try {
    assert.equal((await c.call('blockchain.nothing')).error.code, -32601);
    assert.equal((await c.call('blockchain.scripthash.listunspent', [42])).error.code, -32602);
    assert.equal((await c.call('blockchain.scripthash.listunspent', ['zz'])).error.code, -32602);
    c.raw('this is not json\n');
    await until(() => c.notes.some((n) => n.error?.code === -32700));
  } finally {
    c.close();
  }
  electrum.fault = 'stall';
  const s = client(electrum.tcpUrl);
  const stalled = await Promise.race([s.call('server.ping'), new Promise((r) => setTimeout(() => r('no answer'), 300))]);
  assert.equal(stalled, 'no answer');
  s.close();
  electrum.fault = null;

  const ws = new WebSocket(electrum.wsUrl);
  await new Promise((resolve, reject) => { ws.on('open', resolve); ws.on('error', reject); });
  const answer = new Promise((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
  ws.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'server.version', params: ['ws', '1.4'] }));
  assert.deepEqual((await answer).result, ['walletd-test-electrum 1.0', '1.4']);
  ws.close();
});
