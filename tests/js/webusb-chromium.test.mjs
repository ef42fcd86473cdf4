// The WebUSB path in a real browser: Debian's Chromium (playwright-core) loads a page under a
// strict CSP whose navigator.usb is the WebUSB stand-in, its transfers forwarded to the Trezor
// test device in this process (page.exposeFunction). A click allows the device (requestTrezor on
// a user gesture); the packed package's browser entry, with its default usb (navigator.usb),
// initializes the Trezor through its PIN, activates ETH on ganache with the device's account and
// signs a withdraw on the device: ethers recovers the device's address from it. Any console error
// or failed request fails the test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { Transaction, parseEther } from 'ethers';
import { Ganache } from '../peers/ganache.mjs';
import { TrezorTestDevice } from '../peers/trezor/device.mjs';
import { usbEndpoints } from '../peers/trezor/usb.mjs';
import { matrixPositions } from '../support/trezor-tasks.mjs';
import { repoRoot } from '../support/walletd-process.mjs';
import { servePackagePage } from '../support/package-page-server.mjs';

const CHROMIUM = '/usr/bin/chromium';
const DEVICE_ADDRESS = '0x73d0385F4d8E00C5e6504C6030F47BF6212736A8';
let server, url, browser, ganache;

before(async () => {
  ganache = await Ganache.start();
  await (await ganache.funder.sendTransaction({ to: DEVICE_ADDRESS, value: parseEther('2') })).wait();
  server = await servePackagePage(join(repoRoot, 'tests/js/webusb-page'), { '/support/': join(repoRoot, 'tests/support') });
  ({ url } = server);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});

after(async () => {
  await browser?.close();
  await server?.close();
  await ganache?.stop();
});

test('a Trezor over WebUSB in Chromium: allowed on a click, PIN, ETH activated and a withdraw signed on it', async () => {
  const device = new TrezorTestDevice({ pin: '7531' });
  const endpoints = usbEndpoints(device);
  const page = await (await browser.newContext()).newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  await page.exposeFunction('usbWrite', (hex) => endpoints.write(Buffer.from(hex, 'hex')));
  await page.exposeFunction('usbRead', async () => Buffer.from(await endpoints.read()).toString('hex'));
  await page.exposeFunction('pinPositions', () => matrixPositions(device, '7531'));
  await page.goto(`${url}?ganache=${encodeURIComponent(ganache.url)}`);
  await page.click('#connect');
  await page.waitForFunction(() => window.walletdResult, null, { timeout: 60000 });
  const result = await page.evaluate(() => window.walletdResult);
  assert.equal(result.error, undefined, result.error);
  assert.deepEqual(problems, []);
  assert.equal(result.devicePubkey, 'bc07b06cd602924eb9f3b9cab87d9d9da7f16ab4');
  assert.equal(result.address, DEVICE_ADDRESS);
  const tx = Transaction.from(`0x${result.txHex}`);
  assert.equal(tx.from, DEVICE_ADDRESS);
  assert.equal(tx.value, parseEther('0.5'));
  assert.ok(device.log.includes('< PinMatrixAck') && device.log.includes('< EthereumSignTxEIP1559'));
});
