// KDF's documented Tendermint requests, run against the real walletd and the CometBFT emulator
// (tests/peers/cometbft-node.mjs): every non-staking Tendermint example of KDF's documentation
// (KomodoPlatform/komodo-docs-mdx, pages and commits in SOURCES below) is sent as documented,
// except what must point at the emulator — the node URLs (`url`, `api_url`, `grpc_url`, `ws_url`),
// the documented wallet's addresses (its iaa/cosmos/osmo addresses become this wallet's), task
// ids and `userpass` — and must be accepted as KDF accepts it. Where the page shows a response,
// the answer must have its keys and JSON types (values differ: another key, another chain), and
// where a documented value follows from the request and the emulator (balances funded as
// documented, received_by_me of a send to oneself, fee rules) that value too. Documented errors
// are reproduced where the emulator or the coins file can reproduce them; a documented error
// shows no request, so its request is the nearest documented example with the one field the
// error is about changed (each test says which).
//
// Doc inconsistencies (the note /work/shared/notes/tendermint.md, 18.3): the memo example asks
// for gas_limit 150000 but its transaction carries 100000, the IBC example 150000 but 1500000;
// walletd's transaction carries what the request asks, as KDF's code does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCometNode } from '../peers/cometbft-node.mjs';
import { checkCosmosTx, iguanaCosmosKey } from '../support/cosmos-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD, repoRoot } from '../support/walletd-process.mjs';

const DOCS = 'KomodoPlatform/komodo-docs-mdx';
const API = 'src/pages/komodo-defi-framework/api';
const SOURCES = {
  enableWithAssets: { repo: DOCS, path: `${API}/v20/coin_activation/enable_tendermint_with_assets/index.mdx`, commit: 'c6bc0bdce94caec6f8a270bc4594ae219b63285d' },
  enableToken: { repo: DOCS, path: `${API}/v20/coin_activation/enable_tendermint_token/index.mdx`, commit: '012466be2f3df9b95fd62e5251584db2d071a6ce',
    note: 'the newer 50fa4015… page takes the same request from src/data/requests/kdf/v2/coin_activation.json (EnableTendermintTokenBasic) @ d0200f49…' },
  taskInit: { repo: DOCS, path: `${API}/v20/coin_activation/task_managed/enable_tendermint/init/index.mdx`, commit: '012466be2f3df9b95fd62e5251584db2d071a6ce' },
  taskStatus: { repo: DOCS, path: `${API}/v20/coin_activation/task_managed/enable_tendermint/status/index.mdx`, commit: 'f101002a9a791d70a1a7def6bd5152b2cdcc6a86' },
  taskUserAction: { repo: DOCS, path: `${API}/v20/coin_activation/task_managed/enable_tendermint/user_action/index.mdx`, commit: 'f101002a9a791d70a1a7def6bd5152b2cdcc6a86' },
  taskCancel: { repo: DOCS, path: `${API}/v20/coin_activation/task_managed/enable_tendermint/cancel/index.mdx`, commit: 'f101002a9a791d70a1a7def6bd5152b2cdcc6a86' },
  withdraw: { repo: DOCS, path: `${API}/v20/wallet/tx/withdraw/index.mdx`, commit: '05cd1dc94abe96ac0254452648a2cf8027cf35bb' },
  sendRaw: { repo: DOCS, path: `${API}/legacy/send_raw_transaction/index.mdx`, commit: '012466be2f3df9b95fd62e5251584db2d071a6ce',
    note: 'its only example is KMD; sent here with IRIS and a transaction walletd signed (src/data/requests/kdf/legacy/wallet.json @ 50fa4015… has no Tendermint one either)' },
  disableCoin: { repo: DOCS, path: `${API}/legacy/disable_coin/index.mdx`, note: 'the legacy {method, coin} example, as kdf-doc-examples-evm sends it' },
};
void SOURCES;  // the citations; each test names the page it replays

const PASSPHRASE = 'iris test seed';
const ATOM_IBC = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const DOC_USERPASS = 'RPC_UserP@SSW0RD';
// The documented wallet (one key, pubkey 03d8064e…): its addresses on the three chains.
const DOC_IRIS = 'iaa16drqvl3u8sukfsu4lm3qsk28jr3fahja9vsv6k';
const DOC_COSMOS = 'cosmos16drqvl3u8sukfsu4lm3qsk28jr3fahjaswsac8';
const DOC_OSMO = 'osmo16drqvl3u8sukfsu4lm3qsk28jr3fahjac4rdw4';
const MEMO = 'It was a bright cold day in April, and the clocks were striking thirteen.';
const IBC_MEMO = 'In the blackest of your moments, wait with no fear.';

