// The package in a real Manifest V3 extension: examples/mv3-extension assembled with the packed
// tarball and loaded unpacked into Debian's Chromium (playwright-core, persistent context).
// The service worker runs walletd from the package's service-worker entry on chrome.storage
// (ChromeStorage); the extension's console page drives it with chrome.runtime.sendMessage:
// activation against ganache, a withdraw with broadcast checked on ganache to the wei, a refusal
// as WalletdError fields, a stop and start that finds its data in chrome.storage.local, and the
// browser entry run from the extension page itself under the extension's CSP. Any console error
// or page error fails the test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { Ganache } from '../peers/ganache.mjs';
import { repoRoot, tempDir, cleanup } from '../support/walletd-process.mjs';
import { assembleExtension } from '../../examples/mv3-extension/assemble.mjs';

const TO = '0x000000000000000000000000000000000000dEaD';
const coins = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');
const config = { passphrase: 'walletd in an mv3 extension' };
let ganache, context, profile, page, worker;
const problems = [];

before(async () => {
  ganache = await Ganache.start();
  const extension = assembleExtension(join(repoRoot, 'build/mv3-extension-test'));
  profile = tempDir('walletd-chromium-');
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', `--disable-extensions-except=${extension}`, `--load-extension=${extension}`],
  });
  context.on('weberror', (e) => problems.push(`web error: ${e.error().message}`));
  worker = context.serviceWorkers()[0] ?? await context.waitForEvent('serviceworker', { timeout: 15000 });
  page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`chrome-extension://${new URL(worker.url()).host}/console.html`);
});

after(async () => {
  await context?.close();
  await ganache?.stop();
  if (profile) cleanup(profile);
});

const send = (message) => page.evaluate((m) => globalThis.walletd(m), message);
async function call(method, params) {
  const answer = await send({ walletd: 'call', method, params });
  assert.equal(answer.error, undefined, `${method}: ${JSON.stringify(answer.error)}`);
  return answer.result;
}

test('the service worker runs walletd on chrome.storage; the console page drives it', async () => {
  assert.deepEqual(await send({ walletd: 'status' }), { running: false });
  assert.deepEqual(await send({ walletd: 'start', config, coins }), { ok: true });
  await call('gui_storage::enable_account', { policy: 'new', account_id: { type: 'iguana' }, name: 'kept in chrome.storage' });
  const eth = await call('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }], erc20_tokens_requests: [] });
  const address = Object.keys(eth.eth_addresses_infos)[0];
  await ganache.fund(address, 10n ** 18n);
  const toBefore = await ganache.balance(TO);
  const sent = await call('withdraw', { coin: 'ETH-ganache', to: TO, amount: '0.25', broadcast: true });
  assert.match(sent.tx_hash, /^[0-9a-f]{64}$/);
  const receipt = await ganache.rpc('eth_getTransactionReceipt', ['0x' + sent.tx_hash]);
  assert.equal(receipt.status, '0x1');
  assert.equal(await ganache.balance(TO), toBefore + 25n * 10n ** 16n);
  const fee = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
  assert.equal(await ganache.balance(address), 10n ** 18n - 25n * 10n ** 16n - fee);

  const refusal = await send({ walletd: 'call', method: 'my_balance', params: { coin: 'NOPE' } });
  assert.equal(refusal.error.status, 400);
  assert.equal(refusal.error.error_type, 'NoSuchCoin');
  assert.deepEqual(problems, []);
});

test('stopped and started again, walletd finds its data in chrome.storage.local', async () => {
  assert.deepEqual(await send({ walletd: 'stop' }), { ok: true });
  const names = await page.evaluate(async () => Object.keys(await chrome.storage.local.get(null)));
  assert.ok(names.some((n) => n.startsWith('walletd:')), `no walletd items in chrome.storage.local: ${names}`);
  assert.deepEqual(await send({ walletd: 'start', config, coins }), { ok: true });
  assert.equal((await call('gui_storage::get_enabled_account', {})).name, 'kept in chrome.storage');
  assert.deepEqual(await send({ walletd: 'stop' }), { ok: true });
  assert.deepEqual(problems, []);
});

test('an extension page runs the browser entry itself, under the extension CSP', async () => {
  const out = await page.evaluate(async ({ config, coins }) => {
    const { createWalletd, ChromeStorage } = await import('./walletd/src/browser.js');
    const walletd = await createWalletd({ config, coins, storage: new ChromeStorage() });
    try {
      return { version: await walletd.call('version', {}), account: (await walletd.call('gui_storage::get_enabled_account', {})).name };
    } finally {
      walletd.dispose();
    }
  }, { config, coins });
  assert.match(out.version.result, /^\d+\.\d+\.\d+/);
  assert.equal(out.account, 'kept in chrome.storage');
  assert.deepEqual(problems, []);
});
