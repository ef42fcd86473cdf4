// Runs in Chromium: the packed package's browser entry (served at ./pkg/), IndexedDB storage.
// Steps are chosen by the page's query (?step=start|start-sealed-hd|first|reload|zhtlc) and the outcome
// is left in window.walletdResult for the test to read.
import { createWalletd, WalletdError } from './pkg/src/browser.js';

const log = (line) => { document.getElementById('log').textContent += `\n${line}`; };
const step = new URLSearchParams(location.search).get('step');
const ganache = new URLSearchParams(location.search).get('ganache');
const lightwalletd = new URLSearchParams(location.search).get('lightwalletd');
const electrum = new URLSearchParams(location.search).get('electrum');

// ?step=zhtlc: ARRR in light mode over gRPC-web (fetch with binary bodies, a CORS preflight), the
// transparent side over an Electrum server's WebSocket.
async function activateZhtlc(walletd) {
  const init = await walletd.call('task::enable_z_coin::init', { ticker: 'ARRR', activation_params: { mode: { rpc: 'Light',
    rpc_data: { electrum_servers: [{ url: electrum.replace('ws://', ''), protocol: 'WS' }], light_wallet_d_servers: [lightwalletd], sync_params: { height: 1900000 } } } } });
  for (let i = 0; i < 1500; i++) {
    const s = await walletd.call('task::enable_z_coin::status', { task_id: init.task_id });
    if (s.status !== 'InProgress') return s.status === 'Ok' ? s.details : s;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('ZHTLC activation did not finish');
}

async function run() {
  const coins = await (await fetch('./coins.json')).text();
  const started = performance.now();
  // start-sealed-hd: what a web wallet's first start does, an HD mnemonic sealed under a password.
  const config = step === 'start-sealed-hd'
    ? { passphrase: 'myth like bonus scare over problem client lizard pioneer submit female collect', enable_hd: true,
      wallet_name: 'chromium', wallet_password: 'Walletd-in-Chromium-1', event_streaming_configuration: {} }
    : { passphrase: 'walletd in chromium', event_streaming_configuration: {} };
  const walletd = await createWalletd({ config, coins });
  const version = await walletd.call('version', {});
  const firstAnswerMs = performance.now() - started;
  log(`version ${version.result} after ${firstAnswerMs.toFixed(0)} ms`);
  const marks = performance.getEntriesByType('mark').filter((m) => m.name.startsWith('walletd:'));
  const steps = marks.map((m, i) => `${m.name.slice(8)} +${(m.startTime - (i ? marks[i - 1].startTime : started)).toFixed(0)}`);
  const out = { firstAnswerMs, version: version.result, steps: steps.join(', ') };
  if (step.startsWith('start')) {
    // Start-up only (the test times several first visits).
  } else if (step === 'zhtlc') {
    out.zhtlc = await activateZhtlc(walletd);
  } else if (step === 'first') {
    await walletd.call('gui_storage::enable_account', { policy: 'new', account_id: { type: 'iguana' }, name: 'kept across reloads' });
    const eth = await walletd.call('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: ganache }], erc20_tokens_requests: [] });
    out.ethAddress = Object.keys(eth.eth_addresses_infos)[0];
    out.ethBalance = eth.eth_addresses_infos[out.ethAddress].balances.spendable;
    try {
      await walletd.call('my_balance', { coin: 'NOPE' });
    } catch (e) {
      out.refusal = e instanceof WalletdError ? { status: e.status, error_type: e.error_type } : String(e);
    }
  } else {
    out.account = (await walletd.call('gui_storage::get_enabled_account', {})).name;
  }
  walletd.dispose();
  return out;
}

run().then((r) => { window.walletdResult = r; log('done'); },
  (e) => { window.walletdResult = { error: String(e && e.stack || e) }; log(`failed: ${e}`); });