let iris, atom, walletd, dir, me, replacements;

before(async () => {
  me = { iris: (await iguanaCosmosKey(PASSPHRASE, 'iaa')).address, cosmos: (await iguanaCosmosKey(PASSPHRASE, 'cosmos')).address,
    osmo: (await iguanaCosmosKey(PASSPHRASE, 'osmo')).address };
  iris = await startCometNode({ chainId: 'irishub-1', denom: 'uiris', prefix: 'iaa', valoperPrefix: 'iva' });
  atom = await startCometNode({ chainId: 'cosmoshub-4', denom: 'uatom', prefix: 'cosmos' });
  // The documented balances (get_balances true example: 44.147264 IRIS, 0.028306 ATOM-IBC_IRIS;
  // the ATOM WalletConnect example: 1.003381 ATOM).
  iris.fund(me.iris, 44_147_264n);
  iris.fund(me.iris, 28_306n, ATOM_IBC);
  atom.fund(me.cosmos, 1_003_381n);
  atom.setChannel('channel-141', 'OPEN', 'osmosis-1');
  replacements = new Map([
    [DOC_USERPASS, PASSWORD],
    ['https://iris-rpc.alpha.komodo.earth/', iris.url], ['https://iris-api.alpha.komodo.earth/', iris.url],
    ['https://iris-grpc.alpha.komodo.earth/', iris.url], ['wss://iris-rpc.alpha.komodo.earth/websocket', iris.wsUrl],
    ['https://rpc.irishub-1.irisnet.org', iris.url],
    ['https://cosmos-rpc.alpha.komodo.earth/', atom.url], ['https://cosmos-api.alpha.komodo.earth/', atom.url],
    ['https://cosmos-grpc.alpha.komodo.earth/', atom.url], ['wss://cosmos-rpc.alpha.komodo.earth/websocket', atom.wsUrl],
    ['https://cosmoshub.rpc.stakin-nodes.com/', atom.url],
    [DOC_IRIS, me.iris], [DOC_COSMOS, me.cosmos], [DOC_OSMO, me.osmo],
  ]);
  dir = tempDir();
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: PASSPHRASE }));
});

after(async () => {
  await walletd?.stop();
  await iris?.stop();
  await atom?.stop();
  if (dir) cleanup(dir);
});

/** The documented body with only the documented URLs, addresses and userpass pointed here. */
function pointed(value) {
  if (typeof value === 'string') return replacements.has(value) ? replacements.get(value) : value;
  if (Array.isArray(value)) return value.map(pointed);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pointed(v)]));
  return value;
}
const send = (documented, server = walletd) => server.post(pointed(documented));
const forceDisable = (coin) => walletd.rpc('disable_coin', { coin, force_disable: true });

// Key sets and JSON types, with ticker- and address-keyed maps collapsed to one '*' entry.
const KEYED = new Set(['tokens_balances', 'balances']);
function shape(value, parent = '') {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value === null || typeof value !== 'object') return value === null ? 'null' : typeof value;
  const out = {};
  for (const [k, v] of Object.entries(value)) out[KEYED.has(parent) ? '*' : k] = shape(v, k);
  return out;
}
/** Decimal string arithmetic in base units (6 decimals): '13.005416' ↔ 13005416n. */
const units = (text) => { const [i, f = ''] = text.replace('-', '').split('.'); const v = BigInt(i + f.padEnd(6, '0')); return text.startsWith('-') ? -v : v; };
const decimal = (u) => { const s = (u < 0n ? -u : u).toString().padStart(7, '0'); const t = `${s.slice(0, -6)}.${s.slice(-6)}`.replace(/\.?0+$/, ''); return (u < 0n ? '-' : '') + t; };
const kdfFee = (gasUsed, price) => BigInt(Math.ceil(gasUsed * 1.5 * price));

// ---- enable_tendermint_with_assets (SOURCES.enableWithAssets) ----

