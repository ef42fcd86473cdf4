// KDF's own clients, verbatim: every request body of tests/clients/corpus (extracted from KDF's
// Flutter SDK, its GUI and KDF's own integration tests; each entry names its source file and
// function) is sent to the real walletd with only tickers, URLs, addresses and the password
// pointed at the local peers (litecoind behind the Electrum test server, ganache with the test
// ERC20, the TRON emulator with the test TRC20). An entry expecting "accepted" must get past
// parsing — a result, or an error that is about the wallet or the peers (NotSufficientBalance,
// Transport, ...), never InvalidRequest / NoSuchMethod or a legacy parse error; an entry that KDF
// itself refuses must be refused with KDF's error type (a legacy request, which has none, must be
// refused; where walletd's words differ from KDF's, the test says so). An entry where walletd
// follows the spec or KDF's newest code rather than the version the client was written against
// carries `divergence` (and `kdf_expect`) saying why. Activation entries run with their coin disabled first, so they activate
// for real; `stop` runs last. The wallet is an HD wallet, as the SDK opens by default.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Wallet, parseEther, parseUnits } from 'ethers';
import { Litecoind } from '../peers/litecoind.mjs';
import { ElectrumServer } from '../peers/electrum-server.mjs';
import { Ganache } from '../peers/ganache.mjs';
import { TronNode } from '../peers/tron-node.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD, repoRoot } from '../support/walletd-process.mjs';
import { makeTestCertificates } from '../peers/tls-proxy.mjs';
import { freshAddress } from '../support/utxo-check.mjs';

const CORPUS = join(repoRoot, 'tests/clients/corpus');
const FILES = ['sdk-flutter.json', 'komodo-wallet.json', 'kdf-tests.json'];
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const TRC20_CONTRACT = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';   // USDT-TRC20-devnet in config/coins.json
const ERC20_CONTRACT = '0xe78A0F7E598Cc8b0Bb87894B0F60dD2a88d6a8Ab'; // TST-ganache
const TICKERS = { UTXO: 'LTC-regtest', UTXO_SEGWIT: 'LTC-regtest-segwit', ETH: 'ETH-ganache', ERC20: 'TST-ganache',
  TRX: 'TRX-devnet', TRC20: 'USDT-TRC20-devnet' };
// A real Litecoin transaction would do as well: send_raw_transaction's parser takes any hex, the
// node judges it. This one spends nothing the regtest chain knows (the node refuses it).
const TX_HEX = '0100000001' + 'ab'.repeat(32) + '00000000' + '00' + 'ffffffff' + '01' +
  '1027000000000000' + '1976a914' + '11'.repeat(20) + '88ac' + '00000000';

// Request-shape refusals: what "accepted" must never be.
const SHAPE_ERRORS = new Set(['InvalidRequest', 'NoSuchMethod', 'InvalidMmRpcVersion']);
const LEGACY_SHAPE = /Error parsing request|unknown field|missing field|invalid type|unknown variant|No such method/;

const entries = FILES.flatMap((file) => JSON.parse(readFileSync(join(CORPUS, file), 'utf8'))
  .map((entry, index) => ({ ...entry, file, index })));

const skip = Litecoind.skipReason();
let ltc, electrum, ganache, tron, walletd, dir, values;

before(async () => {
  if (skip) return;
  ltc = await Litecoind.start();
  dir = tempDir('walletd-corpus-');
  const certs = makeTestCertificates(dir);
  electrum = await ElectrumServer.start({ ltc, pollMs: 50, tls: { cert: certs.cert, key: certs.key } });
  ganache = await Ganache.start();
  const owner = new Wallet((await import('../peers/ganache.mjs')).FUNDED_KEY).address;
  const token = await ganache.deployErc20({ supply: parseEther('1000'), owner });
  assert.equal(token, ERC20_CONTRACT);
  tron = await TronNode.start();
  tron.deployToken(TRC20_CONTRACT);
  await electrum.synced();
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: MNEMONIC, enable_hd: true }),
    { env: { SSL_CERT_FILE: certs.ca } });
  const ethTx = await new Wallet('0x' + '42'.repeat(32)).signTransaction({ to: owner, value: 1n, gasLimit: 21000n,
    gasPrice: parseUnits('1', 'gwei'), nonce: 0, chainId: 1337 });
  values = {
    USERPASS: PASSWORD, ...TICKERS, ELECTRUM: electrum.tcpUrl, ELECTRUM_WSS: electrum.wssUrl ?? electrum.wsUrl,
    ETH_URL: ganache.url, ETH_WS_URL: ganache.url.replace('http', 'ws'), TRON_URL: tron.url,
    UTXO_ADDRESS: freshAddress('p2pkh', 21), UTXO_SEGWIT_ADDRESS: freshAddress('p2wpkh', 22),
    ETH_ADDRESS: owner, TRX_ADDRESS: 'TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K', KMD_ADDRESS: 'RNTv4xTLLm26p3SvsQCBy9qNK7s1RgGYSB',
    ERC20_CONTRACT, TX_HEX, ETH_TX_HEX: ethTx, TX_HASH: 'ab'.repeat(32),
    BCHD_URL: 'https://bchd.invalid:8335', // walletd asks no BCHD server (no SLP)
  };
  await activateAll();
});

after(async () => {
  await walletd?.stop();
  await electrum?.stop();
  await ganache?.stop();
  await tron?.stop();
  await ltc?.stop();
  if (dir) cleanup(dir);
});

