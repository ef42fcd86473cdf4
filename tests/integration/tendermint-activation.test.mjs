// Tendermint activation and keys with the real walletd against the CometBFT emulator: the task
// form (KDF's statuses), get_balances false, enable_tendermint_token, KDF's activation errors
// (already active, unknown ticker, a token of another platform, an unreachable node), an HD
// wallet (path_to_address picks the one key; withdraw's `from` signs from another derived
// address, a vesting account there), CometBFT 0.34's deliver_tx, and a node's CheckTx refusal
// carried with its code and log. Addresses and signatures are checked with cosmjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing';
import { stringToPath } from '@cosmjs/crypto';
import { startCometNode } from '../peers/cometbft-node.mjs';
import { checkCosmosTx, iguanaCosmosKey } from '../support/cosmos-check.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

const MNEMONIC = 'economy stock theory fatal elder harbor betray wasp final emotion task crumble siren bottom lizard '
  + 'educate guess current outdoor pair theory focus wife stone';  // cosmjs' faucet
const IRIS_ME = 'iaa1e0rx87mdj79zejewuc4jg7ql9ud2286g2us8f2';  // Iguana 'iris test seed'
const cleanups = [];

async function cosmosAddress(index) {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(MNEMONIC,
    { prefix: 'cosmos', hdPaths: [stringToPath(`m/44'/118'/0'/0/${index}`)] });
  return (await wallet.getAccounts())[0].address;
}

async function startWalletd(overrides) {
  const dir = tempDir();
  const walletd = await WalletdProcess.start(writeConfig(dir, overrides));
  cleanups.push(async () => { await walletd.stop(); cleanup(dir); });
  return walletd;
}

async function startNode(options) {
  const node = await startCometNode(options);
  cleanups.push(() => node.stop());
  return node;
}

after(async () => { for (const c of cleanups.reverse()) await c(); });

let iris, walletd;
before(async () => {
  iris = await startNode({ chainId: 'irishub-1', denom: 'uiris', prefix: 'iaa', valoperPrefix: 'iva' });
  iris.fund(IRIS_ME, 4_500_000n);
  walletd = await startWalletd({ passphrase: 'iris test seed' });
});

test('task::enable_tendermint: InProgress, then Ok with the result; get_balances false lists the token tickers', async () => {
  const init = await walletd.rpc('task::enable_tendermint::init', { ticker: 'IRIS', nodes: [{ url: iris.url, komodo_proxy: false }],
    tokens_params: [{ ticker: 'ATOM-IBC_IRIS' }], get_balances: false });
  assert.equal(init.status, 200, init.text);
  const done = await walletd.waitTask('enable_tendermint', init.json.result.task_id);
  assert.equal(done.status, 'Ok', JSON.stringify(done));
  assert.deepEqual(done.details, { ticker: 'IRIS', address: IRIS_ME, current_block: iris.height, tokens_tickers: ['ATOM-IBC_IRIS'] });
  const again = await walletd.rpc('enable_tendermint_with_assets', { ticker: 'IRIS', nodes: [{ url: iris.url }], tokens_params: [] });
  assert.equal(again.status, 400);
  assert.equal(again.json.error_type, 'PlatformIsAlreadyActivated');
  const token = await walletd.rpc('enable_tendermint_token', { ticker: 'ATOM-IBC_IRIS', activation_params: {} });
  assert.equal(token.json.error_type, 'TokenIsAlreadyActivated', token.text);
  const off = await walletd.rpc('disable_coin', { coin: 'ATOM-IBC_IRIS' });
  assert.equal(off.status, 200, off.text);
  const on = await walletd.rpc('enable_tendermint_token', { ticker: 'ATOM-IBC_IRIS', activation_params: { required_confirmations: 3 } });
  assert.equal(on.status, 200, on.text);
  assert.deepEqual(on.json.result, { balances: { [IRIS_ME]: { spendable: '0', unspendable: '0' } }, platform_coin: 'IRIS' });
  const balance = await walletd.post({ userpass: 'Integration-Test-1', method: 'my_balance', coin: 'IRIS' });
  assert.deepEqual(balance.json, { coin: 'IRIS', balance: '4.5', unspendable_balance: '0', address: IRIS_ME });
});

test('activation errors are KDF\'s: unknown ticker, a token of another platform, an unreachable node', async () => {
  const unknown = await walletd.rpc('enable_tendermint_with_assets', { ticker: 'NOPE', nodes: [{ url: iris.url }], tokens_params: [] });
  assert.equal(unknown.json.error_type, 'PlatformConfigIsNotFound');
  assert.equal((await walletd.rpc('disable_coin', { coin: 'ATOM-IBC_IRIS' })).status, 200);
  const mismatch = await walletd.rpc('enable_tendermint_with_assets', { ticker: 'ATOM', nodes: [{ url: iris.url }],
    tokens_params: [{ ticker: 'ATOM-IBC_IRIS' }] });
  assert.equal(mismatch.status, 400, mismatch.text);
  assert.equal(mismatch.json.error_type, 'PlatformCoinMismatch');
  const notTendermint = await walletd.rpc('enable_tendermint_with_assets', { ticker: 'ETH', nodes: [{ url: iris.url }], tokens_params: [] });
  assert.equal(notTendermint.json.error_type, 'UnexpectedPlatformProtocol');
  const down = await walletd.rpc('enable_tendermint_with_assets', { ticker: 'OSMO', nodes: [{ url: 'http://127.0.0.1:9' }], tokens_params: [] });
  assert.equal(down.status, 500, down.text);
  assert.equal(down.json.error_type, 'PlatformCoinCreationError');
  assert.match(down.json.error, /RpcError/);
  const empty = await walletd.rpc('enable_tendermint_with_assets', { ticker: 'OSMO', nodes: [], tokens_params: [] });
  assert.equal(empty.json.error_type, 'PlatformCoinCreationError');
  assert.match(empty.json.error, /EmptyRpcUrls/);
  const inactive = await walletd.rpc('enable_tendermint_token', { ticker: 'ATOM-IBC_IRIS', protocol: null });
  assert.equal(inactive.json.error_type, 'InvalidRequest', 'activation_params is required, as KDF');
});