const NODES_IRIS = [
  { url: 'https://iris-rpc.alpha.komodo.earth/', api_url: 'https://iris-api.alpha.komodo.earth/',
    grpc_url: 'https://iris-grpc.alpha.komodo.earth/', ws_url: 'wss://iris-rpc.alpha.komodo.earth/websocket' },
  { url: 'https://rpc.irishub-1.irisnet.org', komodo_proxy: false },
];
const balancesFalse = { method: 'enable_tendermint_with_assets', userpass: DOC_USERPASS, mmrpc: '2.0',
  params: { ticker: 'IRIS', tokens_params: [{ ticker: 'ATOM-IBC_IRIS' }], nodes: NODES_IRIS, tx_history: true, get_balances: false } };
const balancesTrue = { method: 'enable_tendermint_with_assets', userpass: DOC_USERPASS, mmrpc: '2.0',
  params: { ticker: 'IRIS', tokens_params: [{ ticker: 'ATOM-IBC_IRIS' }], nodes: NODES_IRIS, get_balances: true } };
const walletConnect = { userpass: DOC_USERPASS, method: 'enable_tendermint_with_assets', mmrpc: '2.0', params: {
  ticker: 'ATOM', tx_history: true, get_balances: true,
  activation_params: { priv_key_policy: { type: 'WalletConnect', data: '3569914dd09a5cc4ac92dedab354f06ff5db17ef616233a8ba562cbea51269fd' } },
  nodes: [{ url: 'https://cosmos-rpc.alpha.komodo.earth/', api_url: 'https://cosmos-api.alpha.komodo.earth/',
    grpc_url: 'https://cosmos-grpc.alpha.komodo.earth/', ws_url: 'wss://cosmos-rpc.alpha.komodo.earth/websocket' },
  { url: 'https://cosmoshub.rpc.stakin-nodes.com/' }],
  tokens_params: [] } };
const documentedBalancesFalse = { mmrpc: '2.0', result: { ticker: 'IRIS', address: DOC_IRIS, current_block: 19769628,
  tokens_tickers: ['ATOM-IBC_IRIS'] }, id: null };
const documentedBalancesTrue = { mmrpc: '2.0', result: { ticker: 'IRIS', address: DOC_IRIS, current_block: 19769638,
  balance: { spendable: '44.147264', unspendable: '0' }, tokens_balances: { 'ATOM-IBC_IRIS': { spendable: '0.028306', unspendable: '0' } } }, id: null };

test('documented get_balances:false example: ticker, address, current_block and tokens_tickers only; again: PlatformIsAlreadyActivated', async (t) => {
  t.after(() => forceDisable('IRIS'));
  const res = await send(balancesFalse);
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(shape(res.json), shape(documentedBalancesFalse));
  assert.deepEqual(res.json.result, { ticker: 'IRIS', address: me.iris, current_block: iris.height, tokens_tickers: ['ATOM-IBC_IRIS'] });

  // The documented PlatformIsAlreadyActivated error: the bare ticker as error and error_data.
  const again = await send(balancesTrue);
  assert.equal(again.status, 400, again.text);
  assert.equal(again.json.error_type, 'PlatformIsAlreadyActivated');
  assert.equal(again.json.error, 'IRIS');
  assert.equal(again.json.error_data, 'IRIS');
});

test('documented get_balances:true example answers the documented balances (funded as documented)', async (t) => {
  t.after(() => forceDisable('IRIS'));
  const res = await send(balancesTrue);
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(shape(res.json), shape(documentedBalancesTrue));
  assert.deepEqual(res.json, pointed({ ...documentedBalancesTrue, result: { ...documentedBalancesTrue.result, current_block: iris.height } }));
});

test('documented legacy disable_coin with IRIS\'s token active passivizes IRIS; the documented activation then re-enables it, as KDF', async (t) => {
  // KDF: disable_coin of a platform whose tokens are active passivizes it; enable_*_with_tokens
  // of a passive platform re-enables it (platform_coin_with_tokens.rs
  // re_enable_passive_platform_coin_with_tokens; CoinsContext::add_platform_with_tokens keeps an
  // already active token: entry().or_insert_with). walletd's EVM route does the same
  // (activation_methods.cpp: tokensNotActive skips a passive platform's tokens, replacePassive).
  t.after(() => forceDisable('IRIS'));
  assert.equal((await send(balancesTrue)).status, 200);
  const disabled = await send({ userpass: DOC_USERPASS, method: 'disable_coin', coin: 'IRIS' });
  assert.equal(disabled.status, 200, disabled.text);
  assert.equal(disabled.json.result.passivized, true);
  const again = await send(balancesTrue);
  assert.equal(again.status, 200, `re-enabling the passive IRIS with its token: ${again.text}`);
  assert.deepEqual(shape(again.json), shape(documentedBalancesTrue));
  const balance = await send({ userpass: DOC_USERPASS, method: 'my_balance', coin: 'IRIS' });
  assert.equal(balance.status, 200, `my_balance of the re-enabled IRIS: ${balance.text}`);
  assert.equal(balance.json.balance, '44.147264');
});

