// The npm package (wasm core) with a UTXO coin over Electrum WebSocket-over-TLS (wss://, the
// only transport a browser has), against the Electrum test server over litecoind: the package
// gets a WebSocket class that trusts the test CA (Node 20 has no WebSocket of its own; browsers
// pass none), activates an HD wallet (the gap scan in batches), withdraws with broadcast —
// bitcoinjs-lib checks the signatures, litecoind's mempool takes the transaction — and reports
// TCP and SSL servers as ones it cannot open.
import 'fake-indexeddb/auto';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { BIP32Factory } from 'bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { createWalletd, MemoryStorage } from '../support/walletd-package.mjs';
import { Litecoind } from '../peers/litecoind.mjs';
import { ElectrumServer } from '../peers/electrum-server.mjs';
import { makeTestCertificates } from '../peers/tls-proxy.mjs';
import { tempDir, cleanup, repoRoot } from '../support/walletd-process.mjs';
import { LTC_REGTEST, checkUtxoTransaction, freshAddress, sats, startFaucet } from '../support/utxo-check.mjs';

const MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const root = BIP32Factory(ecc).fromSeed(Buffer.from(mnemonicToSeedSync(MNEMONIC)));
const ext = (i) => bitcoin.payments.p2pkh({ pubkey: Buffer.from(root.derivePath(`m/44'/1'/0'/0/${i}`).publicKey), network: LTC_REGTEST }).address;
const skip = Litecoind.skipReason();
let ltc, electrum, wasm, dir;

before(async () => {
  if (skip) return;
  ltc = await Litecoind.start();
  dir = tempDir('walletd-package-utxo-');
  const certs = makeTestCertificates(dir);
  electrum = await ElectrumServer.start({ ltc, pollMs: 50, tls: { cert: certs.cert, key: certs.key } });
  const pay = await startFaucet(ltc);
  await pay.many([[ext(0), sats('1')], [ext(5), sats('2')]]);
  await ltc.mine(1, `addr(${freshAddress('p2pkh', 99)})`);
  await electrum.synced();
  const ca = readFileSync(certs.ca);
  class TrustingWebSocket extends WebSocket {
    constructor(url) { super(url, { ca }); }
  }
  wasm = await createWalletd({ config: { passphrase: MNEMONIC, enable_hd: true }, storage: new MemoryStorage(),
    coins: readFileSync(join(repoRoot, 'config/coins.json'), 'utf8'), WebSocket: TrustingWebSocket });
});

after(async () => {
  wasm?.dispose();
  await electrum?.stop();
  await ltc?.stop();
  if (dir) cleanup(dir);
});

async function activate(servers) {
  const { task_id: id } = await wasm.call('task::enable_utxo::init', { ticker: 'LTC-regtest',
    activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers } } } });
  for (const deadline = Date.now() + 30000; Date.now() < deadline;) {
    const status = await wasm.call('task::enable_utxo::status', { task_id: id });
    if (status.status !== 'InProgress') return status;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the activation did not finish');
}

test('the package activates an HD wallet over wss:// and withdraws with broadcast', { skip }, async () => {
  const refused = await wasm.call('task::enable_utxo::init', { ticker: 'LTC-regtest',
    activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl }, { url: electrum.sslUrl, protocol: 'SSL' }] } } } })
    .catch((e) => e);
  assert.equal(refused.error_type, 'CoinCreationError', String(refused));
  const host = electrum.wssUrl.replace('wss://', '');
  const done = await activate([{ url: electrum.tcpUrl }, { url: host, protocol: 'WSS' }]);
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  const external = done.details.wallet_balance.accounts[0].addresses.filter((a) => a.chain === 'External');
  assert.deepEqual(external.map((a) => a.address), [0, 1, 2, 3, 4, 5].map(ext));
  assert.deepEqual(done.details.wallet_balance.accounts[0].total_balance, { 'LTC-regtest': { spendable: '3', unspendable: '0' } });

  const to = freshAddress('p2wpkh', 41);
  const w = await wasm.call('withdraw', { coin: 'LTC-regtest', to, amount: '2.5', broadcast: true });
  const checked = await checkUtxoTransaction(w.tx_hex, ltc);
  assert.equal(checked.txid, w.tx_hash);
  assert.deepEqual(checked.outputs.filter((o) => o.address === to).map((o) => o.value), [sats('2.5')]);
  assert.equal(checked.fee, sats(w.fee_details.amount));
  assert.ok((await ltc.rpc('getrawmempool')).includes(checked.txid));
  assert.ok(electrum.requests.some(([m]) => m === 'blockchain.transaction.broadcast'));
});