test('HD: path_to_address picks the key; `from` signs from another address with its own account number (a vesting account)', async () => {
  const atom = await startNode({ chainId: 'cosmoshub-4', denom: 'uatom', prefix: 'cosmos' });
  const [first, second, third] = [await cosmosAddress(0), await cosmosAddress(1), await cosmosAddress(2)];
  atom.fund(third, 3_000_000n);
  atom.fund(second, 2_000_000n);
  atom.setAccountType(second, 'continuous-vesting');
  const hd = await startWalletd({ passphrase: MNEMONIC, enable_hd: true });
  const res = await hd.rpc('enable_tendermint_with_assets', { ticker: 'ATOM', nodes: [{ url: atom.url }], tokens_params: [],
    path_to_address: { account_id: 0, chain: 'External', address_id: 2 } });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.result.address, third);
  assert.deepEqual(res.json.result.balance, { spendable: '3', unspendable: '0' });
  const sent = await hd.rpc('withdraw', { coin: 'ATOM', to: first, amount: '0.5', broadcast: true,
    from: { derivation_path: "m/44'/118'/0'/0/1" } });
  assert.equal(sent.status, 200, sent.text);
  assert.deepEqual(sent.json.result.from, [second]);
  const tx = await checkCosmosTx(sent.json.result.tx_hex, { chainId: 'cosmoshub-4', accountNumber: atom.account(second).accountNumber, prefix: 'cosmos' });
  assert.ok(tx.valid, 'signed with the vesting account\'s number');
  assert.equal(tx.signer, second);
  assert.equal(atom.balance(first), 500_000n);
  assert.equal(atom.txs.at(-1).code, 0);
  const byIndex = await hd.rpc('withdraw', { coin: 'ATOM', to: first, amount: '0.1', from: { account_id: 0, chain: 'External', address_id: 1 } });
  assert.deepEqual(byIndex.json.result.from, [second]);
  const notCoin = await hd.rpc('withdraw', { coin: 'ATOM', to: first, amount: '0.1', from: { derivation_path: "m/44'/60'/0'/0/1" } });
  assert.equal(notCoin.json.error_type, 'UnexpectedFromAddress');
  const keys = await hd.rpc('get_private_keys', { coins: ['ATOM'], mode: 'hd', start_index: 2, end_index: 2 });
  assert.equal(keys.status, 200, keys.text);
  assert.equal(keys.json.result[0].addresses[0].address, third);
});

test('CometBFT 0.34 (deliver_tx) broadcasts; a CheckTx refusal comes back with the SDK\'s code and log', async () => {
  const old = await startNode({ chainId: 'osmosis-1', denom: 'uosmo', prefix: 'osmo', cometVersion: '0.34', minGasPrice: 1 });
  const hd = await startWalletd({ passphrase: 'iris test seed' });
  const me = (await iguanaCosmosKey('iris test seed', 'osmo')).address;
  const res = await hd.rpc('enable_tendermint_with_assets', { ticker: 'OSMO', nodes: [{ url: old.url }], tokens_params: [] });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.result.address, me);
  old.fund(me, 5_000_000n);
  const cheap = await hd.rpc('withdraw', { coin: 'OSMO', to: me, amount: '1', broadcast: true });
  assert.equal(cheap.status, 502, cheap.text);  // OSMO's 0.5 × 1.5 × gas_used is below 1 uosmo per gas limit
  assert.equal(cheap.json.error_type, 'Transport');
  assert.match(cheap.json.error, /code 13 \(sdk\).*insufficient fee/);
  const priced = await hd.rpc('withdraw', { coin: 'OSMO', to: me, amount: '1', broadcast: true,
    fee: { type: 'CosmosGas', gas_price: 1, gas_limit: 100000 } });
  assert.equal(priced.status, 200, priced.text);
  assert.equal(priced.json.result.received_by_me, '1');
  assert.equal(old.txs.at(-1).code, 0);
});

test('a passive platform (disabled while its token is active) is activated anew with its token', async () => {
  const token = await walletd.rpc('enable_tendermint_token', { ticker: 'ATOM-IBC_IRIS', activation_params: {} });
  assert.equal(token.status, 200, token.text);
  const off = await walletd.rpc('disable_coin', { coin: 'IRIS' });
  assert.equal(off.json.result.passivized, true, off.text);
  const again = await walletd.rpc('enable_tendermint_with_assets', { ticker: 'IRIS', nodes: [{ url: iris.url }],
    tokens_params: [{ ticker: 'ATOM-IBC_IRIS' }] });
  assert.equal(again.status, 200, again.text);
  for (const coin of ['IRIS', 'ATOM-IBC_IRIS']) {
    const balance = await walletd.post({ userpass: 'Integration-Test-1', method: 'my_balance', coin });
    assert.equal(balance.status, 200, balance.text);
  }
  const down = await walletd.rpc('disable_coin', { coin: 'IRIS', force_disable: true });
  assert.equal(down.status, 200, down.text);
});
