// The web demo (web-demo/) in Debian's Chromium, as a newcomer would use it: started by
// web-demo/serve.mjs (ganache + the packed package under a strict CSP), a wallet restored from
// ganache's mnemonic and sealed in IndexedDB, ETH + TST activated, a withdraw previewed and
// broadcast — checked on ganache to the wei — then a reload: the wallet is still there, a wrong
// password is refused readably, the right one opens it with the same address. Then a browser-
// extension wallet: an EIP-1193 stand-in injected as window.ethereum (its requests answered by
// tests/support/eip1193-provider.mjs in the test process, which signs with its own key) — connect,
// BroadcastExpected on preview, the user rejecting, a send checked on ganache to the wei. Then the
// TRON panel: a gasless USDT transfer through the relay provider emulator, previewed, signed,
// submitted and followed on the page's event stream to confirmed, with the token ledger exact. A
// screenshot of each step goes to build/web-demo-screenshots/; a console error or failed request
// fails the test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { HDNodeWallet, parseEther, parseUnits } from 'ethers';
import { TestEthereumProvider } from '../support/eip1193-provider.mjs';
import { startDemo, tronAccountOf, GANACHE_MNEMONIC, USDT } from '../../web-demo/serve.mjs';
import { PROVIDER_ADDRESS } from '../peers/relay-provider.mjs';
import { repoRoot } from '../support/walletd-process.mjs';

const SHOTS = join(repoRoot, 'build/web-demo-screenshots');
const ME = '0x90F8bf6A479f320ead074411a4B0e7944Ea8c9C1';  // m/44'/60'/0'/0/0 of ganache's mnemonic
const TO = '0x000000000000000000000000000000000000dEaD';
const PASSWORD = 'Demo-Wallet-Pass-1!';
let demo, browser;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  demo = await startDemo();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
});

after(async () => {
  await browser?.close();
  await demo?.stop();
});

// What fails a test in the page: console errors, page errors and (unless told) failed requests.
function watchProblems(page, { requests = true } = {}) {
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  if (requests) page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  return problems;
}

// Waits (bounded) until the page's status line contains `text`.
const statusWaiter = (page) => (text) => page.waitForFunction((t) => document.getElementById('status').textContent.includes(t),
  text, { timeout: 30000 });

