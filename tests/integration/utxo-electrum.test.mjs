// The UTXO family in Electrum mode (TCP) with the real walletd, against the Electrum test server
// over litecoind: activation with a dead server listed first (failover), balances from the
// server's index, a withdraw broadcast through blockchain.transaction.broadcast and accepted by
// litecoind (bitcoinjs-lib checks every input's signature; amounts and fee to the satoshi), the
// segwit coin, and servers that drop the connection, answer garbage or stall: the call moves to
// the next server, and with none left answers Transport — never a hang. The legacy `electrum`
// request activates with KDF's legacy answer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Litecoind } from '../peers/litecoind.mjs';
import { ElectrumServer } from '../peers/electrum-server.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD } from '../support/walletd-process.mjs';
import { makeTestCertificates } from '../peers/tls-proxy.mjs';
import { checkUtxoTransaction, freshAddress, sats, startFaucet } from '../support/utxo-check.mjs';

const skip = Litecoind.skipReason();
let ltc, electrum, spare, rogue, walletd, dir, address, pay;

before(async () => {
  if (skip) return;
  ltc = await Litecoind.start();
  dir = tempDir('walletd-electrum-');
  const certs = makeTestCertificates(dir);
  electrum = await ElectrumServer.start({ ltc, pollMs: 50, tls: { cert: certs.cert, key: certs.key } });
  spare = await ElectrumServer.start({ ltc, pollMs: 50 });
  rogue = await ElectrumServer.start({ ltc, pollMs: 50, tls: { cert: certs.rogueCert, key: certs.rogueKey } });
  pay = await startFaucet(ltc);
  await Promise.all([electrum.synced(), spare.synced(), rogue.synced()]);
  // walletd trusts the test CA (OpenSSL reads SSL_CERT_FILE); the rogue certificate is self-signed.
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: 'walletd electrum test' }), { env: { SSL_CERT_FILE: certs.ca } });
});

after(async () => {
  await walletd?.stop();
  await electrum?.stop();
  await spare?.stop();
  await rogue?.stop();
  await ltc?.stop();
  if (dir) cleanup(dir);
});

async function activate(ticker, servers) {
  const init = await walletd.rpc('task::enable_utxo::init', { ticker,
    activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers } } } });
  assert.equal(init.status, 200, init.text);
  return walletd.waitTask('enable_utxo', init.json.result.task_id, 60000);
}

