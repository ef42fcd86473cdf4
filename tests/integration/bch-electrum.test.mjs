// Bitcoin Cash with the real walletd in Electrum mode, against a real BCH node: bcash (an
// in-memory regtest full node, tests/peers/bcash-node.mjs) behind the Electrum test server.
// BCH-regtest is shaped like KDF's tBCH entry (fork_id 0x40, cashaddress bchreg). walletd's
// address is a cashaddr, its withdraws are FORKID-signed (0x41) and bcash's mempool — which
// enforces SIGHASH_FORKID and the amount commitment — accepts them; a withdraw never spends an
// output that carries SLP tokens (KDF spends, and so burns, them when BCH is typed UTXO: #701).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BcashNode } from '../peers/bcash-node.mjs';
import { ElectrumServer } from '../peers/electrum-server.mjs';
import { myBalance, myBalances, waitFor } from '../support/utxo-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD } from '../support/walletd-process.mjs';

const COIN = 'BCH-regtest';
// KDF's test_slp_send_output script: SEND of 100000000 units of token e73b…dbf4 to output 1.
const SLP_SEND = '6a04534c500001010453454e4420e73b2b28c14db8ebbf97749988b539508990e1708021067f206f49d55807dbf4080000000005f5e100';
let bch, electrum, walletd, dir, faucet, address, slpTxid;

before(async () => {
  bch = await BcashNode.start();
  const { KeyRing } = bch.bcash;
  faucet = KeyRing.generate();
  await bch.mine(101, faucet.getAddress('string', 'regtest'));
  electrum = await ElectrumServer.start({ ltc: bch, pollMs: 50 });
  await electrum.synced();
  dir = tempDir('walletd-bch-');
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'walletd bch test' }));
});

after(async () => {
  await walletd?.stop();
  await electrum?.stop();
  await bch?.stop();
  if (dir) cleanup(dir);
});

// The faucet's next mature coinbase output (one per block, used in order).
let nextBlock = 1;
async function faucetCoin() {
  const { Coin } = bch.bcash;
  const block = await bch.node.chain.getBlock(await bch.node.chain.getHash(nextBlock));
  return Coin.fromTX(block.txs[0], 0, nextBlock++);
}

// A bcash-signed transaction from the faucet with `outputs` ([script or address, sats]), change to
// the faucet; mined, and walletd's server caught up.
async function pay(outputs) {
  const { MTX, Script, Address } = bch.bcash;
  const coin = await faucetCoin();
  const mtx = new MTX();
  mtx.addCoin(coin);
  let spent = 0;
  for (const [to, value] of outputs) {
    if (to.startsWith('6a')) mtx.addOutput(Script.fromRaw(Buffer.from(to, 'hex')), value);
    else mtx.addOutput(Address.fromString(to, 'regtest'), value);
    spent += value;
  }
  mtx.addOutput(faucet.getAddress(), coin.value - spent - 10000);
  mtx.sign(faucet);
  const txid = await bch.rpc('sendrawtransaction', [mtx.toRaw().toString('hex')]);
  await bch.mine(1, faucet.getAddress('string', 'regtest'));
  await electrum.synced();
  return txid;
}


const balance = () => myBalance(walletd, COIN);
const settle = (check, what) => waitFor(check, what, 15000);

test('activation: a bchreg cashaddr from the coins file\'s format', async () => {
  const init = await walletd.rpc('task::enable_utxo::init', { ticker: COIN,
    activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl, protocol: 'TCP' }] } } } });
  assert.equal(init.status, 200, init.text);
  const result = await walletd.waitTask('enable_utxo', init.json.result.task_id, 60000);
  assert.equal(result.status, 'Ok', JSON.stringify(result));
  address = result.details.wallet_balance.address;
  assert.match(address, /^bchreg:q[02-9ac-hj-np-z]{41}$/);
  assert.equal(result.details.current_block, 101);
  // bcash reads it as the same address.
  assert.equal(bch.bcash.Address.fromString(address, 'regtest').toString('regtest'), address);
});