/** The entry's request with every ${NAME} replaced (inside strings; a whole-string one keeps its type). */
function substitute(value) {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Z0-9_]+)\}/g, (_, name) => {
      if (!(name in values)) throw new Error(`no value for \${${name}}`);
      return values[name];
    });
  }
  if (Array.isArray(value)) return value.map(substitute);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v)]));
  return value;
}

async function waitTask(family, taskId) {
  const res = await walletd.waitTask(family, taskId, 60000).catch(() => undefined);
  return res;
}

/** Activates the runner's coins (each activation entry disables its own coin first). */
async function activateAll() {
  const active = new Set(((await walletd.rpc('get_enabled_coins', undefined)).json?.result?.coins ?? []).map((c) => c.ticker));
  for (const ticker of [TICKERS.UTXO, TICKERS.UTXO_SEGWIT]) {
    if (active.has(ticker)) continue;
    const init = await walletd.rpc('task::enable_utxo::init', { ticker,
      activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: electrum.tcpUrl }] } } } });
    assert.equal(init.status, 200, init.text);
    assert.equal((await waitTask('enable_utxo', init.json.result.task_id))?.status, 'Ok');
  }
  if (!active.has(TICKERS.ETH)) {
    const r = await walletd.rpc('enable_eth_with_tokens', { ticker: TICKERS.ETH, nodes: [{ url: ganache.url }],
      erc20_tokens_requests: [{ ticker: TICKERS.ERC20 }] });
    assert.equal(r.status, 200, r.text);
  } else if (!active.has(TICKERS.ERC20)) {
    const r = await walletd.rpc('enable_erc20', { ticker: TICKERS.ERC20, activation_params: {} });
    assert.equal(r.status, 200, r.text);
  }
  if (!active.has(TICKERS.TRX)) {
    const r = await walletd.rpc('enable_eth_with_tokens', { ticker: TICKERS.TRX, nodes: [{ url: tron.url }],
      erc20_tokens_requests: [{ ticker: TICKERS.TRC20 }] });
    assert.equal(r.status, 200, r.text);
  }
}

const ACTIVATIONS = /^(electrum|enable|enable_eth_with_tokens|enable_erc20|task::enable_(utxo|eth)::init)$/;

/** The ticker an activation entry activates (to disable it first). */
function activatedTicker(request) {
  const params = request.params ?? request;
  return params.ticker ?? params.coin;
}

async function send(request) {
  try {
    return await walletd.post(request);
  } catch (e) {
    throw new Error(`${e.message}; walletd's stderr: ${walletd.stderr.slice(-1500)}`);
  }
}

/** Why the answer is a request-shape refusal, or undefined. */
function shapeRefusal(res) {
  const bodies = Array.isArray(res.json) ? res.json : [res.json];
  for (const body of bodies) {
    if (body === undefined) return `not JSON: ${res.text.slice(0, 200)}`;
    if (body.error_type && SHAPE_ERRORS.has(body.error_type)) return `${body.error_type}: ${body.error}`;
    if (!body.mmrpc && typeof body.error === 'string' && LEGACY_SHAPE.test(body.error)) return body.error;
  }
  return undefined;
}

for (const entry of entries) {
  const request = entry.request;
  const method = Array.isArray(request) ? 'batch' : request.method;
  const name = `${entry.file}#${entry.index} ${method} — ${entry.source.path.split('/').pop()} ${entry.source.function ?? ''}`;
  const isStop = method === 'stop';
  test(name, { skip: skip || (isStop && 'stop runs in the last test') }, async (t) => {
    const body = substitute(request);
    if (!Array.isArray(body) && ACTIVATIONS.test(method)) {
      await walletd.rpc('disable_coin', { coin: activatedTicker(body) });
    }
    const res = await send(body);
    try {
      if (entry.expect === 'accepted') {
        assert.equal(shapeRefusal(res), undefined, `refused as a request shape (HTTP ${res.status}): ${res.text.slice(0, 400)}`);
        if (/^task::enable_/.test(method) && res.json?.result?.task_id !== undefined) {
          await waitTask(method.split('::')[1], res.json.result.task_id);
        }
      } else if (entry.expect.error_type) {
        assert.equal(res.json?.error_type, entry.expect.error_type, res.text.slice(0, 400));
      } else {
        // A legacy refusal has no error type: it must be refused; KDF's wording is reported.
        assert.equal(typeof res.json?.error, 'string', res.text.slice(0, 400));
        if (!res.json.error.includes(entry.expect.legacy_error)) {
          t.diagnostic(`KDF's text contains "${entry.expect.legacy_error}"; walletd's: ${res.json.error.slice(0, 200)}`);
        }
      }
    } finally {
      await activateAll();
    }
  });
}

test('stop (the corpus\'s own requests): walletd answers and exits cleanly', { skip }, async () => {
  const stops = entries.filter((e) => e.request.method === 'stop');
  assert.ok(stops.length > 0);
  const res = await send(substitute(stops[0].request));
  assert.equal(shapeRefusal(res), undefined, res.text);
  assert.equal(res.status, 200, res.text);
  const exit = await Promise.race([walletd.exited, new Promise((r) => setTimeout(() => r('still running'), 10000))]);
  assert.deepEqual(exit, { code: 0, signal: null });
});

test('the corpus: at least 150 requests from three sources, each naming its file and function', () => {
  assert.ok(entries.length >= 150, `${entries.length} entries`);
  const repos = new Set(entries.map((e) => e.source.repo));
  assert.ok(repos.size >= 3, [...repos].join(', '));
  for (const e of entries) assert.ok(e.source.repo && e.source.path, `${e.file}#${e.index} names no source`);
});
