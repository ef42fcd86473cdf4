// A shielded withdraw end to end through the npm package (wasm core, gRPC-web to the lightwalletd
// test peer) with a prover handed to createWalletd: a mock on @noble that makes everything but
// the Groth16 proofs (tests/support/mock-sapling-prover.mjs). task::withdraw answers KDF's
// TransactionDetails; the transaction is checked as a node and the recipients would check it, by
// code that shares nothing with walletd (tests/peers/sapling-verify.mjs): the ZIP-243 digest,
// every spend authorisation and the binding signature, anchors and nullifiers against the chain,
// the payment recovered with the wallet's ovk, the change decrypted with its ivk.
// send_raw_transaction hands it to the Electrum test server over the same chain (WebSocket, as
// KDF broadcasts ZHTLC transactions over Electrum), whose node accepts it only after the same
// checks; the spent notes and the change stay locked until the chain mines it.
// @airgap/sapling-wasm (the real prover the package adapts) takes the adaptor's arguments for the
// very spend walletd asked for, up to the missing parameters; garbage parameters are refused with
// a clear error. Real proofs cannot be made here (no parameter files).
import 'fake-indexeddb/auto';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bech32 } from '@scure/base';
import airgap from '@airgap/sapling-wasm';
import { createWalletd, createAirgapSaplingProver, IndexedDbStorage } from '../support/walletd-package.mjs';
import { SaplingChain, authenticationPath } from '../peers/sapling-chain.mjs';
import WebSocket from 'ws';
import { startLightwalletd } from '../peers/lightwalletd.mjs';
import { startSaplingElectrum } from '../peers/sapling-node.mjs';
import { decodeAddress, merkleHash } from '../peers/sapling-notes.mjs';
import { parseV4, zip243ShieldedDigest, verifySpendAuth, verifyBinding, recoverWithOvk, decryptWithIvk } from '../peers/sapling-verify.mjs';
import { mockSaplingProver } from '../support/mock-sapling-prover.mjs';
import { viewingKeyParts, arrrActivation, runTask } from '../support/zhtlc-harness.mjs';
import { until, sleep } from '../support/until.mjs';
import { repoRoot, PASSWORD } from '../support/walletd-process.mjs';
import { airgapSpendArguments } from '../../js/src/sapling-prover.js';

const ag = airgap.default ?? airgap;
const BASE = 1_900_000;
const PAYEE = 'zs1lgdrlg6kv6lmf0n9ps2uhj6sc8rdn30vx44qzu7hqa5ms4a4fwytlr8yuwrqyvhk6l6r5fevw50';
const coinsText = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');
const hex = (b) => Buffer.from(b).toString('hex');
let chain, peer, electrum, wasm, prover, me, keys, withdrawn;

const call = async (method, params) => {
  const answer = await wasm.request({ mmrpc: '2.0', userpass: PASSWORD, method, params });
  return { status: answer.status, json: JSON.parse(answer.body), text: answer.body };
};
const balance = async () => (await call('my_balance', { coin: 'ARRR' })).json.result;

before(async () => {
  chain = new SaplingChain({ saplingHeight: BASE + 1 });
  peer = await startLightwalletd(chain);
  electrum = await startSaplingElectrum(chain);
  prover = mockSaplingProver();
  wasm = await createWalletd({ config: { rpc_password: PASSWORD, passphrase: 'zhtlc package withdraw seed' }, coins: coinsText,
    storage: new IndexedDbStorage('walletd-zhtlc-withdraw'), saplingProver: prover, WebSocket });
  me = (await call('get_private_keys', { coins: ['ARRR'], mode: 'iguana' })).json.result[0];
  keys = viewingKeyParts(me.viewing_key);
  chain.watch(me.address, keys.nk, keys.ivk);
  chain.send({ outputs: [{ to: me.address, value: 20_000_000 }, { to: 'other', value: 9 }] });
  chain.mine(1);
  chain.send({ outputs: [{ to: me.address, value: 2_000_000 }] });
  chain.send({ outputs: [{ to: me.address, value: 9_000_000 }] });
  chain.mine(3);
  const activated = await runTask(call, 'task::enable_z_coin', arrrActivation(peer.url, BASE, { url: electrum.wsUrl.replace('ws://', ''), protocol: 'WS' }));
  assert.equal(activated.status, 'Ok', JSON.stringify(activated));
});

