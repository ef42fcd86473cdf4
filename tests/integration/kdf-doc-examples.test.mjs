// KDF's documented requests, run against the real walletd: the examples of KDF's documentation
// page for enable_eth_with_tokens (komodo-docs-mdx, api/v20/coin_activation/enable_eth_with_tokens)
// are sent with every field as documented except what must point at the test peer — `ticker`,
// `nodes` (ganache) and the token tickers (the one test token) — and the answers must have the
// documented shape. These requests carry fields walletd does not use (gas_station_*, tx_history,
// nft_req, the string priv_key_policy): KDF ignores them, and so must walletd.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { parseEther } from 'ethers';
import { startEvmFixture } from '../support/evm-fixture.mjs';

let ganache, walletd, fixture;

before(async () => {
  fixture = await startEvmFixture({ supply: parseEther('10') });
  ({ ganache, walletd } = fixture);
});

after(() => fixture?.stop());

// The documented params, pointed at the test peers.
const atPeers = (params) => ({
  ...params, ticker: 'ETH-ganache', nodes: [{ url: ganache.url, komodo_proxy: false }],
  erc20_tokens_requests: [{ ticker: 'TST-ganache', required_confirmations: 4 }],
});

// The shape of a value: key sets and JSON types, with address- and ticker-keyed maps collapsed.
const mapKeyed = new Set(['eth_addresses_infos', 'erc20_addresses_infos']);
function shape(value, parent = '') {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value === null || typeof value !== 'object') return typeof value;
  const keyed = mapKeyed.has(parent) || (parent === 'balances' && !('spendable' in value));
  const out = {};
  for (const [k, v] of Object.entries(value)) out[keyed ? '*' : k] = shape(v, k);
  return out;
}

const documentedBalances = {
  current_block: 20590537,
  eth_addresses_infos: { '0x083C32B38e8050473f6999e22f670d1404235592': {
    derivation_method: { type: 'Iguana' }, pubkey: '04ec60…', balances: { spendable: '0', unspendable: '0' } } },
  erc20_addresses_infos: { '0x083C32B38e8050473f6999e22f670d1404235592': {
    derivation_method: { type: 'Iguana' }, pubkey: '04ec60…',
    balances: { 'BUSD-ERC20': { spendable: '0', unspendable: '0' } } } },
  nfts_infos: {},
};

test('documented example: with gas station parameters (KDF fields walletd ignores)', async () => {
  const params = atPeers({
    ticker: 'ETH', gas_station_url: 'https://ethgasstation.info/json/ethgasAPI.json', gas_station_decimals: 8,
    gas_station_policy: { policy: 'MeanAverageFast' }, mm2: 1, priv_key_policy: 'ContextPrivKey',
    swap_contract_address: '0x24ABE4c71FC658C91313b6552cd40cD808b3Ea80',
    fallback_swap_contract: '0x8500AFc0bc5214728082163326C2FF0C73f4a871', tx_history: true,
    required_confirmations: 5, requires_notarization: false,
  });
  const res = await walletd.rpc('enable_eth_with_tokens', params);
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(shape(res.json.result), shape(documentedBalances));
  assert.equal(res.json.mmrpc, '2.0');
  await walletd.rpc('disable_coin', { coin: 'ETH-ganache', force_disable: true });
});

test('documented examples: get_balances false (no balances, token tickers only), and with NFT initialization', async () => {
  const common = {
    get_balances: false, tx_history: false, gas_station_url: 'https://gasstation-mainnet.matic.network/',
    swap_contract_address: '0x9130b257D37A52E52F21054c4DA3450c72f595CE',
    fallback_swap_contract: '0x9130b257D37A52E52F21054c4DA3450c72f595CE',
    required_confirmations: 5, requires_notarization: false,
  };
  const examples = [
    { ...common, swap_v2_contracts: { maker_swap_v2_contract: '0x9130b257D37A52E52F21054c4DA3450c72f595CE',
      taker_swap_v2_contract: '0x9130b257D37A52E52F21054c4DA3450c72f595CE',
      nft_maker_swap_v2_contract: '0x9130b257D37A52E52F21054c4DA3450c72f595CE' } },
    { ...common, nft_req: { type: 'Moralis', info: { url: 'https://moralis-proxy.komodo.earth' } } },
  ];
  for (const example of examples) {
    const res = await walletd.rpc('enable_eth_with_tokens', atPeers(example));
    assert.equal(res.status, 200, res.text);
    const r = res.json.result;
    const [address] = Object.keys(r.eth_addresses_infos);
    assert.deepEqual(Object.keys(r.eth_addresses_infos[address]).sort(), ['derivation_method', 'pubkey']);
    assert.deepEqual(r.erc20_addresses_infos[address].tickers, ['TST-ganache']);
    assert.deepEqual(r.nfts_infos, {});
    await walletd.rpc('disable_coin', { coin: 'ETH-ganache', force_disable: true });
  }
});