test('the demo restores a wallet, sends ETH exactly, and finds the wallet again after a reload', async () => {
  const page = await (await browser.newContext()).newPage();
  const problems = watchProblems(page);
  let shot = 0;
  const snap = (name) => page.screenshot({ path: join(SHOTS, `${String(++shot).padStart(2, '0')}-${name}.png`), fullPage: true });
  const statusIs = statusWaiter(page);

  await page.goto(demo.url);
  await statusIs('create or restore');
  await page.fill('#wallet-name', 'demo');
  await page.fill('#wallet-password', PASSWORD);
  await page.click('#use-ganache');
  await snap('restore');
  await page.click('#create');
  await statusIs('wallet "demo" is open');

  await page.click('#activate');
  await statusIs('ETH-ganache active');
  const firstRow = async () => page.$$eval('#addresses tbody tr:first-child td', (cells) => cells.map((c) => c.textContent));
  let [address, path, eth, tst] = await firstRow();
  assert.deepEqual([address, path, tst], [ME, "m/44'/60'/0'/0/0", '1000']);
  const before = BigInt(await demo.ganache.rpc('eth_getBalance', [ME, 'latest']));
  assert.equal(parseEther(eth), before, 'the ETH balance shown is the node\'s');
  await snap('activated');

  await page.fill('#withdraw-to', TO);
  await page.fill('#withdraw-amount', '0.5');
  await page.selectOption('#withdraw-fee', 'eip1559');
  await page.click('#preview');
  await page.waitForFunction(() => !document.getElementById('send').disabled);
  const preview = await page.textContent('#preview-output');
  const fee = parseEther(preview.match(/fee: ([\d.]+) ETH-ganache/)[1]);
  await snap('preview');
  await page.click('#send');
  await page.waitForFunction(() => /^broadcast: [0-9a-f]{64}$/.test(document.getElementById('sent').textContent));
  const hash = '0x' + (await page.textContent('#sent')).slice('broadcast: '.length);
  const receipt = await demo.ganache.rpc('eth_getTransactionReceipt', [hash]);
  assert.equal(receipt.status, '0x1');
  // EIP-1559: fee_details.total_fee is gas × max_fee_per_gas (as KDF reports it), the most the
  // chain may charge; it charged gasUsed × effectiveGasPrice.
  const charged = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
  assert.equal(fee, 21000n * parseUnits('2', 'gwei'), 'the preview shows gas × the chosen max fee');
  assert.ok(charged <= fee && BigInt(receipt.effectiveGasPrice) <= parseUnits('2', 'gwei'), 'the chosen max fee held');
  assert.equal(BigInt(await demo.ganache.rpc('eth_getBalance', [TO, 'latest'])), parseEther('0.5'));
  const after = BigInt(await demo.ganache.rpc('eth_getBalance', [ME, 'latest']));
  assert.equal(before - after, parseEther('0.5') + charged, 'the sender paid amount + what the chain charged, to the wei');
  await statusIs(`balances of ${ME} updated`);
  [, , eth] = await firstRow();
  assert.equal(parseEther(eth), after, 'the balance shown after sending is the node\'s');
  await snap('sent');

  await page.reload();
  await statusIs('unlock your wallet');
  assert.equal(await page.textContent('#unlock-name'), 'demo');
  await page.fill('#unlock-password', 'Not-The-Password-1!');
  await page.click('#unlock');
  await page.waitForFunction(() => !document.getElementById('error').hidden);
  assert.match(await page.textContent('#error'), /^InvalidConfig: wallet_password is wrong for wallet 'demo'$/);
  await snap('wrong-password');
  await page.fill('#unlock-password', PASSWORD);
  await page.click('#unlock');
  await statusIs('wallet "demo" is open');
  await page.click('#activate');
  await statusIs('ETH-ganache active');
  [address] = await firstRow();
  assert.equal(address, ME);
  await page.waitForFunction(() => document.getElementById('events').textContent.includes('HEARTBEAT'), null, { timeout: 15000 });
  await snap('reloaded');
  assert.deepEqual(problems, []);
});

