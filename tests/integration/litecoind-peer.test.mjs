// The UTXO peer the UTXO family's tests stand on: litecoind in regtest starts on 127.0.0.1,
// mines to a P2WPKH key held by the test, accepts a spend signed by bitcoinjs-lib (an
// independent signer) through testmempoolaccept and the mempool, refuses one signed over a
// wrong amount, confirms it in a block, and stops by PID.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { Litecoind } from '../peers/litecoind.mjs';

const KEY = Buffer.alloc(32, 0x21);
const PUB = Buffer.from(ecc.pointFromScalar(KEY, true));
let ltc;

before(async () => { ltc = await Litecoind.start(); });
after(async () => { await ltc?.stop(); });

function spend(prevTxid, vout, value, amountSigned) {
  const tx = new bitcoin.Transaction();
  tx.version = 2;
  tx.addInput(Buffer.from(prevTxid, 'hex').reverse(), vout);
  tx.addOutput(bitcoin.payments.p2pkh({ hash: Buffer.alloc(20, 7) }).output, value - 10000n);
  const code = bitcoin.payments.p2pkh({ hash: bitcoin.crypto.hash160(PUB) }).output;
  const digest = tx.hashForWitnessV0(0, code, amountSigned, bitcoin.Transaction.SIGHASH_ALL);
  tx.setWitness(0, [bitcoin.script.signature.encode(Buffer.from(ecc.sign(digest, KEY)), 1), PUB]);
  return tx;
}

test('litecoind regtest: mined coins spent by an independent signer; a wrong amount refused', { skip: Litecoind.skipReason() }, async () => {
  const [block] = await ltc.mine(101, `wpkh(${PUB.toString('hex')})`);
  const coinbase = (await ltc.rpc('getblock', [block, 2])).tx[0];
  const value = BigInt(Math.round(coinbase.vout[0].value * 1e8));
  const bad = spend(coinbase.txid, 0, value, value + 1n);
  const [refused] = await ltc.rpc('testmempoolaccept', [[bad.toHex()]]);
  assert.equal(refused.allowed, false);
  assert.match(refused['reject-reason'], /mandatory-script-verify-flag-failed|non-mandatory-script-verify-flag/);
  const good = spend(coinbase.txid, 0, value, value);
  const [accepted] = await ltc.rpc('testmempoolaccept', [[good.toHex()]]);
  assert.equal(accepted.allowed, true, JSON.stringify(accepted));
  assert.equal(await ltc.rpc('sendrawtransaction', [good.toHex()]), good.getId());
  await ltc.mine(1, `wpkh(${PUB.toString('hex')})`);
  assert.equal((await ltc.rpc('getrawtransaction', [good.getId(), true])).confirmations, 1);
});