after(async () => {
  await wasm?.dispose?.();
  await peer?.close();
  await electrum?.stop();
});

test('task::withdraw builds a transaction a node accepts, answered as KDF answers it', async () => {
  const result = await runTask(call, 'task::withdraw', { coin: 'ARRR', to: PAYEE, amount: '0.1', memo: 'for the harness' });
  assert.equal(result.status, 'Ok', JSON.stringify(result));
  const d = result.details;
  withdrawn = d;
  // Notes ascending by value until 0.1 + 0.00001: 0.02, then 0.09; change 0.00999.
  assert.deepEqual([d.from, d.to, d.spent_by_me, d.received_by_me, d.total_amount, d.my_balance_change],
    [[me.address], [PAYEE], '0.11', '0.00999', '0.11', '-0.10001']);
  assert.deepEqual(d.fee_details, { type: 'Utxo', coin: 'ARRR', amount: '0.00001' });
  assert.deepEqual([d.block_height, d.timestamp, d.coin, d.internal_id, d.memo, d.transaction_type],
    [0, 0, 'ARRR', d.tx_hash, 'for the harness', 'StandardTransfer']);
  const tx = parseV4(d.tx_hex);
  assert.deepEqual([tx.spends.length, tx.outputs.length, tx.valueBalance], [2, 2, 1000n]);
  assert.equal(Buffer.from(tx.expiry).readUInt32LE(), chain.tipHeight() + 20);
  const sighash = zip243ShieldedDigest(tx, 0x76b809bb);
  const notes = chain.wallet.notes;
  const spent = [notes.find((n) => n.value === 2_000_000), notes.find((n) => n.value === 9_000_000)];
  for (const [i, s] of tx.spends.entries()) {
    assert.equal(hex(s.anchor), hex(chain.tip().tree.root()));
    assert.equal(hex(s.nf), hex(spent[i].nf));
    assert.ok(verifySpendAuth(s, sighash), `spend ${i}`);
  }
  assert.ok(verifyBinding(tx, sighash));
  const paid = recoverWithOvk(keys.ovk, tx.outputs[0]);
  assert.deepEqual([hex(paid.d), paid.value], [hex(decodeAddress(PAYEE).d), 10_000_000]);
  assert.equal(Buffer.from(paid.memo.subarray(0, 15)).toString(), 'for the harness');
  assert.equal(decryptWithIvk(keys.ivk, decodeAddress(me.address).pkd.toBytes(), tx.outputs[1]).value, 999_000);
  // What the prover was asked: the wallet's ak, the chain's paths at the anchor; one context, closed.
  const asked = prover.log.filter((e) => e.op === 'spend');
  for (const [i, a] of asked.entries()) {
    assert.equal(a.ak, hex(keys.ak));
    assert.deepEqual(a.path, authenticationPath(chain.leaves(), spent[i].position).map(hex));
    assert.equal(a.position, String(spent[i].position));
  }
  assert.deepEqual([prover.contexts, prover.closed], [1, 1]);
  // Each path (and the adaptor's MerklePath bytes for @airgap, root level first) leads from the
  // note's commitment to the anchor.
  const fold = (leaf, position, path) => path.reduce((node, sibling, level) => (Math.floor(position / 2 ** level) % 2
    ? merkleHash(level, sibling, node) : merkleHash(level, node, sibling)), leaf);
  for (const [i, a] of asked.entries()) {
    const leaf = chain.leaves()[spent[i].position];
    assert.equal(hex(fold(leaf, spent[i].position, a.path.map((n) => Buffer.from(n, 'hex')))), a.anchor);
    const bytes = airgapSpendArguments(a).merklePath;
    assert.deepEqual([bytes.length, bytes[0]], [1 + 32 * 33 + 8, 32]);
    const nodes = Array.from({ length: 32 }, (_, k) => bytes.subarray(2 + 33 * k, 34 + 33 * k)).reverse();
    const position = Number(Buffer.from(bytes.subarray(1 + 32 * 33)).readBigUInt64LE());
    assert.equal(position, spent[i].position);
    assert.equal(hex(fold(leaf, position, nodes)), a.anchor);
  }
  // Building spends nothing: the balance is whole until the transaction is broadcast.
  assert.deepEqual([(await balance()).balance, (await balance()).unspendable_balance], ['0.31', '0']);
});

