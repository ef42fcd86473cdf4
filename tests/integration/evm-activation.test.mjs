// EVM activation against ganache with the real walletd: enable_eth_with_tokens (Iguana key =
// ganache's funded account), balances equal to the node's, my_balance, get_enabled_coins,
// disable_coin, and the refusals (already active, unknown platform, wrong chain id, dead node,
// bad params) with their error types and HTTP statuses.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Contract, parseEther, formatEther } from 'ethers';
import { startEvmFixture, TEST_TOKEN } from '../support/evm-fixture.mjs';
import { PASSWORD } from '../support/walletd-process.mjs';

const TOKEN = TEST_TOKEN;
let ganache, walletd, owner;

let fixture;
before(async () => {
  fixture = await startEvmFixture();
  ({ ganache, walletd, owner } = fixture);
});

after(() => fixture?.stop());

const activate = (extra = {}) => walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }],
  erc20_tokens_requests: [{ ticker: 'TST-ganache' }], ...extra });

test('enable_eth_with_tokens reports the node\'s balances for the Iguana address', async () => {
  const res = await activate();
  assert.equal(res.status, 200, res.text);
  const r = res.json.result;
  assert.deepEqual(Object.keys(r.eth_addresses_infos), [owner]);
  const eth = r.eth_addresses_infos[owner];
  assert.deepEqual(eth.derivation_method, { type: 'Iguana' });
  assert.match(eth.pubkey, /^04[0-9a-f]{128}$/);
  assert.equal(eth.balances.spendable, formatEther(await ganache.balance(owner)).replace(/\.0$/, ''));
  assert.equal(eth.balances.unspendable, '0');
  assert.deepEqual(r.erc20_addresses_infos[owner].balances, { 'TST-ganache': { spendable: '1000', unspendable: '0' } });
  assert.ok(Number.isInteger(r.current_block) && r.current_block >= 1);
  assert.deepEqual(r.nfts_infos, {});
});

test('my_balance, get_enabled_coins (both forms) follow the node', async () => {
  const contract = new Contract(TOKEN, ganache.erc20Abi, ganache.funder);
  await (await contract.transfer('0x3535353535353535353535353535353535353535', parseEther('0.5'))).wait();
  const token = await walletd.rpc('my_balance', { coin: 'TST-ganache' });
  assert.deepEqual(token.json.result, { address: owner, balance: '999.5', unspendable_balance: '0', coin: 'TST-ganache' });
  const legacy = await walletd.post({ userpass: PASSWORD, method: 'my_balance', coin: 'ETH-ganache' });
  assert.equal(legacy.json.balance, formatEther(await ganache.balance(owner)).replace(/\.0$/, ''));
  const enabled = await walletd.rpc('get_enabled_coins');
  assert.deepEqual(enabled.json.result, { coins: [{ ticker: 'ETH-ganache' }, { ticker: 'TST-ganache' }] });
  const enabledLegacy = await walletd.post({ userpass: PASSWORD, method: 'get_enabled_coins' });
  assert.deepEqual(enabledLegacy.json.result.map((c) => c.address), [owner, owner]);
});

