// KDF's own clients, verbatim: every request body of tests/clients/corpus (extracted from KDF's
// Flutter SDK, its GUI and KDF's own integration tests; each entry names its source file and
// function) is sent to the real walletd with only tickers, URLs, addresses and the password
// pointed at the local peers (litecoind behind the Electrum test server, ganache with the test
// ERC20, the TRON emulator with the test TRC20, two CometBFT emulators: ATOM on cosmoshub-4 and
// IRIS on irishub-1 with the IBC token ATOM-IBC_IRIS). An entry expecting "accepted" must get past
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
import { startCometNode } from '../peers/cometbft-node.mjs';
import { DirectSecp256k1HdWallet, DirectSecp256k1Wallet, makeAuthInfoBytes, makeSignDoc, encodePubkey, Registry } from '@cosmjs/proto-signing';
import { encodeSecp256k1Pubkey } from '@cosmjs/amino';
import { stringToPath, sha256 } from '@cosmjs/crypto';
import { toHex } from '@cosmjs/encoding';
import { defaultRegistryTypes } from '@cosmjs/stargate';
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';

const CORPUS = join(repoRoot, 'tests/clients/corpus');
const FILES = ['sdk-flutter.json', 'komodo-wallet.json', 'kdf-tests.json'];
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const TRC20_CONTRACT = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';   // USDT-TRC20-devnet in config/coins.json
const ERC20_CONTRACT = '0xe78A0F7E598Cc8b0Bb87894B0F60dD2a88d6a8Ab'; // TST-ganache
const TICKERS = { UTXO: 'LTC-regtest', UTXO_SEGWIT: 'LTC-regtest-segwit', ETH: 'ETH-ganache', ERC20: 'TST-ganache',
  TRX: 'TRX-devnet', TRC20: 'USDT-TRC20-devnet', TENDERMINT: 'ATOM', IBC_PLATFORM: 'IRIS', IBC_TOKEN: 'ATOM-IBC_IRIS' };
const ATOM_IBC_DENOM = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
// Tendermint destinations: a cosmos1 address, an osmo1 one (IBC from ATOM on the coins file's
// channel 141), an iaa1 one; a Cosmos Hub validator for the staking entries.
const TENDERMINT_ADDRESS = 'cosmos1svaw0aqc4584x825ju7ua03g5xtxwd0ahl86hz';
const TENDERMINT_IBC_ADDRESS = 'osmo16drqvl3u8sukfsu4lm3qsk28jr3fahjac4rdw4';
const IBC_PLATFORM_ADDRESS = 'iaa16drqvl3u8sukfsu4lm3qsk28jr3fahja9vsv6k';
const TENDERMINT_VALIDATOR = 'cosmosvaloper1c4k24jzduc365kywrsvf5ujz4ya6mwympnc4en';
const TENDERMINT_PLATFORMS = new Set([TICKERS.TENDERMINT, TICKERS.IBC_PLATFORM]);
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
let ltc, electrum, ganache, tron, atom, iris, walletd, dir, values;

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
  ({ atom, iris } = await startTendermintPeers());
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
    TENDERMINT_URL: atom.url, IBC_PLATFORM_URL: iris.url, TENDERMINT_ADDRESS, TENDERMINT_IBC_ADDRESS, IBC_PLATFORM_ADDRESS,
    TENDERMINT_VALIDATOR, TENDERMINT_TX_HEX: await foreignCosmosTx(),
  };
  await activateAll();
});