test('a FORKID withdraw that bcash accepts, with cashaddr from/to and the fee to the satoshi', async () => {
  await pay([[address, 3e8]]);
  await settle(async () => (await balance()) === '3', 'the 3 BCH payment');
  const to = bch.bcash.KeyRing.generate().getAddress('string', 'regtest');
  const w = await walletd.rpc('withdraw', { coin: COIN, to, amount: '1.25', broadcast: true });
  assert.equal(w.status, 200, w.text);
  const r = w.json.result;
  assert.deepEqual(r.from, [address]);
  assert.deepEqual(r.to, [to]);
  const { TX } = bch.bcash;
  const tx = TX.fromRaw(Buffer.from(r.tx_hex, 'hex'));
  assert.equal(tx.txid(), r.tx_hash);
  assert.equal(tx.version, 1);
  // Every signature carries SIGHASH_ALL|FORKID; bcash's mempool verified them (it refuses 0x01).
  for (const input of tx.inputs) assert.equal(input.script.code[0].data.at(-1), 0x41);
  assert.ok((await bch.rpc('getrawmempool')).includes(r.tx_hash));
  const entry = await bch.rpc('getmempoolentry', [r.tx_hash]);
  assert.equal(Math.round(entry.fee * 1e8), Math.round(Number(r.fee_details.amount) * 1e8));
  assert.equal(r.fee_details.coin, COIN);
  const paid = tx.outputs.find((o) => o.getAddress()?.toString('regtest') === to);
  assert.equal(paid.value, 1.25e8);
  await bch.mine(1, faucet.getAddress('string', 'regtest'));
});

test('an output carrying SLP tokens is never spent, even by a max withdraw', async () => {
  // Output 1 carries the SEND's tokens (546 sats of BCH); output 2 is plain BCH past the amounts.
  const txid = await pay([[SLP_SEND, 0], [address, 546], [address, 2e8]]);
  slpTxid = txid;
  // my_balance splits as KDF's BCH does: the token output's 546 sats are unspendable.
  await settle(async () => (await myBalances(walletd, COIN)).unspendable_balance === '0.00000546', 'the SLP payment');
  const before = Number(await balance());
  const to = bch.bcash.KeyRing.generate().getAddress('string', 'regtest');
  const w = await walletd.rpc('withdraw', { coin: COIN, to, max: true, broadcast: true });
  assert.equal(w.status, 200, w.text);
  const tx = bch.bcash.TX.fromRaw(Buffer.from(w.json.result.tx_hex, 'hex'));
  const spends = tx.inputs.map((i) => `${i.prevout.txid()}:${i.prevout.index}`);
  assert.ok(spends.includes(`${txid}:2`), spends.join(' '));
  assert.ok(!spends.includes(`${txid}:1`), 'the token output was spent');
  assert.equal(Number(w.json.result.total_amount), before);
  const pool = await bch.rpc('getrawmempool');
  assert.ok(pool.includes(w.json.result.tx_hash), JSON.stringify({ pool, r: w.json.result, req: electrum.requests.filter(([m]) => m.includes('broadcast')) }));
  await bch.mine(1, faucet.getAddress('string', 'regtest'));
  await settle(async () => (await balance()) === '0', 'only the token output left');
  assert.deepEqual(await myBalances(walletd, COIN), { balance: '0', unspendable_balance: '0.00000546' });
  // Nothing plain is left: a max withdraw finds zero, and the token output stays.
  const again = await walletd.rpc('withdraw', { coin: COIN, to, max: true });
  assert.equal(again.json.error_type, 'ZeroBalanceToWithdrawMax', again.text);
});

// KDF's BCH entry points answer for BCH-protocol entries only; BCH-slp-regtest is the same chain
// (and key) typed BCH, as KDF's coins typed it before dropping SLP.
const SLP_COIN = 'BCH-slp-regtest';