test('a browser-extension wallet in the demo: connect, BroadcastExpected, a rejection, a send to the wei', async () => {
  const provider = new TestEthereumProvider({ ganache: demo.ganache,
    key: HDNodeWallet.fromPhrase(GANACHE_MNEMONIC, undefined, "m/44'/60'/0'/0/3").privateKey });
  const context = await browser.newContext();
  await context.exposeFunction('__testEthereumRequest', async (args) => {
    try {
      return { ok: await provider.request(args) };
    } catch (e) {
      return { error: { code: e.code, message: e.message } };
    }
  });
  await context.addInitScript(() => {
    window.ethereum = { request: async (args) => {
      const answer = await window.__testEthereumRequest(args);
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
      return answer.ok;
    } };
  });
  const page = await context.newPage();
  const problems = watchProblems(page, { requests: false });
  const statusIs = statusWaiter(page);
  const errorIs = async (pattern) => {
    await page.waitForFunction(() => !document.getElementById('error').hidden);
    assert.match(await page.textContent('#error'), pattern);
  };
  await page.goto(demo.url);
  await statusIs('create or restore');
  await page.fill('#wallet-name', 'with-extension');
  await page.fill('#wallet-password', PASSWORD);
  await page.click('#create');  // a new wallet: its own keys are not used for ETH below
  await statusIs('is open');
  await page.click('#connect-browser-wallet');
  await statusIs('ETH-ganache uses the browser wallet');
  const [address, source] = await page.$$eval('#addresses tbody tr:first-child td', (cells) => cells.map((c) => c.textContent));
  assert.deepEqual([address, source], [provider.address, 'browser wallet']);
  await page.screenshot({ path: join(SHOTS, '07-browser-wallet-connected.png'), fullPage: true });

  await page.fill('#withdraw-to', TO);
  await page.fill('#withdraw-amount', '0.25');
  await page.click('#preview');
  await errorIs(/^BroadcastExpected: ETH-ganache is signed by a browser wallet/);
  provider.rejectNext = true;
  await page.click('#send');
  await errorIs(/^SigningError: the user rejected the transaction in the browser wallet \(EIP-1193 4001\)$/);
  await page.screenshot({ path: join(SHOTS, '08-browser-wallet-rejected.png'), fullPage: true });

  const before = BigInt(await demo.ganache.rpc('eth_getBalance', [provider.address, 'latest']));
  const toBefore = BigInt(await demo.ganache.rpc('eth_getBalance', [TO, 'latest']));
  await page.click('#send');
  await page.waitForFunction(() => /^broadcast: [0-9a-f]{64}$/.test(document.getElementById('sent').textContent));
  const hash = '0x' + (await page.textContent('#sent')).slice('broadcast: '.length);
  const receipt = await demo.ganache.rpc('eth_getTransactionReceipt', [hash]);
  assert.equal(receipt.from.toLowerCase(), provider.address.toLowerCase());
  const charged = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
  assert.equal(BigInt(await demo.ganache.rpc('eth_getBalance', [TO, 'latest'])) - toBefore, parseEther('0.25'));
  const after = BigInt(await demo.ganache.rpc('eth_getBalance', [provider.address, 'latest']));
  assert.equal(before - after, parseEther('0.25') + charged);
  await statusIs(`balances of ${provider.address} updated`);
  await page.screenshot({ path: join(SHOTS, '09-browser-wallet-sent.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('the TRON panel: a gasless USDT transfer signed in the page and followed live to confirmed', async () => {
  const page = await (await browser.newContext()).newPage();
  const problems = watchProblems(page);
  const statusIs = statusWaiter(page);
  const { address, relay } = tronAccountOf(GANACHE_MNEMONIC);
  const TRON_TO = 'TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K';

  await page.goto(demo.url);
  await statusIs('create or restore');
  await page.fill('#wallet-name', 'tron');
  await page.fill('#wallet-password', PASSWORD);
  await page.click('#use-ganache');
  await page.click('#create');
  await statusIs('is open');
  await page.click('#tron-activate');
  await statusIs('TRX-devnet active with the relay provider');
  const account = await page.textContent('#tron-account');
  assert.match(account, new RegExp(`^address: ${address} `));
  assert.match(account, new RegExp(`relay address: ${relay}$`));

  await page.fill('#gasless-to', TRON_TO);
  await page.fill('#gasless-amount', '3');
  await page.click('#gasless-preview');
  await page.waitForFunction(() => !document.getElementById('gasless-send').disabled);
  const preview = await page.textContent('#gasless-output');
  assert.match(preview, new RegExp(`^send 3 USDT to ${TRON_TO}`));
  assert.match(preview, new RegExp(`provider fee: 1.25 USDT \\(.*\\), paid from ${relay}`));  // activation + transfer fee
  await page.screenshot({ path: join(SHOTS, '10-gasless-preview.png'), fullPage: true });
  await page.click('#gasless-send');
  await page.waitForFunction(() => / confirmed/.test(document.getElementById('gasless-state').textContent), null,
    { timeout: 30000 });
  await page.screenshot({ path: join(SHOTS, '11-gasless-confirmed.png'), fullPage: true });
  assert.equal(demo.tron.tokenBalance(USDT, TRON_TO), 3_000_000n);
  assert.equal(demo.tron.tokenBalance(USDT, relay), 5_750_000n);
  assert.equal(demo.tron.tokenBalance(USDT, PROVIDER_ADDRESS), 1_250_000n);
  assert.deepEqual(problems, []);
});
