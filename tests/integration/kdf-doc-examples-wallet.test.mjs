// KDF's documented requests for the wallet methods that need no peer (komodo-docs-mdx,
// api/v20/utils/get_public_key, get_public_key_hash, get_enabled_coins, api/v20/wallet/gui_storage/*,
// get_private_keys (its examples live in src/data/requests/kdf/v2/wallet.json),
// api/legacy/convertaddress, validateaddress, version and
// api/v20/streaming/heartbeat_enable and disable), sent verbatim except for `userpass`; the answers
// must have the documented shape. One documented example is not a valid request for KDF itself
// (gui_storage::add_account with a string account_id, where KDF's AccountId is an object): walletd
// refuses it as KDF's parser does, with InvalidRequest.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { WalletdProcess, tempDir, writeConfig, cleanup, PASSWORD } from '../support/walletd-process.mjs';
import { openSse } from '../support/sse-client.mjs';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
let walletd, dir;
before(async () => {
  dir = tempDir();
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: MNEMONIC }));
});
after(async () => {
  await walletd?.stop();
  if (dir) cleanup(dir);
});

const send = (documented) => walletd.post({ ...documented, userpass: PASSWORD });

// Key sets and JSON types of a value.
function shape(value) {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value === null || typeof value !== 'object') return typeof value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
}

test('documented examples: get_public_key, get_public_key_hash, get_enabled_coins', async () => {
  const key = await send({ userpass: 'RPC_UserP@SSW0RD', mmrpc: '2.0', method: 'get_public_key', params: {}, id: 0 });
  assert.equal(key.status, 200, key.text);
  assert.deepEqual(shape(key.json), shape({ mmrpc: '2.0', result: { public_key: '0366d28a7926fb20287132692c4cef7bc7e00e76da064948676f8549c0ed7114d3' }, id: 0 }));
  assert.match(key.json.result.public_key, /^0[23][0-9a-f]{64}$/);

  const hash = await send({ userpass: 'RPC_UserP@SSW0RD', mmrpc: '2.0', method: 'get_public_key_hash', params: {}, id: 0 });
  assert.equal(hash.status, 200, hash.text);
  assert.deepEqual(shape(hash.json), shape({ mmrpc: '2.0', result: { public_key_hash: '05aab5342166f8594baf17a7d9bef5d567443327' }, id: 0 }));
  assert.match(hash.json.result.public_key_hash, /^[0-9a-f]{40}$/);

  const coins = await send({ userpass: 'RPC_UserP@SSW0RD', mmrpc: '2.0', method: 'get_enabled_coins', params: {}, id: 0 });
  assert.equal(coins.status, 200, coins.text);
  assert.deepEqual(coins.json, { mmrpc: '2.0', result: { coins: [] }, id: 0 });
});

test('documented examples: gui_storage::enable_account (new, existing) and get_accounts', async () => {
  const created = await send({ mmrpc: '2.0', method: 'gui_storage::enable_account', params: { policy: 'new',
    account_id: { type: 'hd', account_idx: 0 }, name: 'HD-0', description: 'Hardware HD account', balance_usd: '0' },
  id: 2, userpass: 'RPC_UserP@SSW0RD' });
  assert.deepEqual(created.json, { mmrpc: '2.0', result: 'success', id: 2 });
  const iguana = await walletd.rpc('gui_storage::add_account', { account_id: { type: 'iguana' }, name: 'Default Account',
    description: 'Legacy Iguana seed', balance_usd: '123.45' });
  assert.equal(iguana.json.result, 'success');
  const existing = await send({ mmrpc: '2.0', method: 'gui_storage::enable_account',
    params: { policy: 'existing', account_id: { type: 'iguana' } }, id: 1, userpass: 'RPC_UserP@SSW0RD' });
  assert.deepEqual(existing.json, { mmrpc: '2.0', result: 'success', id: 1 });

  const listed = await send({ mmrpc: '2.0', method: 'gui_storage::get_accounts', params: {}, id: 11, userpass: 'RPC_UserP@SSW0RD' });
  const documented = { mmrpc: '2.0', result: [
    { account_id: { type: 'iguana' }, name: 'Default Account', description: 'Legacy Iguana seed', balance_usd: '123.45', enabled: true },
    { account_id: { type: 'hd', account_idx: 0 }, name: 'HD-0', description: 'First HD wallet', balance_usd: '0', enabled: false },
  ], id: 11 };
  assert.deepEqual(shape(listed.json), shape(documented));
  const byName = Object.fromEntries(listed.json.result.map((a) => [a.name, a]));
  assert.equal(byName['Default Account'].enabled, true);
  assert.deepEqual(byName['HD-0'].account_id, { type: 'hd', account_idx: 0 });
  assert.equal(byName['HD-0'].enabled, false);
});