after(async () => {
  await walletd?.stop();
  await electrum?.stop();
  await ganache?.stop();
  await tron?.stop();
  await atom?.stop();
  await iris?.stop();
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

/**
 * The two CometBFT emulators: ATOM (cosmoshub-4, its channel 141 to Osmosis open) and IRIS
 * (irishub-1, channel 0 to the Hub open), the walletd HD wallet's first two addresses funded on
 * both (IRIS also with the IBC token), and a validator on ATOM for the staking entries.
 */
async function startTendermintPeers() {
  const atomNode = await startCometNode({ chainId: 'cosmoshub-4', denom: 'uatom', prefix: 'cosmos' });
  const irisNode = await startCometNode({ chainId: 'irishub-1', denom: 'uiris', prefix: 'iaa', valoperPrefix: 'iva' });
  for (const index of [0, 1]) {
    const path = stringToPath(`m/44'/118'/0'/0/${index}`);
    const [cosmos] = await (await DirectSecp256k1HdWallet.fromMnemonic(MNEMONIC, { prefix: 'cosmos', hdPaths: [path] })).getAccounts();
    const [iaa] = await (await DirectSecp256k1HdWallet.fromMnemonic(MNEMONIC, { prefix: 'iaa', hdPaths: [path] })).getAccounts();
    atomNode.fund(cosmos.address, 100_000_000n);
    irisNode.fund(iaa.address, 100_000_000n);
    irisNode.fund(iaa.address, 10_000_000n, ATOM_IBC_DENOM);
  }
  atomNode.setChannel('channel-141', 'OPEN', 'osmosis-1');
  irisNode.setChannel('channel-0', 'OPEN', 'cosmoshub-4');
  atomNode.addValidator({ operatorAddress: TENDERMINT_VALIDATOR, moniker: 'corpus validator' });
  return { atom: atomNode, iris: irisNode };
}

/** A signed Cosmos Hub MsgSend from an account the chain does not know (the node refuses it). */
async function foreignCosmosTx() {
  const wallet = await DirectSecp256k1Wallet.fromKey(sha256(new TextEncoder().encode('corpus foreign key')), 'cosmos');
  const [account] = await wallet.getAccounts();
  const registry = new Registry(defaultRegistryTypes);
  const bodyBytes = registry.encodeTxBody({ messages: [{ typeUrl: '/cosmos.bank.v1beta1.MsgSend',
    value: { fromAddress: account.address, toAddress: TENDERMINT_ADDRESS, amount: [{ denom: 'uatom', amount: '1000' }] } }], memo: '' });
  const authInfoBytes = makeAuthInfoBytes([{ pubkey: encodePubkey(encodeSecp256k1Pubkey(account.pubkey)), sequence: 0 }],
    [{ denom: 'uatom', amount: '2500' }], 125000, undefined, undefined);
  const { signed, signature } = await wallet.signDirect(account.address, makeSignDoc(bodyBytes, authInfoBytes, 'cosmoshub-4', 0));
  return toHex(TxRaw.encode(TxRaw.fromPartial({ bodyBytes: signed.bodyBytes, authInfoBytes: signed.authInfoBytes,
    signatures: [Buffer.from(signature.signature, 'base64')] })).finish());
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
  if (!active.has(TICKERS.TENDERMINT)) {
    const r = await walletd.rpc('enable_tendermint_with_assets', { ticker: TICKERS.TENDERMINT, nodes: [{ url: atom.url }],
      tokens_params: [] });
    assert.equal(r.status, 200, r.text);
  }
  if (!active.has(TICKERS.IBC_PLATFORM) || !active.has(TICKERS.IBC_TOKEN)) {
    // IRIS with its token, again from scratch if an entry left the token disabled.
    if (active.has(TICKERS.IBC_PLATFORM)) await walletd.rpc('disable_coin', { coin: TICKERS.IBC_PLATFORM, force_disable: true });
    const r = await walletd.rpc('enable_tendermint_with_assets', { ticker: TICKERS.IBC_PLATFORM, nodes: [{ url: iris.url }],
      tokens_params: [{ ticker: TICKERS.IBC_TOKEN }] });
    assert.equal(r.status, 200, r.text);
  }
}

const ACTIVATIONS = /^(electrum|enable|enable_eth_with_tokens|enable_erc20|task::enable_(utxo|eth|tendermint)::init|enable_tendermint_with_assets|enable_tendermint_token)$/;

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
      // A Tendermint platform goes with its token (force_disable): these entries activate a
      // platform from scratch, not a passivized one.
      const ticker = activatedTicker(body);
      await walletd.rpc('disable_coin', { coin: ticker, ...(TENDERMINT_PLATFORMS.has(ticker) ? { force_disable: true } : {}) });
    }
    const res = await send(body);
    try {
      if (entry.expect === 'accepted') {
        assert.equal(shapeRefusal(res), undefined, `refused as a request shape (HTTP ${res.status}): ${res.text.slice(0, 400)}`);
        // An answer about the wallet or the peers counts as accepted; which one it was is reported.
        if (res.status !== 200) t.diagnostic(`HTTP ${res.status} ${res.json?.error_type ?? ''}: ${String(res.json?.error ?? res.text).slice(0, 160)}`);
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
