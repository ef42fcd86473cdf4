// Activation of an HD wallet with 200 used addresses (External 0..199, one payment each) against
// the Electrum test server over litecoind regtest: the wall time of task::enable_utxo (init to
// Ok) and the Electrum traffic it caused — request lines (a JSON-RPC batch is one line) and
// requests — for walletd, side by side with a JS wallet doing the same work with bip32 +
// bitcoinjs-lib over one TCP connection: the gap scan (gap 20) in batches of get_history, then
// the subscriptions and the balances in batches, as walletd does.
// Usage: node bench/utxo_hd_activation/run.mjs [used addresses, default 200]
import { createConnection } from 'node:net';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { BIP32Factory } from 'bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { Litecoind } from '../../tests/peers/litecoind.mjs';
import { ElectrumServer } from '../../tests/peers/electrum-server.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../../tests/support/walletd-process.mjs';
import { LTC_REGTEST, freshAddress, sats, startFaucet } from '../../tests/support/utxo-check.mjs';

const used = Number(process.argv[2] ?? 200);
const GAP = 20;
const MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const root = BIP32Factory(ecc).fromSeed(Buffer.from(mnemonicToSeedSync(MNEMONIC)));
const account = root.derivePath("m/44'/1'/0'");

function addressAt(chain, index) {
  return bitcoin.payments.p2pkh({ pubkey: Buffer.from(account.derive(chain).derive(index).publicKey), network: LTC_REGTEST });
}

// Newline-delimited JSON-RPC over TCP with batches.
function electrumClient(url) {
  const [host, port] = url.split(':');
  const socket = createConnection({ host, port: Number(port) });
  let buffer = '';
  let nextId = 1;
  const waiting = new Map();
  socket.on('data', (chunk) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      const message = JSON.parse(line);
      for (const answer of Array.isArray(message) ? message : [message]) {
        waiting.get(answer.id)?.(answer.result);
        waiting.delete(answer.id);
      }
    }
  });
  const ready = new Promise((resolve) => socket.once('connect', resolve));
  return {
    async batch(method, paramsList) {
      await ready;
      const requests = paramsList.map((params) => ({ jsonrpc: '2.0', id: nextId++, method, params }));
      const answers = requests.map((r) => new Promise((resolve) => waiting.set(r.id, resolve)));
      socket.write(JSON.stringify(requests.length === 1 ? requests[0] : requests) + '\n');
      return Promise.all(answers);
    },
    close: () => socket.destroy(),
  };
}

const scriptHash = (output) => Buffer.from(bitcoin.crypto.sha256(output)).reverse().toString('hex');

async function jsWallet(url) {
  const client = electrumClient(url);
  await client.batch('server.version', [['bench', '1.4']]);
  await client.batch('blockchain.headers.subscribe', [[]]);
  const known = [];
  for (const chain of [0, 1]) {
    let next = 0, unusedInRow = 0, count = 0;
    while (unusedInRow < GAP) {
      const window = Array.from({ length: GAP - unusedInRow }, (_, i) => addressAt(chain, next + i));
      const histories = await client.batch('blockchain.scripthash.get_history', window.map((p) => [scriptHash(p.output)]));
      histories.forEach((h, i) => {
        if (h.length > 0) { count = next + i + 1; unusedInRow = 0; } else unusedInRow += 1;
      });
      next += window.length;
    }
    for (let i = 0; i < count; i++) known.push(addressAt(chain, i));
  }
  await client.batch('blockchain.scripthash.subscribe', known.map((p) => [scriptHash(p.output)]));
  const unspent = await client.batch('blockchain.scripthash.listunspent', known.map((p) => [scriptHash(p.output)]));
  client.close();
  return { addresses: known.length, total: unspent.flat().reduce((a, u) => a + BigInt(u.value), 0n) };
}

const ltc = await Litecoind.start();
const electrum = await ElectrumServer.start({ ltc, pollMs: 50 });
const dir = tempDir('walletd-bench-hd-');
let walletd;
try {
  const pay = await startFaucet(ltc);
  for (let from = 0; from < used; from += 100) {
    const batch = [];
    for (let i = from; i < Math.min(used, from + 100); i++) batch.push([addressAt(0, i).address, sats('0.01')]);
    await pay.many(batch);
  }
  await ltc.mine(1, `addr(${freshAddress('p2pkh', 99)})`);
  await electrum.synced();
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: MNEMONIC, enable_hd: true }));

  const before = { lines: electrum.lines, requests: electrum.requests.length };
  const started = process.hrtime.bigint();
  const init = await walletd.rpc('task::enable_utxo::init', { ticker: 'LTC-regtest',
    activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl }] } } } });
  const done = await walletd.waitTask('enable_utxo', init.json.result.task_id, 120000);
  const walletdMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (done.status !== 'Ok') throw new Error(JSON.stringify(done));
  const addresses = done.details.wallet_balance.accounts[0].addresses;
  const funded = addresses.filter((a) => a.balance['LTC-regtest'].spendable !== '0').length;
  if (funded !== used) throw new Error(`walletd found ${funded} funded addresses, not ${used}`);
  const walletdTraffic = { lines: electrum.lines - before.lines, requests: electrum.requests.length - before.requests };

  const jsBefore = { lines: electrum.lines, requests: electrum.requests.length };
  const jsStarted = process.hrtime.bigint();
  const js = await jsWallet(electrum.tcpUrl);
  const jsMs = Number(process.hrtime.bigint() - jsStarted) / 1e6;
  if (js.total !== sats('0.01') * BigInt(used)) throw new Error(`the JS wallet found ${js.total} sat`);
  const jsTraffic = { lines: electrum.lines - jsBefore.lines, requests: electrum.requests.length - jsBefore.requests };

  console.log(`HD activation, ${used} used addresses (gap ${GAP}), Electrum over TCP to the test server`);
  console.log('wallet'.padEnd(40), 'wall ms'.padStart(9), 'lines'.padStart(7), 'requests'.padStart(9), 'addresses'.padStart(10));
  console.log('walletd task::enable_utxo'.padEnd(40), walletdMs.toFixed(0).padStart(9), String(walletdTraffic.lines).padStart(7),
    String(walletdTraffic.requests).padStart(9), String(addresses.length).padStart(10));
  console.log('bip32 + bitcoinjs-lib, batched (JS)'.padEnd(40), jsMs.toFixed(0).padStart(9), String(jsTraffic.lines).padStart(7),
    String(jsTraffic.requests).padStart(9), String(js.addresses).padStart(10));
} finally {
  await walletd?.stop();
  await electrum.stop();
  await ltc.stop();
  cleanup(dir);
}