test('documented WalletConnect example (ATOM): refused — the wallet\'s own key only — without quoting the request', async () => {
  // KDF itself refuses this body: its activation_params is {type, params} (adjacently tagged
  // TendermintPubkeyActivationParams), so {priv_key_policy: …} fails parsing with InvalidRequest
  // (missing field `type`). walletd refuses any activation_params with PrivKeyPolicyNotAllowed.
  const res = await send(walletConnect);
  assert.equal(res.status, 400, res.text);
  assert.equal(res.json.result, undefined);
  assert.equal(res.json.error_type, 'PrivKeyPolicyNotAllowed', res.text);
  // docs/security.md: "Error text never quotes the request".
  assert.ok(!res.text.includes('3569914dd09a5cc4'), `the error quotes the request's WalletConnect data: ${res.json.error}`);
  assert.deepEqual((await walletd.rpc('get_enabled_coins', {})).json.result.coins, []);
});

test('documented activation errors: PlatformConfigIsNotFound, TokenConfigIsNotFound, UnexpectedPlatformProtocol, UnexpectedTokenProtocol', async () => {
  // Requests: the get_balances:true example with the ticker the documented error names.
  const cases = [
    [{ ...balancesTrue.params, ticker: 'WALDO' }, 'PlatformConfigIsNotFound', 'Platform WALDO config is not found', 'WALDO'],
    [{ ...balancesTrue.params, tokens_params: [{ ticker: 'GALT' }] }, 'TokenConfigIsNotFound', 'Token GALT config is not found', 'GALT'],
    [{ ...balancesTrue.params, ticker: 'BCH', tokens_params: [] }, 'UnexpectedPlatformProtocol', undefined, undefined],
    [{ ...balancesTrue.params, tokens_params: [{ ticker: 'KMD' }] }, 'UnexpectedTokenProtocol', 'Unexpected token protocol UTXO for KMD',
      { ticker: 'KMD', protocol: { type: 'UTXO' } }],
  ];
  for (const [params, type, error, data] of cases) {
    const res = await send({ ...balancesTrue, params });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.json.error_type, type, res.text);
    if (error !== undefined) assert.equal(res.json.error, error);
    if (data !== undefined) assert.deepEqual(res.json.error_data, data);
  }
  // UnexpectedPlatformProtocol names walletd's BCH entry (KDF's shows its own coins file's).
  const bch = await send({ ...balancesTrue, params: { ...balancesTrue.params, ticker: 'BCH', tokens_params: [] } });
  assert.equal(bch.json.error_data.ticker, 'BCH');
  assert.equal(typeof bch.json.error_data.protocol.type, 'string');
  assert.match(bch.json.error, /^Unexpected platform protocol .+ for BCH$/);
  assert.deepEqual((await walletd.rpc('get_enabled_coins', {})).json.result.coins, []);
});

/** Runs `body` against a second walletd whose coins file is config/coins.json changed by `change`. */
async function withCoinsFile(change, body) {
  const coins = change(JSON.parse(readFileSync(join(repoRoot, 'config/coins.json'), 'utf8')));
  const brokenDir = tempDir();
  writeFileSync(join(brokenDir, 'coins.json'), JSON.stringify(coins));
  const broken = await WalletdProcess.start(writeConfig(brokenDir, { passphrase: PASSPHRASE }), { coinsPath: join(brokenDir, 'coins.json') });
  try {
    await body(broken);
  } finally {
    await broken.stop();
    cleanup(brokenDir);
  }
}