const settle = async (check) => {
  const end = Date.now() + 10000;
  for (;;) {
    if (await check()) return;
    assert.ok(Date.now() < end, `the server did not catch up: ${JSON.stringify(await walletd.rpc('my_balance', { coin: 'LTC-regtest' }).then((r) => r.json))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

test('Electrum activation (a dead server first), balance from the index, a withdraw accepted by litecoind', { skip }, async () => {
  const result = await activate('LTC-regtest', [{ url: '127.0.0.1:1' }, { url: electrum.tcpUrl, protocol: 'TCP' }]);
  assert.equal(result.status, 'Ok', JSON.stringify(result));
  address = result.details.wallet_balance.address;
  assert.equal(result.details.current_block, 110);
  assert.ok(electrum.requests.some(([m]) => m === 'server.version'));
  assert.ok(electrum.requests.some(([m]) => m === 'blockchain.scripthash.subscribe'));
  await pay(address, sats('20'));
  await settle(async () => (await walletd.rpc('my_balance', { coin: 'LTC-regtest' })).json.result.balance === '20');
  await ltc.mine(1, `addr(${freshAddress('p2pkh', 99)})`);

  const to = freshAddress('p2wpkh', 11);
  const w = await walletd.rpc('withdraw', { coin: 'LTC-regtest', to, amount: '2.5', broadcast: true });
  assert.equal(w.status, 200, w.text);
  const checked = await checkUtxoTransaction(w.json.result.tx_hex, ltc);
  assert.equal(checked.txid, w.json.result.tx_hash);
  assert.deepEqual(checked.outputs.filter((o) => o.address === to).map((o) => o.value), [sats('2.5')]);
  assert.equal(checked.fee, sats(w.json.result.fee_details.amount));
  assert.ok((await ltc.rpc('getrawmempool')).includes(checked.txid));
  assert.ok(electrum.requests.some(([m]) => m === 'blockchain.transaction.broadcast'));
  await ltc.mine(1, `addr(${freshAddress('p2pkh', 99)})`);
  await settle(async () => {
    const b = Number((await walletd.rpc('my_balance', { coin: 'LTC-regtest' })).json.result.balance);
    return b > 17 && b < 17.5;
  });
  const refused = await walletd.rpc('send_raw_transaction', { coin: 'LTC-regtest', tx_hex: w.json.result.tx_hex.replace(/..$/, '01') });
  assert.equal(refused.json.error_type, 'Transport', refused.text);
});

test('faults: drop, garbage and stall move the call to the next server; none left: Transport, no hang', { skip }, async () => {
  const seg = await activate('LTC-regtest-segwit', [{ url: electrum.tcpUrl }, { url: spare.tcpUrl, timeout_sec: 2 }]);
  assert.equal(seg.status, 'Ok', JSON.stringify(seg));
  const segAddress = seg.details.wallet_balance.address;
  assert.match(segAddress, /^rltc1q/);
  const fund = await walletd.rpc('withdraw', { coin: 'LTC-regtest', to: segAddress, amount: '1', broadcast: true });
  assert.equal(fund.status, 200, fund.text);
  for (const fault of ['drop', 'garbage']) {
    electrum.fault = fault;
    spare.requests.length = 0;
    await settle(async () => (await walletd.rpc('my_balance', { coin: 'LTC-regtest-segwit' })).json.result?.balance === '1');
    assert.ok(spare.requests.some(([m]) => m === 'blockchain.scripthash.listunspent'), `${fault}: the spare server was not asked`);
    electrum.fault = null;
  }
  const spend = await walletd.rpc('withdraw', { coin: 'LTC-regtest-segwit', to: freshAddress('p2pkh', 12), amount: '0.5' });
  assert.equal(spend.status, 200, spend.text);
  await checkUtxoTransaction(spend.json.result.tx_hex, ltc);
  const [accept] = await ltc.rpc('testmempoolaccept', [[spend.json.result.tx_hex]]);
  assert.equal(accept.allowed, true, JSON.stringify(accept));

  // An answer that arrives in pieces is read whole (it used to end the read at the first piece).
  electrum.fault = 'split';
  spare.fault = 'split';
  const split = await walletd.rpc('my_balance', { coin: 'LTC-regtest-segwit' });
  assert.equal(split.status, 200, split.text);
  assert.equal(split.json.result.balance, '1');
  electrum.fault = 'stall';
  spare.fault = 'stall';
  const started = Date.now();
  const stalled = await walletd.rpc('my_balance', { coin: 'LTC-regtest-segwit' });
  assert.equal(stalled.status, 502, stalled.text);
  assert.equal(stalled.json.error_type, 'Transport');
  assert.match(stalled.json.error, /no Electrum server answered/);
  assert.ok(Date.now() - started < 9000, `took ${Date.now() - started} ms`);
  electrum.fault = spare.fault = null;
  await settle(async () => (await walletd.rpc('my_balance', { coin: 'LTC-regtest-segwit' })).status === 200);
});

test('Electrum: a WSS-only server list is opened by the daemon too; bad server entries are refused', { skip }, async () => {
  const wss = await walletd.rpc('task::enable_utxo::init', { ticker: 'LTC', activation_params: { mode: { rpc: 'Electrum',
    rpc_data: { servers: [{ url: '127.0.0.1:1', protocol: 'WSS' }] } } } });
  assert.equal(wss.status, 200, wss.text);  // the daemon opens WS and WSS servers since the WebSocket client
  const failed = await walletd.waitTask('enable_utxo', wss.json.result.task_id);
  assert.equal(failed.status, 'Error');  // nothing listens on port 1
  // An unknown key in a server entry is ignored, as KDF's ElectrumConnectionSettings ignores it.
  for (const servers of [[{}], [{ url: 5 }], [{ url: 'x:1', timeout_sec: 0 }], 'x']) {
    const res = await walletd.rpc('task::enable_utxo::init', { ticker: 'LTC', activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers } } } });
    assert.equal(res.json.error_type, 'InvalidRequest', `${JSON.stringify(servers)}: ${res.text}`);
  }
});

test('the legacy `electrum` request activates a coin and answers KDF\'s legacy shape', { skip }, async () => {
  assert.equal((await walletd.rpc('disable_coin', { coin: 'LTC-regtest-segwit' })).status, 200);
  const legacy = (body) => walletd.post({ userpass: PASSWORD, method: 'electrum', ...body });
  const missing = await legacy({ coin: 'LTC-regtest-segwit' });
  assert.match(missing.json.error, /missing field `servers`/);
  // Keys KDF does not read (`colour`, a GUI's `gui`) are ignored, as KDF's legacy parser ignores them.
  const ok = await legacy({ coin: 'LTC-regtest-segwit', servers: [{ url: electrum.tcpUrl, protocol: 'TCP' }], mm2: 1,
    required_confirmations: 3, colour: 'red', gui: 'walletd-test' });
  assert.equal(ok.status, 200, ok.text);
  const { address, balance, ...rest } = ok.json;
  assert.match(address, /^rltc1q/);
  assert.ok(Number(balance) > 0);
  assert.deepEqual(rest, { result: 'success', coin: 'LTC-regtest-segwit', unspendable_balance: '0', required_confirmations: 3,
    requires_notarization: false, mature_confirmations: 100 });
  const again = await legacy({ coin: 'LTC-regtest-segwit', servers: [{ url: electrum.tcpUrl }] });
  assert.equal(again.status, 500);
  assert.match(again.json.error, /activated already/);
  const v2 = await walletd.rpc('electrum', { coin: 'LTC-regtest-segwit', servers: [{ url: electrum.tcpUrl }] });
  assert.equal(v2.json.error_type, 'NoSuchMethod', v2.text);
});

test('Electrum over SSL: the test CA server is trusted, a self-signed one is refused unless disable_cert_verification', { skip }, async () => {
  assert.equal((await walletd.rpc('disable_coin', { coin: 'LTC-regtest-segwit' })).status, 200);
  const untrusted = await activate('LTC-regtest-segwit', [{ url: rogue.sslUrl, protocol: 'SSL' }]);
  assert.equal(untrusted.status, 'Error', JSON.stringify(untrusted));
  assert.equal(untrusted.details.error_type, 'Transport');
  assert.match(untrusted.details.error, /not trusted/);
  assert.equal(rogue.requests.length, 0, 'nothing is sent to an untrusted server');
  const insecure = await activate('LTC-regtest-segwit', [{ url: rogue.sslUrl, protocol: 'SSL', disable_cert_verification: true }]);
  assert.equal(insecure.status, 'Ok', JSON.stringify(insecure));
  assert.equal((await walletd.rpc('disable_coin', { coin: 'LTC-regtest-segwit' })).status, 200);
  // Mixed lists: the WSS entry is skipped on the daemon, the SSL one used.
  electrum.requests.length = 0;
  const ok = await activate('LTC-regtest-segwit', [{ url: '127.0.0.1:1', protocol: 'WSS' }, { url: electrum.sslUrl, protocol: 'SSL' }]);
  assert.equal(ok.status, 'Ok', JSON.stringify(ok));
  assert.ok(electrum.requests.some(([m]) => m === 'server.version'));
  const to = freshAddress('p2pkh', 13);
  const w = await walletd.rpc('withdraw', { coin: 'LTC-regtest-segwit', to, amount: '0.1', broadcast: true });
  assert.equal(w.status, 200, w.text);
  const checked = await checkUtxoTransaction(w.json.result.tx_hex, ltc);
  assert.ok((await ltc.rpc('getrawmempool')).includes(checked.txid));
  assert.ok(electrum.requests.some(([m]) => m === 'blockchain.transaction.broadcast'));
});

test('check_utxo_maturity: a coinbase paying the wallet is unspendable until litecoind lets it be spent (100 blocks)', { skip }, async () => {
  assert.equal((await walletd.rpc('disable_coin', { coin: 'LTC-regtest-segwit' })).status, 200);
  const init = await walletd.rpc('task::enable_utxo::init', { ticker: 'LTC-regtest-segwit', activation_params: {
    check_utxo_maturity: true, mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl }] } } } });
  assert.equal(init.status, 200, init.text);
  const result = await walletd.waitTask('enable_utxo', init.json.result.task_id, 60000);
  assert.equal(result.status, 'Ok', JSON.stringify(result));
  const mine = result.details.wallet_balance.address;
  const balances = async () => (await walletd.rpc('my_balance', { coin: 'LTC-regtest-segwit' })).json.result;
  const before = await balances();
  const [blockHash] = await ltc.mine(1, `addr(${mine})`);
  const coinbase = (await ltc.rpc('getblock', [blockHash, 2])).tx[0];
  const reward = coinbase.vout.filter((o) => (o.scriptPubKey.address ?? o.scriptPubKey.addresses?.[0]) === mine).reduce((s, o) => s + sats(String(o.value)), 0n);
  assert.ok(reward > 0n, JSON.stringify(coinbase.vout));
  await settle(async () => Number((await balances()).unspendable_balance) > 0);
  const split = await balances();
  assert.equal(sats(split.unspendable_balance), reward, 'the coinbase is unspendable');
  assert.equal(split.balance, before.balance);
  // More than the spendable balance: the coinbase is not taken, so not enough funds.
  const overSats = sats(before.balance) + sats('1');
  const over = `${overSats / 100000000n}.${String(overSats % 100000000n).padStart(8, '0')}`;
  const refused = await walletd.rpc('withdraw', { coin: 'LTC-regtest-segwit', to: freshAddress('p2pkh', 14), amount: over });
  assert.equal(refused.json.error_type, 'NotSufficientBalance', refused.text);
  // 99 more blocks: the coinbase has its 100 confirmations; litecoind accepts the spend.
  await ltc.mine(99, `addr(${freshAddress('p2pkh', 99)})`);
  await settle(async () => (await balances()).unspendable_balance === '0');
  const w = await walletd.rpc('withdraw', { coin: 'LTC-regtest-segwit', to: freshAddress('p2pkh', 14), amount: over, broadcast: true });
  assert.equal(w.status, 200, w.text);
  const checked = await checkUtxoTransaction(w.json.result.tx_hex, ltc);
  const decoded = await ltc.rpc('decoderawtransaction', [w.json.result.tx_hex]);
  assert.ok(decoded.vin.some((i) => i.txid === coinbase.txid), 'the matured coinbase is spent');
  assert.ok((await ltc.rpc('getrawmempool')).includes(checked.txid));
});
