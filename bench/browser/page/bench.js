// Runs in Chromium. Each figure is operations per second over `seconds` (from the query):
// - EIP-1559 transfers signed: walletd's sign_raw_transaction through the package (a JSON request
//   into the wasm core, which signs and answers) with the nonce given, vs ethers'
//   Wallet.signTransaction with the same fields (no node); and walletd again without the nonce,
//   when the core asks the node (a local stub) for it.
// - HD addresses (m/44'/60'/0'/0/i, key and address): walletd's get_private_keys, 100 per call,
//   vs @scure/bip32's derive + ethers' computeAddress.
import { createWalletd, MemoryStorage } from '/pkg/src/browser.js';
import { Wallet, computeAddress } from 'ethers';
import { HDKey } from '@scure/bip32';

const query = new URLSearchParams(location.search);
const seconds = Number(query.get('seconds') ?? 3);
const node = query.get('node');
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

async function rate(fn, perCall = 1) {
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const start = performance.now();
  while (performance.now() < end) { await fn(n); n += perCall; }
  return n / ((performance.now() - start) / 1000);
}

async function run() {
  const coins = await (await fetch('/coins.json')).text();
  const userpass = 'Bench-page-Rpc-7!';
  const walletd = await createWalletd({ config: { passphrase: MNEMONIC, enable_hd: true, rpc_password: userpass }, coins,
    storage: new MemoryStorage() });
  await walletd.call('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: node }], erc20_tokens_requests: [],
    scan_policy: 'do_not_scan' });
  const to = '0x000000000000000000000000000000000000bEEF';
  const out = {};
  const pay_for_gas = { tx_type: 'Eip1559', max_fee_per_gas: '30', max_priority_fee_per_gas: '1' };
  out.walletdSign = await rate((i) => walletd.call('sign_raw_transaction', { coin: 'ETH-ganache', type: 'ETH',
    tx: { to, value: '0.001', gas_limit: 21000, nonce: i, pay_for_gas } }));
  // The core on its own: 100 signings per batch request, so the package's per-call cost is shared.
  const batch = (i) => Array.from({ length: 100 }, (_, k) => ({ mmrpc: '2.0', userpass, method: 'sign_raw_transaction', id: k,
    params: { coin: 'ETH-ganache', type: 'ETH', tx: { to, value: '0.001', gas_limit: 21000, nonce: i + k, pay_for_gas } } }));
  out.walletdSignBatch = await rate(async (i) => {
    const answers = JSON.parse(await walletd.handle(batch(i)));
    if (answers.length !== 100 || answers.some((a) => !a.result)) throw new Error(`batch refused: ${JSON.stringify(answers[0])}`);
  }, 100);
  out.walletdVersion = await rate(() => walletd.call('version', {}));
  // The time walletd's requests spend inside fetch() (to the response's body read), measured by
  // wrapping the page's fetch while this figure runs.
  const pageFetchFn = globalThis.fetch;
  let inFetchMs = 0;
  let fetches = 0;
  globalThis.fetch = async (...args) => {
    const t0 = performance.now();
    const res = await pageFetchFn(...args);
    const text = await res.text();
    inFetchMs += performance.now() - t0;
    fetches++;
    return new Response(text, { status: res.status, headers: res.headers });
  };
  out.walletdSignFetch = await rate(() => walletd.call('sign_raw_transaction', { coin: 'ETH-ganache', type: 'ETH',
    tx: { to, value: '0.001', gas_limit: 21000, pay_for_gas } }));
  globalThis.fetch = pageFetchFn;
  out.walletdFetchMs = inFetchMs / fetches;
  // The same read as the page's own fetch: what a local node costs without walletd.
  const nonceRequest = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionCount', params: [to, 'pending'] });
  out.pageFetch = await rate(async () => (await fetch(node, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: nonceRequest })).json());
  const key = (await walletd.call('get_private_keys', { coins: ['ETH-ganache'], mode: 'hd', start_index: 0, end_index: 0 }))[0].addresses[0].priv_key;
  const wallet = new Wallet(key);
  out.ethersSign = await rate((i) => wallet.signTransaction({ type: 2, chainId: 1337n, nonce: i, to, value: 10n ** 15n,
    gasLimit: 21000n, maxFeePerGas: 30n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n }));
  out.walletdHd = await rate((i) => walletd.call('get_private_keys', { coins: ['ETH-ganache'], mode: 'hd',
    start_index: i % 100000, end_index: (i % 100000) + 99 }), 100);
  const seed = await crypto.subtle.importKey('raw', new TextEncoder().encode(MNEMONIC.normalize('NFKD')), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', salt: new TextEncoder().encode('mnemonic'), iterations: 2048, hash: 'SHA-512' }, seed, 512);
  const account = HDKey.fromMasterSeed(new Uint8Array(bits)).derive("m/44'/60'/0'/0");
  out.scureHd = await rate(async (i) => computeAddress('0x' + Buffer_hex(account.deriveChild(i % 100000).publicKey)));
  // The first addresses agree (a bench that compares unequal work proves nothing).
  const first = (await walletd.call('get_private_keys', { coins: ['ETH-ganache'], mode: 'hd', start_index: 0, end_index: 0 }))[0].addresses[0].address;
  out.sameFirstAddress = first === computeAddress('0x' + Buffer_hex(account.deriveChild(0).publicKey));
  walletd.dispose();
  return out;
}

function Buffer_hex(bytes) { return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(''); }

run().then((r) => { window.benchResult = r; }, (e) => { window.benchResult = { error: String(e?.stack ?? e) }; });
