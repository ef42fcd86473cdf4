// TRX transfers built, signed and serialised per second: walletd core native, walletd wasm under
// node, tronweb (transactionBuilder offline with txLocal against a stub that answers getblock, then
// trx.sign) — one run, side by side. walletd's sample is checked with tronweb first (canonical
// encoding, txID, signer, amount).
// Usage: node bench/tron_signing/run.mjs [seconds per figure, default 2]
import { createServer } from 'node:http';
import { TronWeb } from 'tronweb';
import { checkTronTransaction } from '../../tests/support/tron-check.mjs';
import { runCoreBench } from '../core_bench.mjs';

const seconds = Number(process.argv[2] ?? 2);
const KEY = '46'.repeat(32);
const ME = TronWeb.address.fromPrivateKey(KEY);
const TO = 'TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K';

function walletd(kind) {
  const result = runCoreBench('tron_signing_bench', seconds, kind);
  if (!result) return null;
  const checked = checkTronTransaction(result.sample);
  if (checked.signer !== ME || checked.contract.to !== TO || checked.contract.amount !== 1000000n) {
    throw new Error(`tronweb does not accept walletd ${kind}'s transaction ${result.sample}`);
  }
  return result.trx_signed_per_s;
}

// tronweb needs a node for the reference block even with txLocal: a stub answering getblock.
async function tronwebRate() {
  const block = { blockID: '00000000042c1d80a1b2c3d4e5f6071800000000000000000000000000000000',
    block_header: { raw_data: { number: 70000000, timestamp: 1735689600000 } } };
  const server = createServer((req, res) => { req.resume(); req.on('end', () => res.end(JSON.stringify(block))); });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  try {
    const tronweb = new TronWeb({ fullHost: `http://127.0.0.1:${server.address().port}` });
    const ref = await tronweb.trx.getCurrentRefBlockParams();
    let n = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0;
    do {
      for (let k = 0; k < 20; k++) {
        const tx = await tronweb.transactionBuilder.sendTrx(TO, 1000000 + n++, ME, { txLocal: true, blockHeader: ref });
        await tronweb.trx.sign(tx, KEY);
      }
      elapsed = Number(process.hrtime.bigint() - start) / 1e9;
    } while (elapsed < seconds);
    return n / elapsed;
  } finally {
    server.close();
  }
}

const rows = [['walletd native', walletd('native')], ['walletd wasm (node)', walletd('wasm')],
  ['tronweb sendTrx(txLocal) + trx.sign', await tronwebRate()]];
console.log(`TRX transfers built + signed + serialised per second (${seconds} s per figure)`);
for (const [name, value] of rows) console.log(name.padEnd(38), value == null ? '—' : Math.round(value).toLocaleString('en-US'));
console.log('targets: native >= 25,000/s, wasm >= 10,000/s');