// The CashAddr checksum (the specification's BCH code polymod over the prefix's low 5 bits, a 0,
// and the payload), written here so the check does not share walletd's code; cashaddrjs knows
// only the bitcoincash/bchtest/bchreg prefixes.
function cashAddrChecksumOk(text) {
  const [prefix, payload] = text.split(':');
  const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  const values = [...prefix].map((c) => c.charCodeAt(0) & 31).concat([0], [...payload].map((c) => charset.indexOf(c)));
  const gen = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];
  let c = 1n;
  for (const v of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(v);
    for (let i = 0; i < 5; i++) if ((c0 >> BigInt(i)) & 1n) c ^= gen[i];
  }
  return (c ^ 1n) === 0n;
}
const mode = () => ({ mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl, protocol: 'TCP' }] } } });

test('enable_bch_with_tokens and task::enable_bch refuse a UTXO-typed BCH as KDF does', async () => {
  const platform = await walletd.rpc('enable_bch_with_tokens', { ticker: 'BCH', ...mode(), bchd_urls: [], allow_slp_unsafe_conf: true, slp_tokens_requests: [] });
  assert.equal(platform.status, 400, platform.text);
  assert.equal(platform.json.error_type, 'UnexpectedPlatformProtocol');
  const task = await walletd.rpc('task::enable_bch::init', { ticker: 'BCH', activation_params: { ...mode(), bchd_urls: [] } });
  assert.equal(task.status, 400, task.text);
  assert.equal(task.json.error_type, 'UnexpectedCoinProtocol');
});

test('enable_bch_with_tokens: KDF\'s bchd_urls rule, no SLP token, and KDF\'s answer', async () => {
  const unsafe = await walletd.rpc('enable_bch_with_tokens', { ticker: SLP_COIN, ...mode(), bchd_urls: [], slp_tokens_requests: [] });
  assert.equal(unsafe.json.error_type, 'PlatformCoinCreationError', unsafe.text);
  assert.match(unsafe.json.error, /Using empty bchd_urls is unsafe for SLP users!/);
  const token = await walletd.rpc('enable_bch_with_tokens', { ticker: SLP_COIN, ...mode(), bchd_urls: ['https://bchd.test'], slp_tokens_requests: [{ ticker: 'ASLP-SLP' }] });
  assert.equal(token.json.error_type, 'TokenConfigIsNotFound', token.text);

  await electrum.synced();
  const r = await walletd.rpc('enable_bch_with_tokens', { ticker: SLP_COIN, ...mode(), bchd_urls: [], allow_slp_unsafe_conf: true, slp_tokens_requests: [] });
  assert.equal(r.status, 200, r.text);
  const result = r.json.result;
  assert.equal(result.current_block, await bch.rpc('getblockcount'));
  const info = result.bch_addresses_infos[address];
  assert.ok(info, JSON.stringify(result));
  assert.deepEqual(info.derivation_method, { type: 'Iguana' });
  assert.match(info.pubkey, /^0[23][0-9a-f]{64}$/);
  // The SLP output of the earlier test is still there: unspendable, as KDF's BCH balance says.
  assert.deepEqual(info.balances, { spendable: await balance(), unspendable: '0.00000546' });
  // The SLP address is the same key hash under slp_prefix, with a valid checksum for that prefix.
  const [slp] = Object.keys(result.slp_addresses_infos);
  assert.ok(slp.startsWith('slptest:') && cashAddrChecksumOk(slp), slp);
  assert.equal(slp.slice(8, 42), address.slice(7, 41));  // payload: version byte and hash
  assert.deepEqual(result.slp_addresses_infos[slp], { derivation_method: { type: 'Iguana' }, pubkey: info.pubkey, balances: {} });
  assert.equal((await walletd.rpc('enable_bch_with_tokens', { ticker: SLP_COIN, ...mode(), bchd_urls: [], allow_slp_unsafe_conf: true, slp_tokens_requests: [] })).json.error_type, 'PlatformIsAlreadyActivated');
});