// The documented parse errors come from coins files with a broken entry: a second walletd is
// started with config/coins.json changed that way (the request is the get_balances:true example).
test('documented CoinProtocolParseError: IRIS with protocol null in the coins file', (t) => withCoinsFile(
  (coins) => coins.map((c) => (c.coin === 'IRIS' ? { ...c, protocol: null } : c)),
  async (broken) => {
    const res = await send(balancesTrue, broken);
    assert.equal(res.status, 500, res.text);
    assert.equal(res.json.error_type, 'CoinProtocolParseError', res.text);
    assert.deepEqual(Object.keys(res.json.error_data).sort(), ['error', 'ticker']);
    assert.equal(res.json.error_data.ticker, 'IRIS');
    assert.equal(typeof res.json.error_data.error, 'string');
    // KDF: "Platform coin IRIS protocol parsing failed: invalid type: null, expected adjacently
    // tagged enum CoinProtocol" (serde's words); walletd names the entry and the field.
    t.diagnostic(`walletd: ${res.json.error}`);
  }));

test('documented TokenProtocolParseError: a token whose protocol type is WOOF (no such protocol)', (t) => withCoinsFile(
  (coins) => [...coins, { coin: 'BABYDOGE-BEP20', decimals: 9, protocol: { type: 'WOOF', protocol_data: { platform: 'IRIS' } } }],
  async (broken) => {
    // The documented text: "Token BABYDOGE-BEP20 protocol parsing failed: unknown variant `WOOF`,
    // expected one of `UTXO`, `QTUM`, …" — KDF's CoinProtocol has no such variant, so the entry
    // fails to parse; it is not a known protocol of the wrong kind (UnexpectedTokenProtocol).
    const res = await send({ ...balancesTrue, params: { ...balancesTrue.params, tokens_params: [{ ticker: 'BABYDOGE-BEP20' }] } }, broken);
    assert.equal(res.status, 500, res.text);
    assert.equal(res.json.error_type, 'TokenProtocolParseError', res.text);
    assert.equal(res.json.error_data.ticker, 'BABYDOGE-BEP20');
    assert.match(res.json.error_data.error, /WOOF/);
    t.diagnostic(`walletd: ${res.json.error}`);
  }));

// ---- enable_tendermint_token (SOURCES.enableToken) ----

const tokenExample = { userpass: DOC_USERPASS, method: 'enable_tendermint_token', mmrpc: '2.0',
  params: { ticker: 'ATOM-IBC_IRIS', activation_params: { required_confirmations: 3 } } };

test('documented enable_tendermint_token example and its three documented errors', async (t) => {
  t.after(() => forceDisable('IRIS'));
  const notActive = await send(tokenExample);
  assert.equal(notActive.json.error_type, 'PlatformCoinIsNotActivated', notActive.text);
  assert.equal(notActive.json.error, 'Platform coin IRIS is not activated');
  assert.equal(notActive.json.error_data, 'IRIS');

  assert.equal((await send({ ...balancesTrue, params: { ...balancesTrue.params, tokens_params: [] } })).status, 200);
  const res = await send(tokenExample);
  assert.equal(res.status, 200, res.text);
  const documented = { mmrpc: '2.0', result: { balances: { [DOC_IRIS]: { spendable: '0.028306', unspendable: '0' } }, platform_coin: 'IRIS' }, id: null };
  assert.deepEqual(shape(res.json), shape(documented));
  assert.deepEqual(res.json, { ...documented, result: { ...documented.result, balances: { [me.iris]: documented.result.balances[DOC_IRIS] } } });

  const twice = await send(tokenExample);
  assert.equal(twice.json.error_type, 'TokenIsAlreadyActivated', twice.text);
  assert.equal(twice.json.error, 'Token ATOM-IBC_IRIS is already activated');
  assert.equal(twice.json.error_data, 'ATOM-IBC_IRIS');
  const unknown = await send({ ...tokenExample, params: { ...tokenExample.params, ticker: 'UP-AND-ATOM' } });
  assert.equal(unknown.json.error_type, 'TokenConfigIsNotFound', unknown.text);
  assert.equal(unknown.json.error, 'Token UP-AND-ATOM config is not found');
  assert.equal(unknown.json.error_data, 'UP-AND-ATOM');
});

// ---- task::enable_tendermint::* (SOURCES.taskInit/taskStatus/taskUserAction/taskCancel) ----

const taskInit = { userpass: DOC_USERPASS, mmrpc: '2.0', method: 'task::enable_tendermint::init',
  params: { ticker: 'IRIS', tokens_params: [{ ticker: 'ATOM-IBC_IRIS' }], nodes: NODES_IRIS } };
const taskStatus = (taskId) => ({ userpass: DOC_USERPASS, mmrpc: '2.0', method: 'task::enable_tendermint::status',
  params: { task_id: taskId, forget_if_finished: false } });