test('the documented add_account example (a string account_id) is refused as KDF refuses it', async () => {
  const res = await send({ mmrpc: '2.0', method: 'gui_storage::add_account', params: { account_id: 'wallet-1',
    name: 'My Primary Wallet', description: 'Main account for trading', balance_usd: '0' }, id: 1, userpass: 'RPC_UserP@SSW0RD' });
  assert.equal(res.status, 400);
  assert.equal(res.json.error_type, 'InvalidRequest');
  assert.equal(res.json.id, 1);
});

// The documented get_private_keys examples (GetPrivateKeysIguana, GetPrivateKeysHd).
const documentedCoins = ['ARRR', 'ATOM', 'ETH', 'KMD', 'LTC-segwit'];
const iguanaExample = { method: 'get_private_keys', mmrpc: '2.0', params: { coins: documentedCoins, mode: 'iguana' },
  userpass: 'RPC_UserP@SSW0RD' };
const hdExample = { method: 'get_private_keys', mmrpc: '2.0', params: { account_index: 0, coins: documentedCoins,
  end_index: 1, mode: 'hd', start_index: 0 }, userpass: 'RPC_UserP@SSW0RD' };
const base58 = '[1-9A-HJ-NP-Za-km-z]';
// Address and key formats of the documented answers. In Iguana mode KDF writes LTC-segwit's
// legacy address (the documented "LPriJnGd14..."), in HD mode the m/84' bech32 one.
const iguanaFormats = {
  ARRR: { address: /^zs1[02-9ac-hj-np-z]{75}$/, pubkey: /^$/, priv_key: /^secret-extended-key-main1[02-9ac-hj-np-z]{277}$/,
    viewing_key: /^zxviews1[02-9ac-hj-np-z]{277}$/ },
  ATOM: { address: /^cosmos1[02-9ac-hj-np-z]{38}$/, pubkey: /^0[23][0-9a-f]{64}$/, priv_key: /^[0-9a-f]{64}$/ },
  ETH: { address: /^0x[0-9a-fA-F]{40}$/, pubkey: /^0x[0-9a-f]{128}$/, priv_key: /^0x[0-9a-f]{64}$/ },
  KMD: { address: new RegExp(`^R${base58}{33}$`), pubkey: /^0[23][0-9a-f]{64}$/, priv_key: new RegExp(`^U${base58}{51}$`) },
  'LTC-segwit': { address: new RegExp(`^L${base58}{33}$`), pubkey: /^0[23][0-9a-f]{64}$/, priv_key: new RegExp(`^T${base58}{51}$`) },
};
const hdFormats = { ...iguanaFormats, 'LTC-segwit': { ...iguanaFormats['LTC-segwit'], address: /^ltc1q[02-9ac-hj-np-z]{38}$/ } };
function assertFormats(keys, formats, coin) {
  for (const [field, pattern] of Object.entries(formats[coin])) assert.match(keys[field], pattern, `${coin}.${field}`);
}

test('documented get_private_keys Iguana example answers IguanaKeysInfo for all five coins, ARRR with its viewing key', async () => {
  const res = await send(iguanaExample);
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(res.json.result.map((k) => k.coin), documentedCoins);
  for (const keys of res.json.result) {
    const fields = ['address', 'coin', 'priv_key', 'pubkey', ...(keys.coin === 'ARRR' ? ['viewing_key'] : [])];
    assert.deepEqual(Object.keys(keys).sort(), fields);
    assertFormats(keys, iguanaFormats, keys.coin);
  }
  // The HD example against an Iguana wallet: KDF's "wrong mode" KeyDerivationFailed, ARRR first.
  const wrongMode = await send(hdExample);
  assert.equal(wrongMode.json.error_type, 'KeyDerivationFailed', wrongMode.text);
  assert.equal(wrongMode.json.error_data.ticker, 'ARRR');
});

