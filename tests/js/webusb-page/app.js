// Runs in Chromium: navigator.usb is the WebUSB stand-in (its transfers reach the test device in
// the test process through the functions it exposed: usbWrite, usbRead; pinPositions reads the
// device's PIN matrix as a user would). The Connect button allows the device (requestTrezor, on a
// user gesture), then the package's browser entry — with its default `usb`, navigator.usb —
// initializes the Trezor, activates ETH on ganache with it and signs a withdraw on it. The outcome
// is left in window.walletdResult.
import { createWalletd, requestTrezor } from './pkg/src/browser.js';
import { webUsbStandIn } from './support/webusb-stand-in.mjs';

const log = (line) => { document.getElementById('log').textContent += `\n${line}`; };
const ganache = new URLSearchParams(location.search).get('ganache');
const toHex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (hex) => Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16));

Object.defineProperty(navigator, 'usb', {
  configurable: true,
  value: webUsbStandIn({ write: (report) => window.usbWrite(toHex(report)), read: async () => fromHex(await window.usbRead()) }),
});

async function until(walletd, method, taskId, done) {
  for (let i = 0; i < 800; i++) {
    const s = await walletd.call(method, { task_id: taskId, forget_if_finished: false });
    if (done(s)) return s;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${method} never finished`);
}

async function run() {
  await requestTrezor();
  log('allowed');
  const coins = await (await fetch('./coins.json')).json();
  coins.find((c) => c.coin === 'ETH-ganache').trezor_coin = 'Ethereum';
  const walletd = await createWalletd({ config: { passphrase: 'webusb in chromium', trezor: { transport: 'webusb' } }, coins });
  const { task_id: init } = await walletd.call('task::init_trezor::init', {});
  await until(walletd, 'task::init_trezor::status', init, (s) => s.details === 'EnterTrezorPin');
  await walletd.call('task::init_trezor::user_action', { task_id: init, user_action: { action_type: 'TrezorPin', pin: await window.pinPositions() } });
  const connected = await until(walletd, 'task::init_trezor::status', init, (s) => s.status !== 'InProgress');
  if (connected.status !== 'Ok') throw new Error(JSON.stringify(connected));
  log(`device ${connected.details.device_pubkey}`);
  const { task_id: activation } = await walletd.call('task::enable_eth::init', { ticker: 'ETH-ganache', nodes: [{ url: ganache }],
    priv_key_policy: { type: 'Trezor' }, erc20_tokens_requests: [] });
  const enabled = await until(walletd, 'task::enable_eth::status', activation, (s) => s.status !== 'InProgress');
  if (enabled.status !== 'Ok') throw new Error(JSON.stringify(enabled));
  const { task_id: withdraw } = await walletd.call('task::withdraw::init', { coin: 'ETH-ganache',
    to: '0x3535353535353535353535353535353535353535', amount: '0.5' });
  const signed = await until(walletd, 'task::withdraw::status', withdraw, (s) => s.status !== 'InProgress');
  if (signed.status !== 'Ok') throw new Error(JSON.stringify(signed));
  log('signed');
  return { devicePubkey: connected.details.device_pubkey, address: enabled.details.wallet_balance.accounts[0].addresses[0].address,
    txHex: signed.details.tx_hex };
}

document.getElementById('connect').addEventListener('click', () => {
  run().then((result) => { window.walletdResult = result; }, (e) => { window.walletdResult = { error: String(e?.stack ?? e) }; });
});