const taskUserAction = (taskId) => ({ userpass: DOC_USERPASS, mmrpc: '2.0', method: 'task::enable_tendermint::user_action',
  params: { task_id: taskId, user_action: { action_type: 'TrezorPin', pin: '862743' } } });
const taskCancel = (taskId) => ({ userpass: DOC_USERPASS, method: 'task::enable_tendermint::cancel', mmrpc: '2.0', params: { task_id: taskId } });

test('documented task::enable_tendermint::init, ::status, ::user_action and ::cancel examples', async (t) => {
  t.after(() => forceDisable('IRIS'));
  const init = await send(taskInit);
  assert.equal(init.status, 200, init.text);
  assert.deepEqual(shape(init.json), shape({ mmrpc: '2.0', result: { task_id: 2 }, id: null }));
  const taskId = init.json.result.task_id;

  let status;
  for (let i = 0; i < 400; i++) {
    status = await send(taskStatus(taskId));
    if (status.json?.result?.status !== 'InProgress') break;
    await new Promise((r) => setTimeout(r, 25));
  }
  assert.equal(status.status, 200, status.text);
  assert.equal(status.json.result.status, 'Ok', status.text);
  // The page's "ready, successful" response shows an EVM-style HD wallet_balance (ticker
  // "TENDERMINT", 0x addresses); KDF's Tendermint task answers its TendermintActivationResult
  // (the same object as enable_tendermint_with_assets, which has no wallet_balance). Its
  // documented keys that KDF's result has — ticker, current_block — must be there, typed as
  // documented; the rest is the get_balances:true result.
  const details = status.json.result.details;
  assert.equal(typeof details.ticker, 'string');
  assert.equal(typeof details.current_block, 'number');
  assert.deepEqual(shape(details), shape(documentedBalancesTrue.result));
  assert.deepEqual(details, pointed({ ...documentedBalancesTrue.result, current_block: iris.height }));

  // user_action: the documented "success" needs a task waiting for a Trezor PIN. A finished task
  // waits for nothing: KDF's on_user_action answers UnexpectedTaskStatus, which
  // init_platform_coin_with_tokens_user_action maps to Internal. The request itself is accepted.
  const action = await send(taskUserAction(taskId));
  assert.equal(action.json.error_type, 'Internal', action.text);
  const noTask = await send(taskUserAction(taskId + 50));
  assert.equal(noTask.json.error_type, 'NoSuchTask', noTask.text);
  assert.equal(noTask.json.error_data, taskId + 50);

  // cancel: the two documented errors (a finished task; the documented task_id 3, which no task has).
  const finished = await send(taskCancel(taskId));
  assert.equal(finished.json.error_type, 'TaskFinished', finished.text);
  assert.equal(finished.json.error, 'Task is finished already');
  assert.equal(finished.json.error_data, taskId);
  assert.notEqual(taskId, 3);
  const none = await send(taskCancel(3));
  assert.equal(none.json.error_type, 'NoSuchTask', none.text);
  assert.equal(none.json.error, "No such task '3'");
  assert.equal(none.json.error_data, 3);

  // cancel's documented "success": a task still running (the node answers slowly).
  await forceDisable('IRIS');
  iris.faults.slowMs = 1500;
  try {
    const slow = await send(taskInit);
    assert.equal(slow.status, 200, slow.text);
    const cancelled = await send(taskCancel(slow.json.result.task_id));
    assert.deepEqual(cancelled.json, { mmrpc: '2.0', result: 'success', id: null });
  } finally {
    iris.faults.slowMs = 0;
  }
  await new Promise((r) => setTimeout(r, 1700));
  const coins = (await walletd.rpc('get_enabled_coins', {})).json.result.coins.map((c) => c.ticker);
  assert.ok(!coins.includes('IRIS'), `a cancelled activation activates nothing: ${coins}`);
});

// ---- withdraw (SOURCES.withdraw) and send_raw_transaction (SOURCES.sendRaw) ----

const memoExample = { mmrpc: '2.0', userpass: DOC_USERPASS, method: 'withdraw', params: {
  coin: 'IRIS', to: DOC_IRIS, amount: 13, memo: MEMO, fee: { type: 'CosmosGas', gas_price: 0.05, gas_limit: 150000 } }, id: 0 };
