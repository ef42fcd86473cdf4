// The npm package (wasm core, HTTP through fetch, in-process event stream) doing a gasless TRC20
// transfer against the TRON node and relay provider emulators: activation with
// tron_gasless_provider (HMAC headers sent by fetch), the gasless withdraw (checked with the
// provider's SDK and ethers), send_raw_transaction with tx_json, the GASLESS_TRACE stream read
// from the package until confirmed, gasless::trace_status, and exact balances. Then the proxy rail
// from the package: a TRON node and the provider behind the proxy emulator, each request's
// X-Auth-Payload verified there with OpenSSL against the P2P key KDF derives.
import 'fake-indexeddb/auto';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { recoverAddress } from 'ethers';
import { TronWeb } from 'tronweb';
import { createWalletd, IndexedDbStorage } from '../support/walletd-package.mjs';
import { TronNode, hex41 } from '../peers/tron-node.mjs';
import { RelayProvider, PROVIDER_ADDRESS } from '../peers/relay-provider.mjs';
import { KomodoProxy } from '../peers/komodo-proxy.mjs';
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { FUNDED_KEY } from '../peers/ganache.mjs';
import { repoRoot, PASSWORD } from '../support/walletd-process.mjs';

const require = createRequire(import.meta.url);
const { TronGasFree } = require('@gasfree/gasfree-sdk');
const sdk = new TronGasFree({ chainId: 3448148188 });
const TOKEN = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const ME = TronWeb.address.fromPrivateKey(FUNDED_KEY.slice(2));
const RELAY = sdk.generateGasFreeAddress(ME);
const TO = 'TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K';
const coins = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');
const v2 = (method, params) => ({ mmrpc: '2.0', userpass: PASSWORD, method, params });
let tron, provider, wasm;

const call = async (method, params) => {
  const answer = await wasm.request(v2(method, params));
  return { status: answer.status, json: JSON.parse(answer.body), text: answer.body };
};

before(async () => {
  tron = await TronNode.start();
  tron.deployToken(TOKEN);
  tron.mintToken(TOKEN, RELAY, 10_000_000n);
  provider = await RelayProvider.start({ tron, stepMs: 300,
    tokens: [{ address: TOKEN, symbol: 'USDT', decimal: 6, activateFee: 1_000_000, transferFee: 250_000 }] });
  const config = { rpc_password: PASSWORD, event_streaming_configuration: {}, passphrase: FUNDED_KEY };
  wasm = await createWalletd({ config, coins, storage: new IndexedDbStorage('walletd-gasless') });
});

after(async () => {
  await provider?.stop();
  await tron?.stop();
});

test('a gasless transfer from the package, followed on its in-process stream to confirmed', async () => {
  const activated = await call('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: [{ url: tron.url }],
    erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet' }],
    tron_gasless_provider: { base_url: provider.url, service: { relay: { api_key: 'test-key', api_secret: 'test-secret' } },
      service_provider: PROVIDER_ADDRESS, request_timeout_ms: 1000, status_poll_interval_ms: 100 } });
  assert.equal(activated.status, 200, activated.text);
  assert.equal(activated.json.result.erc20_addresses_infos[ME].relay_address, RELAY);

  const frames = [];
  const close = wasm.openEventStream(5, (frame) => frames.push(frame));
  try {
    const enable = await call('stream::gasless_trace::enable', { coin: 'USDT-TRC20-devnet', client_id: 5 });
    assert.equal(enable.status, 200, enable.text);
    const w = await call('withdraw', { coin: 'USDT-TRC20-devnet', to: TO, amount: '3', fee_method: 'gasless' });
    assert.equal(w.status, 200, w.text);
    const a = w.json.result.signed_authorization;
    const typed = sdk.assembleStandard712GasFreeTransactionJson({ token: a.token, serviceProvider: a.service_provider,
      user: a.user, receiver: a.receiver, value: a.value, maxFee: a.max_fee, deadline: a.deadline, version: a.version, nonce: a.nonce });
    const { permitTransferMessageHash } = sdk.getGasFreeLedgerRawHash({ message: typed.message });
    assert.equal(`41${recoverAddress(permitTransferMessageHash, '0x' + a.sig).slice(2).toLowerCase()}`, hex41(ME));
    assert.equal(w.json.result.fee_details.total_token_fee, '1.25');

    const sent = await call('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: w.json.result });
    assert.equal(sent.status, 200, sent.text);
    const traceId = sent.json.result.trace_id;
    const deadline = Date.now() + 15000;
    const states = () => frames.map((f) => JSON.parse(f.match(/^data: (.*)$/m)[1]).message.state);
    while (!states().includes('confirmed')) {
      assert.ok(Date.now() < deadline, `states so far: ${states()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual(states(), ['pending', 'submitted', 'on_chain', 'confirmed']);
    const status = await call('gasless::trace_status', { coin: 'USDT-TRC20-devnet', trace_id: traceId });
    assert.equal(status.json.result.state, 'confirmed');
    assert.equal(status.json.result.final_fee, '1.25');
    assert.equal(tron.tokenBalance(TOKEN, TO), 3_000_000n);
    assert.equal(tron.tokenBalance(TOKEN, RELAY), 5_750_000n);
    assert.equal(tron.tokenBalance(TOKEN, PROVIDER_ADDRESS), 1_250_000n);
  } finally {
    close();
  }
});

test('the proxy rail from the package: requests signed with the P2P key, a transfer submitted through it', async () => {
  const seed = createHash('sha256').update(Buffer.from(FUNDED_KEY.slice(2), 'hex')).digest();
  const p2p = createPublicKey(createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
    format: 'der', type: 'pkcs8' })).export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
  const nodeProxy = await KomodoProxy.start({ target: tron.url, allowedKeys: [p2p] });
  const providerProxy = await KomodoProxy.start({ target: provider.url, hmac: { apiKey: 'test-key', apiSecret: 'test-secret' },
    allowedKeys: [p2p] });
  try {
    assert.equal((await call('disable_coin', { coin: 'TRX-devnet' })).status, 200);
    const activated = await call('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: [{ url: nodeProxy.url, komodo_proxy: true }],
      erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet' }],
      tron_gasless_provider: { base_url: `${providerProxy.url}/nile`, service: 'komodo_proxy', service_provider: PROVIDER_ADDRESS } });
    assert.equal(activated.status, 200, activated.text);
    assert.equal(activated.json.result.erc20_addresses_infos[ME].relay_address, RELAY);
    const w = await call('withdraw', { coin: 'USDT-TRC20-devnet', to: TO, amount: '1', fee_method: 'gasless' });
    assert.equal(w.status, 200, w.text);
    const sent = await call('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: w.json.result });
    assert.equal(sent.status, 200, sent.text);
    assert.deepEqual([nodeProxy.refused, providerProxy.refused], [[], []]);
    assert.ok(nodeProxy.accepted.length >= 2);
    assert.ok(providerProxy.accepted.some((r) => r.method === 'POST' && r.path === '/nile/api/v1/gasfree/submit'));
  } finally {
    await nodeProxy.stop();
    await providerProxy.stop();
  }
});
