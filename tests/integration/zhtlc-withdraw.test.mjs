// ZHTLC withdraws with the real walletd daemon, which has no Sapling prover: task::withdraw
// checks the request as KDF's ZCoin::init_withdraw does (custom fee, `from`, a transparent `to`,
// a memo over 512 bytes, more than the notes hold: KDF's errors; when notes locked by its own
// broadcast hide the funds, KDF's wait, which a cancel ends) and then refuses with an error
// naming the missing prover; the plain withdraw is KDF's InternalError. send_raw_transaction
// broadcasts a shielded transaction over Electrum, as KDF does (the node behind the Electrum peer
// checks it as a node would, short of the proofs: anchors, nullifiers, RedJubjub signatures;
// lightwalletd is not asked) and locks the
// notes it spends until the chain shows them spent; a second broadcast is the node's refusal.
// The transaction comes from walletd's own builder with a mock prover (zhtlc_spend_oracle).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SaplingChain } from '../peers/sapling-chain.mjs';
import { startLightwalletd } from '../peers/lightwalletd.mjs';
import { startSaplingElectrum } from '../peers/sapling-node.mjs';
import { decodeAddress } from '../peers/sapling-notes.mjs';
import { parseV4 } from '../peers/sapling-verify.mjs';
import { iguanaPrivateKey } from '../support/sapling-peer.mjs';
import { runOracle } from '../support/key-oracle.mjs';
import { until, sleep } from '../support/until.mjs';
import { viewingKeyParts, arrrActivation, runTask, oracleSpendRequest } from '../support/zhtlc-harness.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

const PASSPHRASE = 'zhtlc withdraw test seed';
const BASE = 1_900_000;
const hex = (b) => Buffer.from(b).toString('hex');
let chain, peer, electrum, dir, walletd, me, keys;

before(async () => {
  chain = new SaplingChain({ saplingHeight: BASE + 1 });  // an empty tree: the harness knows every leaf
  peer = await startLightwalletd(chain);
  electrum = await startSaplingElectrum(chain);
  dir = tempDir();
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: PASSPHRASE }));
  me = (await walletd.rpc('get_private_keys', { coins: ['ARRR'], mode: 'iguana' })).json.result[0];
  keys = viewingKeyParts(me.viewing_key);
  chain.watch(me.address, keys.nk, keys.ivk);
  chain.send({ outputs: [{ to: me.address, value: 30_000_000 }, { to: 'other', value: 5 }] });
  chain.mine(1);
  chain.send({ outputs: [{ to: me.address, value: 4_000_000 }] });
  chain.mine(2);
  const activated = await runTask((m, p) => walletd.rpc(m, p), 'task::enable_z_coin', arrrActivation(peer.grpcUrl, BASE, { url: electrum.tcpUrl }));
  assert.equal(activated.status, 'Ok', JSON.stringify(activated));
});

after(async () => {
  if (process.env.ZHTLC_DEBUG) console.log(walletd?.stderr);
  await walletd?.stop();
  await peer?.close();
  await electrum?.stop();
  if (dir) cleanup(dir);
});

const withdraw = (params) => runTask((m, p) => walletd.rpc(m, p), 'task::withdraw', { coin: 'ARRR', ...params });
const balance = async () => (await walletd.rpc('my_balance', { coin: 'ARRR' })).json.result;
const payee = 'zs1lgdrlg6kv6lmf0n9ps2uhj6sc8rdn30vx44qzu7hqa5ms4a4fwytlr8yuwrqyvhk6l6r5fevw50';