const ibcExample = { mmrpc: '2.0', userpass: DOC_USERPASS, method: 'withdraw', params: {
  coin: 'ATOM', to: DOC_OSMO, amount: 0.1, memo: IBC_MEMO, ibc_source_channel: 141,
  fee: { type: 'CosmosGas', gas_price: 0.05, gas_limit: 150000 } }, id: 0 };
const documentedMemoWithdraw = {
  tx_hex: '0ade010a8b010a1c2f636f736d6f732e62616e6b2e7631626574613…', tx_hash: 'E00982A2A8442D7140916A34E29E287A0B1CBB4B38940372D1966BA7ACDE5BD6',
  from: [DOC_IRIS], to: [DOC_IRIS], total_amount: '13.038553', spent_by_me: '13.038553', received_by_me: '13',
  my_balance_change: '-0.038553', block_height: 0, timestamp: 0,
  fee_details: { type: 'Tendermint', coin: 'IRIS', amount: '0.038553', gas_limit: 100000 }, coin: 'IRIS',
  internal_id: 'e00982a2a8442d7140916a34e29e287a0b1cbb4b38940372d1966ba7acde5bd6', transaction_type: 'StandardTransfer', memo: MEMO,
};
const documentedIbcWithdraw = {
  tx_hex: '0af9010abc010a292f6962632e6170706c69636174696f6e732e7472…', tx_hash: '06174E488B7BBC35180E841F2D170327BB7DE0A291CA69050D81F82A7CF103CB',
  from: [DOC_COSMOS], to: [DOC_OSMO], total_amount: '0.1173590000000000', spent_by_me: '0.1173590000000000', received_by_me: '0',
  my_balance_change: '-0.1173590000000000', block_height: 0, timestamp: 0,
  fee_details: { type: 'Tendermint', coin: 'ATOM', amount: '0.017359', gas_limit: 1500000 }, coin: 'ATOM',
  internal_id: '06174e488b7bbc35180e841f2d170327bb7de0a291ca69050d81f82a7cf103cb', transaction_type: 'TendermintIBCTransfer', memo: IBC_MEMO,
};

test('documented withdraw "Tendermint coins with a memo and custom gas fee" (IRIS to oneself); send_raw_transaction broadcasts it', async (t) => {
  t.after(() => forceDisable('IRIS'));
  assert.equal((await send(balancesTrue)).status, 200);
  const res = await send(memoExample);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.id, 0);
  const r = res.json.result;
  assert.deepEqual(shape(r), shape(documentedMemoWithdraw));
  const tx = await checkCosmosTx(r.tx_hex, { chainId: 'irishub-1', accountNumber: iris.account(me.iris).accountNumber, prefix: 'iaa' });
  assert.ok(tx.valid);
  assert.equal(tx.hash, r.tx_hash);
  assert.equal(tx.typeUrl, '/cosmos.bank.v1beta1.MsgSend');
  assert.deepEqual(tx.msg, { fromAddress: me.iris, toAddress: me.iris, amount: [{ denom: 'uiris', amount: '13000000' }] });
  assert.equal(tx.memo, MEMO);
  assert.equal(tx.gasLimit, 150000n);
  // The documented relations: a send to oneself receives the amount and loses the fee; the fee
  // is KDF's ceil(gas_used × 1.5 × 0.05) of the simulation.
  const fee = kdfFee(iris.lastSimulation.gasUsed, 0.05);
  assert.equal(tx.fee.amount, fee);
  assert.deepEqual({ from: r.from, to: r.to, received_by_me: r.received_by_me, total_amount: r.total_amount, spent_by_me: r.spent_by_me,
    my_balance_change: r.my_balance_change, block_height: r.block_height, timestamp: r.timestamp, fee_details: r.fee_details,
    coin: r.coin, transaction_type: r.transaction_type, memo: r.memo },
  { from: [me.iris], to: [me.iris], received_by_me: '13', total_amount: decimal(13_000_000n + fee), spent_by_me: decimal(13_000_000n + fee),
    my_balance_change: decimal(-fee), block_height: 0, timestamp: 0,
    fee_details: { type: 'Tendermint', coin: 'IRIS', amount: decimal(fee), gas_limit: 150000 },
    coin: 'IRIS', transaction_type: 'StandardTransfer', memo: MEMO });

  // The legacy send_raw_transaction example (KMD on the page), with IRIS and this transaction.
  const before = iris.balance(me.iris);
  const sent = await send({ userpass: DOC_USERPASS, method: 'send_raw_transaction', coin: 'IRIS', tx_hex: r.tx_hex });
  assert.equal(sent.status, 200, sent.text);
  assert.deepEqual(shape(sent.json), shape({ tx_hash: '0b024ea6997e16387c0931de9f203d534c6b2b8500e4bda2df51a36b52a3ef33' }));
  assert.equal(sent.json.tx_hash, r.tx_hash);
  const committed = iris.txs.find((x) => x.hash === r.tx_hash);
  assert.equal(committed?.code, 0, committed?.log);
  assert.equal(before - iris.balance(me.iris), fee);
});