test('@airgap/sapling-wasm takes the adaptor\'s arguments for walletd\'s spend up to the missing parameters', async () => {
  const spend = prover.log.find((e) => e.op === 'spend');
  const a = airgapSpendArguments(spend);
  const xsk = Uint8Array.from(bech32.fromWords(bech32.decode(me.priv_key, 1000).words));
  assert.equal(hex(a.pak), hex(await ag.getProofAuthorizingKey(xsk)));
  const answer = await ag.withProvingContext(async (ctx) => {
    try {
      await ag.prepareSpendDescriptionWithAuthorizingKey(ctx, a.pak, a.address, a.rcm, a.alpha, a.value, a.anchor, a.merklePath);
      return 'proved';
    } catch (e) { return String(e?.message ?? e); }
  });
  assert.match(answer, /sapling parameters have not been initialized/);
  // A damaged path is refused before the parameters are looked at: the check above can fail.
  const damaged = await ag.withProvingContext(async (ctx) => {
    try { await ag.prepareSpendDescriptionWithAuthorizingKey(ctx, a.pak, a.address, a.rcm, a.alpha, a.value, a.anchor, a.merklePath.slice(1)); return 'proved'; } catch (e) { return String(e?.message ?? e); }
  });
  assert.match(damaged, /merkle path/);
});

test('send_raw_transaction broadcasts it; the notes and the change stay locked until mined', async () => {
  const sent = await call('send_raw_transaction', { coin: 'ARRR', tx_hex: withdrawn.tx_hex });
  assert.equal(sent.status, 200, sent.text);
  assert.equal(sent.json.result.tx_hash, withdrawn.tx_hash);
  const broadcasts = electrum.requests.filter(([m]) => m === 'blockchain.transaction.broadcast');
  assert.deepEqual(broadcasts.map(([, p]) => p), [[withdrawn.tx_hex]]);
  assert.equal(chain.submitted.length, 1);
  const locked = await balance();
  assert.deepEqual([locked.balance, locked.unspendable_balance], ['0.2', '0.00999']);
  // 0.2 + fee needs more than the unlocked 0.2: KDF waits for the locked notes (retries 15 s
  // apart), and the withdraw goes through once the chain has mined the first one.
  const init = await call('task::withdraw::init', { coin: 'ARRR', to: PAYEE, amount: '0.2' });
  const id = init.json.result.task_id;
  await sleep(300);
  const waiting = (await call('task::withdraw::status', { task_id: id })).json.result;
  assert.deepEqual([waiting.status, waiting.details], ['InProgress', 'GeneratingTransaction']);
  chain.mine(1);
  await until(async () => (await balance()).balance === '0.20999', 30000, 'the mined withdraw synced');
  assert.equal((await balance()).unspendable_balance, '0');
  assert.equal(chain.ledger().balance, 20_999_000);
  const second = await until(async () => {
    const r = (await call('task::withdraw::status', { task_id: id })).json.result;
    return r.status !== 'InProgress' && r;
  }, 60000, 'the withdraw that waited');
  assert.equal(second.status, 'Ok', JSON.stringify(second));
  assert.deepEqual([second.details.spent_by_me, second.details.received_by_me], ['0.20999', '0.00998']);
});

test('a prover that fails fails the withdraw with its reason; nothing is built', async () => {
  prover.failWith = 'the device is busy';
  const failed = await runTask(call, 'task::withdraw', { coin: 'ARRR', to: PAYEE, amount: '0.01' });
  assert.equal(failed.status, 'Error');
  assert.match(failed.details.error, /the device is busy/);
  assert.equal(prover.closed, prover.contexts);
});

test('createAirgapSaplingProver refuses parameters @airgap/sapling-wasm cannot read, saying what it needs', async () => {
  await assert.rejects(createAirgapSaplingProver(ag, {}), /spendParams and outputParams/);
  await assert.rejects(createAirgapSaplingProver({}, { spendParams: new Uint8Array(1), outputParams: new Uint8Array(1) }), /@airgap\/sapling-wasm module/);
  await assert.rejects(createAirgapSaplingProver(ag, { spendParams: new Uint8Array(100), outputParams: new Uint8Array(100) }),
    /refused the Sapling parameters.*sapling-spend\.params/);
});