test('task::withdraw refuses what KDF refuses, with KDF\'s errors, before it needs a prover', async () => {
  const cases = [
    [{ to: payee, amount: '0.1', fee: { type: 'UtxoFixed', amount: '0.0001' } }, 'UnsupportedError', 'Setting a custom withdraw fee is not supported for ZCoin yet'],
    [{ to: payee, amount: '0.1', from: { derivation_path: "m/44'/141'/0'/0/0" } }, 'UnsupportedError', 'Withdraw from a specific address is not supported for ZCoin yet'],
    [{ to: 'RUYJYSTuCKm9gouWzQN1LirHFEYThwzA2d', amount: '0.1' }, 'InvalidAddress', null],
    [{ to: payee, amount: '0.1', memo: 'x'.repeat(513) }, 'InvalidMemo', `Memo '"${'x'.repeat(513)}"' is too long`],
    [{ to: payee, amount: '0.1', memo: `0x${'ab'.repeat(513)}` }, 'InvalidMemo', null],
    [{ to: payee, amount: '0.35' }, 'NotSufficientBalance', null],
  ];
  for (const [params, type, message] of cases) {
    const r = await withdraw(params);
    assert.equal(r.status, 'Error', JSON.stringify(r));
    assert.equal(r.details.error_type, type, JSON.stringify(r.details));
    if (message) assert.equal(r.details.error_data, message);
  }
  const short = await withdraw({ to: payee, amount: '0.35' });
  assert.deepEqual(short.details.error_data, { coin: 'ARRR', available: '0.34', required: '0.35001' });
  // A memo of exactly 512 bytes passes the checks: the refusal is then the missing prover.
  const noProver = await withdraw({ to: payee, amount: '0.1', memo: `0x${'ab'.repeat(512)}` });
  assert.equal(noProver.details.error_type, 'UnsupportedError');
  assert.match(noProver.details.error, /Sapling prover/);
  assert.match(noProver.details.error, /npm package/);
  const legacy = await walletd.rpc('withdraw', { coin: 'ARRR', to: payee, amount: '0.1' });
  assert.equal(legacy.json.error_type, 'InternalError');
  assert.equal(legacy.json.error_data, "Zcoin doesn't support legacy withdraw");
});

test('send_raw_transaction broadcasts over Electrum, locks the spent notes, and settles when mined', async () => {
  const seed = iguanaPrivateKey(PASSPHRASE);
  const notes = chain.wallet.notes.filter((n) => n.spentHeight === undefined);
  assert.equal(notes.length, 2);
  const to = decodeAddress(payee);
  const request = oracleSpendRequest(chain, { seed, address: me.address, notes: [notes[1]], expiry: chain.tipHeight() + 20,
    outputs: [{ to: hex([...to.d, ...to.pkd.toBytes()]), value: 1_000_000 }, { to: hex(decodeAddress(me.address).raw), value: 2_999_000 }] });
  const [built] = await runOracle([request], 120000, 'zhtlc_spend_oracle');
  assert.ok(!built.oracle_error, built.oracle_error);
  const sent = await walletd.rpc('send_raw_transaction', { coin: 'ARRR', tx_hex: built.tx });
  assert.equal(sent.status, 200, sent.text);
  const txid = chain.submitted.at(-1).hash;
  assert.equal(sent.json.result.tx_hash, hex(Buffer.from(txid).reverse()));
  const broadcasts = electrum.requests.filter(([m]) => m === 'blockchain.transaction.broadcast');
  assert.deepEqual(broadcasts.at(-1)[1], [built.tx]);
  assert.equal(peer.calls.log.filter((c) => c.method === 'SendTransaction').length, 0);
  assert.equal(parseV4(built.tx).spends.length, 1);
  // The 0.04 note is locked; the change of a transaction walletd did not build is unknown.
  const locked = await balance();
  assert.deepEqual([locked.balance, locked.unspendable_balance], ['0.3', '0']);
  // A second broadcast: the node refuses the spent nullifier, and walletd says so.
  const again = await walletd.rpc('send_raw_transaction', { coin: 'ARRR', tx_hex: built.tx });
  assert.equal(again.status, 502, again.text);
  assert.equal(again.json.error_type, 'Transport');
  assert.match(again.json.error, /bad-txns-shielded-requirements-not-met/);
  // Only the locked note stands between 0.33 and its funds: KDF's wait (retries 15 s apart),
  // which task::withdraw::cancel ends.
  const waiting = await walletd.rpc('task::withdraw::init', { coin: 'ARRR', to: payee, amount: '0.33' });
  const id = waiting.json.result.task_id;
  await sleep(300);
  const held = (await walletd.rpc('task::withdraw::status', { task_id: id })).json.result;
  assert.deepEqual([held.status, held.details], ['InProgress', 'GeneratingTransaction']);
  assert.equal((await walletd.rpc('task::withdraw::cancel', { task_id: id })).json.result, 'success');
  assert.equal((await walletd.rpc('task::withdraw::status', { task_id: id })).json.error_type, 'NoSuchTask');
  // Mined: the next sync round (every 10 s) sees the note spent and the change arrive.
  chain.mine(1);
  await until(async () => (await balance()).balance === '0.32999', 30000, 'the spend and the change synced');
  assert.equal((await balance()).unspendable_balance, '0');
  assert.equal(chain.ledger().balance, 32_999_000);
  // Damaged bytes are the caller's error.
  const junk = await walletd.rpc('send_raw_transaction', { coin: 'ARRR', tx_hex: '0400008085202f89' });
  assert.equal(junk.json.error_type, 'InvalidParam');
});