test('activation refusals carry KDF\'s error types and statuses', async () => {
  const again = await activate();
  assert.equal(again.status, 400);
  assert.equal(again.json.error_type, 'PlatformIsAlreadyActivated');
  const unknown = await walletd.rpc('enable_eth_with_tokens', { ticker: 'NOPE', nodes: [{ url: ganache.url }] });
  assert.equal(unknown.json.error_type, 'PlatformConfigIsNotFound');
  const utxo = await walletd.rpc('enable_eth_with_tokens', { ticker: 'BTC', nodes: [{ url: ganache.url }] });
  assert.equal(utxo.json.error_type, 'UnexpectedPlatformProtocol');
  const wrongChain = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH', nodes: [{ url: ganache.url }] });
  assert.equal(wrongChain.status, 500);
  assert.equal(wrongChain.json.error_type, 'PlatformCoinCreationError');
  assert.match(wrongChain.json.error, /chain id "0x539" but the coins file says 1/);
  const dead = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH', nodes: [{ url: 'http://127.0.0.1:9' }] });
  assert.equal(dead.status, 502);
  assert.equal(dead.json.error_type, 'Transport');
  assert.match(dead.json.error, /http:\/\/127\.0\.0\.1:9/);
  const noNodes = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH', nodes: [] });
  assert.equal(noNodes.json.error_type, 'AtLeastOneNodeRequired');
  // KDF's serde default: documented fields walletd does not use are ignored, and the older
  // string form of priv_key_policy is accepted — parsing passes, the next check answers.
  const lenient = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH', nodes: [], tx_history: true,
    gas_station_url: 'https://gas.example/api', gas_station_policy: { policy: 'MeanAverageFast' }, nft_req: {},
    priv_key_policy: 'ContextPrivKey', some_future_field: 1 });
  assert.equal(lenient.json.error_type, 'AtLeastOneNodeRequired', lenient.text);
  // A hardware wallet asks the user through a task: KDF refuses it outside one.
  const policy = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH', nodes: [{ url: ganache.url }], priv_key_policy: { type: 'Trezor' } });
  assert.equal(policy.status, 400, policy.text);
  assert.equal(policy.json.error_type, 'UnexpectedDeviceActivationPolicy');
  assert.equal(policy.json.error, 'Hardware policy must be activated within task manager');
  const other = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH', nodes: [{ url: ganache.url }], priv_key_policy: { type: 'Ledger' } });
  assert.equal(other.json.error_type, 'InvalidRequest', other.text);
  const badToken = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH', nodes: [{ url: ganache.url }], erc20_tokens_requests: [{ ticker: 'TST-ganache' }] });
  assert.equal(badToken.json.error_type, 'InvalidPayload');
  for (const params of [{ nodes: [] }, { ticker: 'ETH', nodes: 'x' }, { ticker: 'ETH', nodes: [{ url: 'ftp://x' }] },
    { ticker: 'ETH', nodes: [], get_balances: 'yes' },
    { ticker: 'ETH', nodes: [], swap_contract_address: '0x12' }, { ticker: 'ETH', nodes: [], scan_policy: 'sometimes' }]) {
    const res = await walletd.rpc('enable_eth_with_tokens', params);
    assert.equal(res.status, 400, JSON.stringify(params));
    assert.equal(res.json.error_type, 'InvalidRequest', JSON.stringify(params));
  }
  const enabled = await walletd.rpc('get_enabled_coins');
  assert.equal(enabled.json.result.coins.length, 2, 'failed activations leave nothing behind');
});

test('disable_coin as KDF: a platform with active tokens is passivized (its token keeps working) unless force_disable', async () => {
  const legacyDisable = (body) => walletd.post({ userpass: PASSWORD, method: 'disable_coin', ...body });
  const passive = await legacyDisable({ coin: 'ETH-ganache' });
  assert.deepEqual(passive.json, { result: { coin: 'ETH-ganache', cancelled_orders: [], passivized: true, tokens: [] } });
  assert.equal((await walletd.rpc('my_balance', { coin: 'ETH-ganache' })).json.error_type, 'NoSuchCoin');
  assert.equal((await walletd.rpc('my_balance', { coin: 'TST-ganache' })).status, 200, 'the token works on');
  const sent = await walletd.rpc('withdraw', { coin: 'TST-ganache', to: owner, amount: '1' });
  assert.equal(sent.status, 200, sent.text);
  assert.deepEqual((await walletd.rpc('get_enabled_coins')).json.result.coins, [{ ticker: 'TST-ganache' }]);
  assert.match((await legacyDisable({ coin: 'ETH-ganache' })).json.error, /No such coin/);
  // Activated again (with its token): the passive instance and the token it kept are replaced.
  const again = await activate({ get_balances: false });
  assert.equal(again.status, 200, again.text);
  assert.deepEqual((await walletd.rpc('get_enabled_coins')).json.result.coins.map((c) => c.ticker).sort(), ['ETH-ganache', 'TST-ganache']);
  const res = await walletd.rpc('disable_coin', { coin: 'ETH-ganache', force_disable: true });
  assert.deepEqual(res.json.result, { coin: 'ETH-ganache', cancelled_orders: [], passivized: false, tokens: ['TST-ganache'] });
  const balance = await walletd.rpc('my_balance', { coin: 'TST-ganache' });
  assert.equal(balance.status, 400);
  assert.equal(balance.json.error_type, 'NoSuchCoin');
  const reactivated = await activate({ get_balances: false });
  assert.deepEqual(reactivated.json.result.erc20_addresses_infos[owner].tickers, ['TST-ganache']);
});

test('legacy enable: `urls: null` reads as absent (no nodes), as every optional field of walletd\'s params', async () => {
  const legacyEnable = (body) => walletd.post({ userpass: PASSWORD, method: 'enable', coin: 'ETH-ganache', ...body });
  assert.equal((await walletd.rpc('disable_coin', { coin: 'ETH-ganache', force_disable: true })).status, 200);
  const absent = await legacyEnable({});
  const nulled = await legacyEnable({ urls: null });
  assert.doesNotMatch(nulled.text, /invalid type/, 'null is not refused as a wrong type');
  assert.deepEqual({ status: nulled.status, json: nulled.json }, { status: absent.status, json: absent.json });
  const enabled = await legacyEnable({ urls: [ganache.url] });
  assert.equal(enabled.status, 200, enabled.text);
  assert.equal(enabled.json.result, 'success');
  assert.equal(enabled.json.address, owner);
});