test('task::enable_bch: the UTXO answer for a BCH-protocol entry', async () => {
  assert.equal((await walletd.rpc('disable_coin', { coin: SLP_COIN })).status, 200);
  const init = await walletd.rpc('task::enable_bch::init', { ticker: SLP_COIN, activation_params: { ...mode(), tx_history: true, bchd_urls: ['https://bchd.test'], slp_tokens_requests: [{ ticker: 'ignored' }] } });
  assert.equal(init.status, 200, init.text);
  const result = await walletd.waitTask('enable_bch', init.json.result.task_id, 60000);
  assert.equal(result.status, 'Ok', JSON.stringify(result));
  assert.equal(result.details.ticker, SLP_COIN);
  assert.equal(result.details.wallet_balance.wallet_type, 'Iguana');
  assert.equal(result.details.wallet_balance.address, address);
  assert.deepEqual(result.details.wallet_balance.balance, { [SLP_COIN]: { spendable: await balance(), unspendable: '0.00000546' } });
});

test('cashaddr everywhere: convertaddress both ways, validateaddress, a legacy `to`, history rows', async () => {
  const legacy = (body) => walletd.post({ userpass: PASSWORD, ...body });
  const standard = await legacy({ method: 'convertaddress', coin: COIN, from: address, to_address_format: { format: 'standard' } });
  assert.equal(standard.status, 200, standard.text);
  const base58 = standard.json.result.address;
  // bcash reads the base58 form as the same key hash (regtest shares testnet's base58 prefixes).
  assert.equal(bch.bcash.Address.fromBase58(base58, 'testnet').getHash('hex'), bch.bcash.Address.fromString(address, 'regtest').getHash('hex'));
  const back = await legacy({ method: 'convertaddress', coin: COIN, from: base58, to_address_format: { format: 'cashaddress', network: 'bchreg' } });
  assert.equal(back.json.result.address, address);
  assert.deepEqual((await legacy({ method: 'validateaddress', coin: COIN, address })).json.result, { is_valid: true });
  const mainnet = address.replace('bchreg:', 'bitcoincash:');
  assert.equal((await legacy({ method: 'validateaddress', coin: COIN, address: mainnet })).json.result.is_valid, false);

  // A withdraw to a legacy base58 address (KDF accepts it on a cashaddr coin) with a fixed fee.
  await pay([[address, 1e8]]);
  await settle(async () => Number(await balance()) >= 1, 'the 1 BCH payment');
  const other = bch.bcash.KeyRing.generate().getAddress('string', 'regtest');
  const to = (await legacy({ method: 'convertaddress', coin: COIN, from: other, to_address_format: { format: 'standard' } })).json.result.address;
  assert.match(to, /^[mn]/);
  const w = await walletd.rpc('withdraw', { coin: SLP_COIN, to, amount: '0.5', broadcast: true, fee: { type: 'UtxoFixed', amount: '0.0001' } });
  assert.equal(w.status, 200, w.text);
  assert.deepEqual(w.json.result.to, [to]);
  assert.equal(w.json.result.fee_details.amount, '0.0001');
  assert.ok((await bch.rpc('getrawmempool')).includes(w.json.result.tx_hash));
  await bch.mine(1, faucet.getAddress('string', 'regtest'));
  await electrum.synced();

  // History rows name addresses in cashaddr; the withdraw's row is there, with its fee.
  let rows = [];
  await settle(async () => {
    const h = await walletd.rpc('my_tx_history', { coin: SLP_COIN, limit: 50 });
    rows = h.json?.result?.transactions ?? [];
    return rows.some((row) => row.tx_hash === w.json.result.tx_hash && row.block_height > 0);
  }, 'the withdraw in my_tx_history');
  const row = rows.find((r) => r.tx_hash === w.json.result.tx_hash);
  assert.deepEqual(row.from, [address]);
  assert.ok(row.to.every((a) => a.startsWith('bchreg:')), JSON.stringify(row.to));
  assert.equal(row.fee_details.amount, '0.0001');
  for (const r of rows) for (const a of [...r.from, ...r.to]) assert.match(a, /^bchreg:/);
});