test('documented withdraw "Tendermint IBC coins" (ATOM → Osmosis on channel 141)', async (t) => {
  t.after(() => forceDisable('ATOM'));
  const enabled = await walletd.rpc('enable_tendermint_with_assets', { ticker: 'ATOM', nodes: [{ url: atom.url }], tokens_params: [] });
  assert.equal(enabled.status, 200, enabled.text);
  const started = Date.now();
  const res = await send(ibcExample);
  assert.equal(res.status, 200, res.text);
  const r = res.json.result;
  assert.deepEqual(shape(r), shape(documentedIbcWithdraw));
  const tx = await checkCosmosTx(r.tx_hex, { chainId: 'cosmoshub-4', accountNumber: atom.account(me.cosmos).accountNumber, prefix: 'cosmos' });
  assert.ok(tx.valid);
  assert.equal(tx.typeUrl, '/ibc.applications.transfer.v1.MsgTransfer');
  assert.equal(tx.msg.sourcePort, 'transfer');
  assert.equal(tx.msg.sourceChannel, 'channel-141');
  assert.deepEqual(tx.msg.token, { denom: 'uatom', amount: '100000' });
  assert.equal(tx.msg.sender, me.cosmos);
  assert.equal(tx.msg.receiver, me.osmo);
  assert.ok(Number(tx.msg.timeoutTimestamp / 1_000_000n) >= started + 899_000, 'KDF\'s 15 minutes');
  assert.equal(tx.memo, IBC_MEMO);
  assert.equal(tx.gasLimit, 150000n);
  // KDF's IBC fee on a platform coin: the simulated fee × 3/2.
  const fee = kdfFee(atom.lastSimulation.gasUsed, 0.05) * 3n / 2n;
  assert.equal(tx.fee.amount, fee);
  assert.equal(units(r.fee_details.amount), fee);
  assert.equal(r.fee_details.gas_limit, 150000);
  assert.equal(units(r.total_amount), 100_000n + fee);
  assert.equal(r.spent_by_me, r.total_amount);
  assert.equal(units(r.my_balance_change), -(100_000n + fee));
  assert.equal(r.received_by_me, '0');
  assert.deepEqual([r.from, r.to, r.coin, r.transaction_type, r.memo, r.timestamp, r.block_height],
    [[me.cosmos], [me.osmo], 'ATOM', 'TendermintIBCTransfer', IBC_MEMO, 0, 0]);
});

test('documented withdraw errors on a Tendermint coin: fee type `Tendermint` and a string CosmosGas gas_price are InvalidRequest', async (t) => {
  t.after(() => forceDisable('IRIS'));
  assert.equal((await send(balancesTrue)).status, 200);
  // Requests: the memo example with the documented offending fee.
  const unknown = await send({ ...memoExample, params: { ...memoExample.params, fee: { type: 'Tendermint', amount: '0.1' } } });
  assert.equal(unknown.status, 400, unknown.text);
  assert.equal(unknown.json.error_type, 'InvalidRequest');
  assert.equal(unknown.json.id, 0);
  assert.match(unknown.json.error, /^Error parsing request: .*unknown variant `Tendermint`, expected one of .*`CosmosGas`/);
  const stringPrice = await send({ ...memoExample, params: { ...memoExample.params, fee: { type: 'CosmosGas', gas_price: '0.1', gas_limit: 150000 } } });
  assert.equal(stringPrice.status, 400, stringPrice.text);
  assert.equal(stringPrice.json.error_type, 'InvalidRequest');
  assert.equal(stringPrice.json.id, 0);
  // KDF's text quotes the value (`invalid type: string "0.1", expected f64`); walletd names the
  // field and never quotes the request (docs/security.md).
  assert.match(stringPrice.json.error, /^Error parsing request: .*gas_price: invalid type: (a )?string/);
  assert.ok(!stringPrice.text.includes('"0.1"'));
});