test('documented get_private_keys HD example answers HdKeysInfo for addresses 0..1; the documented errors', async () => {
  const hdDir = tempDir();
  const hd = await WalletdProcess.start(writeConfig(hdDir, { passphrase: MNEMONIC, enable_hd: true }));
  try {
    const res = await hd.post({ ...hdExample, userpass: PASSWORD });
    assert.equal(res.status, 200, res.text);
    // ARRR: one row for the account, whatever the index range (KDF's shielded rows).
    const [arrr, ...others] = res.json.result;
    assert.equal(arrr.coin, 'ARRR');
    assert.equal(arrr.addresses.length, 1);
    assert.deepEqual(Object.keys(arrr.addresses[0]),
      ['derivation_path', 'z_derivation_path', 'pubkey', 'address', 'priv_key', 'viewing_key']);
    assert.equal(arrr.addresses[0].derivation_path, "m/44'/141'/0'");
    assert.equal(arrr.addresses[0].z_derivation_path, "m/32'/141'/0");
    assertFormats(arrr.addresses[0], hdFormats, 'ARRR');
    for (const keys of others) {
      assert.deepEqual(Object.keys(keys).sort(), ['addresses', 'coin']);
      assert.equal(keys.addresses.length, 2);
      assert.match(keys.addresses[1].derivation_path, /^m\/(44|84)'\/\d+'\/0'\/0\/1$/);
      assert.deepEqual(Object.keys(keys.addresses[0]).sort(), ['address', 'derivation_path', 'priv_key', 'pubkey']);
      for (const address of keys.addresses) assertFormats(address, hdFormats, keys.coin);
    }
    const eth = res.json.result.find((k) => k.coin === 'ETH').addresses[0];
    assert.equal(eth.derivation_path, "m/44'/60'/0'/0/0");
    assert.equal(eth.address, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94');  // this mnemonic's first ETH address

    const params = (p) => ({ ...hdExample, userpass: PASSWORD, params: { ...hdExample.params, coins: ['ETH'], ...p } });
    const invalid = await hd.post(params({ start_index: 22, end_index: 1 }));
    assert.equal(invalid.json.error_type, 'InvalidHdRange', invalid.text);
    assert.deepEqual(invalid.json.error_data, { start_index: 22, end_index: 1 });
    assert.equal((await hd.post(params({ start_index: 0, end_index: 101 }))).json.error_type, 'HdRangeTooLarge');
    assert.equal((await hd.post(params({ start_index: -560 }))).json.error_type, 'InvalidRequest');
    const covid = await hd.post(params({ coins: ['COVID'] }));
    assert.equal(covid.json.error_type, 'CoinConfigNotFound');
    assert.equal(covid.json.error_data, 'COVID');
    const iguanaParams = await send({ ...iguanaExample, params: { coins: ['ETH'], mode: 'iguana', start_index: 0, end_index: 1 } });
    assert.equal(iguanaParams.json.error_type, 'InvalidParametersForMode', iguanaParams.text);
  } finally {
    await hd.stop();
    cleanup(hdDir);
  }
});

test('documented stream::heartbeat::enable and stream::disable examples, with their documented errors', async () => {
  const enableExample = { userpass: 'RPC_UserP@SSW0RD', method: 'stream::heartbeat::enable', mmrpc: '2.0',
    params: { config: { stream_interval_seconds: 30 }, client_id: 1 } };
  const unknown = await send(enableExample);
  assert.equal(unknown.json.error_type, 'EnableError', unknown.text);
  assert.equal(unknown.json.error_data, 'UnknownClient');

  const stream = await openSse(`${walletd.url}/event-stream?id=1`);
  try {
    assert.equal(stream.status, 200);
    const enabled = await send(enableExample);
    assert.deepEqual(enabled.json, { mmrpc: '2.0', result: { streamer_id: 'HEARTBEAT' }, id: null });
    const [first] = await stream.waitFor(1);
    assert.deepEqual(first.data, { _type: 'HEARTBEAT', message: {} });
    const again = await send(enableExample);
    assert.equal(again.json.error_type, 'EnableError');
    assert.equal(again.json.error_data, 'ClientAlreadyListening');

    const disableExample = { userpass: 'RPC_UserP@SSW0RD', method: 'stream::disable', mmrpc: '2.0',
      params: { client_id: 1, streamer_id: 'BALANCE:MATIC' } };
    const notFound = await send(disableExample);
    assert.equal(notFound.json.error_type, 'DisableError', notFound.text);
    assert.equal(notFound.json.error_data, 'StreamerNotFound');
    const disabled = await send({ ...disableExample, params: { client_id: 1, streamer_id: 'HEARTBEAT' } });
    assert.deepEqual(disabled.json, { mmrpc: '2.0', result: { result: 'Success' }, id: null });
    const noClient = await send({ ...disableExample, params: { client_id: 9, streamer_id: 'HEARTBEAT' } });
    assert.equal(noClient.json.error_data, 'UnknownClient');
  } finally {
    await stream.close();
  }
});

test('documented legacy convertaddress, validateaddress and version examples', async () => {
  const converted = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'convertaddress', coin: 'ETH',
    from: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359', to_address_format: { format: 'mixedcase' } });
  assert.deepEqual(converted.json, { result: { address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' } });

  const valid = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'validateaddress', coin: 'DOC',
    address: 'RRnMcSeKiLrNdbp91qNVQwwXx5azD4S4CD' });
  assert.deepEqual(valid.json, { result: { is_valid: true } });
  const damaged = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'validateaddress', coin: 'DOC',
    address: 'RRnMcSeKiLrNdbp91qNVQwwXx5azD4S4CE' });
  assert.equal(damaged.json.result.is_valid, false);
  assert.equal(typeof damaged.json.result.reason, 'string');
  const lowerEth = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'validateaddress', coin: 'ETH',
    address: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359' });
  assert.equal(lowerEth.json.result.is_valid, false);
  assert.match(lowerEth.json.result.reason, /Invalid address checksum/);

  const version = await send({ userpass: 'RPC_UserP@SSW0RD', method: 'version' });
  assert.deepEqual(Object.keys(version.json).sort(), ['datetime', 'result']);
});