test('an HD wallet: BCH addresses at m/44\'/1\'/0\'/0/n as bcash derives them, and a withdraw from one', async () => {
  const MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
  const hdDir = tempDir('walletd-bch-hd-');
  const hd = await WalletdProcess.start(writeConfig(hdDir, { passphrase: MNEMONIC, enable_hd: true }));
  try {
    const { HDPrivateKey, Mnemonic, KeyRing } = bch.bcash;
    const master = HDPrivateKey.fromMnemonic(new Mnemonic(MNEMONIC));
    const derived = (n) => KeyRing.fromPrivate(master.derivePath(`m/44'/1'/0'/0/${n}`).privateKey).getAddress('string', 'regtest');
    const init = await hd.rpc('task::enable_utxo::init', { ticker: COIN, activation_params: { ...mode(), scan_policy: 'do_not_scan' } });
    const done = await hd.waitTask('enable_utxo', init.json.result.task_id, 60000);
    assert.equal(done.status, 'Ok', JSON.stringify(done));
    const first = done.details.wallet_balance.accounts[0].addresses[0];
    assert.equal(first.address, derived(0));
    assert.equal(first.derivation_path, "m/44'/1'/0'/0/0");
    const fresh = await hd.rpc('get_new_address', { coin: COIN, account_id: 0, chain: 'External' });
    assert.equal(fresh.json.result.new_address.address, derived(1), fresh.text);

    await pay([[derived(1), 5e7]]);
    await settle(async () => {
      const b = await hd.rpc('account_balance', { coin: COIN, account_index: 0, chain: 'External' });
      return b.json?.result?.addresses?.[1]?.balance?.[COIN]?.spendable === '0.5';
    }, 'the HD address balance');
    const w = await hd.rpc('withdraw', { coin: COIN, to: address, amount: '0.2', broadcast: true, from: { derivation_path: "m/44'/1'/0'/0/1" } });
    assert.equal(w.status, 200, w.text);
    assert.deepEqual(w.json.result.from, [derived(1)]);
    assert.ok((await bch.rpc('getrawmempool')).includes(w.json.result.tx_hash));
    await bch.mine(1, faucet.getAddress('string', 'regtest'));
  } finally {
    await hd.stop();
    cleanup(hdDir);
  }
});

test('the merge loop merges plain outputs and leaves the SLP token output alone', async () => {
  // A second walletd with the same key: its merge loop sees the same outputs, token one included.
  await pay([[address, 2e7], [address, 3e7]]);
  const mergeDir = tempDir('walletd-bch-merge-');
  const merger = await WalletdProcess.start(writeConfig(mergeDir, { passphrase: 'walletd bch test' }));
  try {
    const tokenTx = slpTxid;
    const init = await merger.rpc('task::enable_utxo::init', { ticker: COIN, activation_params: { ...mode(),
      utxo_merge_params: { merge_at: 2, check_every: 1 } } });
    assert.equal((await merger.waitTask('enable_utxo', init.json.result.task_id, 60000)).status, 'Ok');
    let merge;
    await settle(async () => {
      for (const txid of await bch.rpc('getrawmempool')) {
        const tx = await bch.rpc('getrawtransaction', [txid, true]);
        if (tx.vout.length === 1 && tx.vin.length >= 3) merge = tx;
      }
      return merge !== undefined;
    }, 'the merge transaction');
    const spends = merge.vin.map((i) => `${i.txid}:${i.vout}`);
    assert.ok(!spends.includes(`${tokenTx}:1`), `the token output was merged: ${spends.join(' ')}`);
    assert.equal(merge.vout[0].scriptPubKey.addresses[0], address);
  } finally {
    await merger.stop();
    cleanup(mergeDir);
  }
});
