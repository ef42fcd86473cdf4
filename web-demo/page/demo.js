// The web demo's logic: a sealed HD wallet kept in IndexedDB by walletd itself, ETH + a token on a
// node, the wallet's addresses and balances, a withdraw previewed then broadcast, a gasless USDT
// transfer on TRON followed live on the event stream, and every refusal shown as walletd reports
// it (error_type: message).
import { createWalletd, WalletdError } from './pkg/src/browser.js';

const $ = (id) => document.getElementById(id);
const WALLET_KEY = 'walletd-demo:wallet';  // the last wallet's name (not secret)
// `browserWallet`: ETH-ganache is signed by the browser-extension wallet (EIP-1193) instead.
const state = { walletd: null, settings: null, coins: null, previewed: null, browserWallet: false,
  gasless: null, traceId: null };

function show(id, visible = true) { $(id).hidden = !visible; }
function status(text) { $('status').textContent = text; }
function showError(e) {
  const text = e instanceof WalletdError ? `${e.error_type}: ${e.message}` : String(e?.message ?? e);
  $('error').textContent = text;
  show('error');
}
function clearError() { show('error', false); }

/** Runs a UI action: errors are shown, never thrown away. */
function action(fn) {
  return async (event) => {
    event?.preventDefault();
    clearError();
    try {
      await fn();
    } catch (e) {
      showError(e);
    }
  };
}

// ---- wallet ----

async function openWallet(config) {
  state.walletd?.dispose();
  state.walletd = null;
  state.walletd = await createWalletd({ config: { enable_hd: true, event_streaming_configuration: {}, ...config },
    coins: state.coins, ethereumProvider: window.ethereum });
  localStorage.setItem(WALLET_KEY, config.wallet_name);
  show('unlock-form', false);
  show('create-form', false);
  show('coins-panel');
  show('tron-panel');
  show('events-panel');
  status(`wallet "${config.wallet_name}" is open`);
  openEvents();
}

function showWalletForms() {
  const name = localStorage.getItem(WALLET_KEY);
  $('unlock-name').textContent = name ?? '';
  show('unlock-form', Boolean(name));
  show('create-form', !name);
  status(name ? 'unlock your wallet' : 'create or restore a wallet');
}

// ---- events ----

function openEvents() {
  const events = $('events');
  state.walletd.openEventStream(1, (frame) => {
    const data = frame.match(/^data: (.*)$/m)?.[1];
    events.textContent = `${new Date().toLocaleTimeString()} ${data}\n${events.textContent}`.slice(0, 4000);
    showGaslessEvent(data);
  });
  return state.walletd.call('stream::heartbeat::enable', { client_id: 1, config: { stream_interval_seconds: 5 } });
}

// ---- coins, addresses, balances ----

function fillAddresses(result) {
  const body = $('addresses').querySelector('tbody');
  body.textContent = '';
  for (const account of result.wallet_balance.accounts) {
    for (const a of account.addresses) {
      const row = body.insertRow();
      for (const text of [a.address, a.derivation_path, a.balance['ETH-ganache']?.spendable ?? '–',
        a.balance['TST-ganache']?.spendable ?? '–']) row.insertCell().textContent = text;
    }
  }
}

async function activate() {
  status('activating…');
  if (state.browserWallet) await state.walletd.call('disable_coin', { coin: 'ETH-ganache' });
  state.browserWallet = false;
  $('signer').textContent = 'signed by this wallet\'s own keys';
  const result = await state.walletd.call('enable_eth_with_tokens', { ticker: 'ETH-ganache',
    nodes: [{ url: $('node-url').value }], erc20_tokens_requests: [{ ticker: 'TST-ganache' }] });
  fillAddresses(result);
  show('withdraw-panel');
  status(`ETH-ganache active at block ${result.current_block}`);
}

// The extension's account becomes ETH-ganache's address; walletd builds each transaction and the
// extension signs and sends it.
async function connectBrowserWallet() {
  status('asking the browser wallet…');
  const active = (await state.walletd.call('get_enabled_coins', {})).coins.some((c) => c.ticker === 'ETH-ganache');
  if (active) await state.walletd.call('disable_coin', { coin: 'ETH-ganache' });
  const result = await state.walletd.call('enable_eth_with_tokens', { ticker: 'ETH-ganache',
    nodes: [{ url: $('node-url').value }], erc20_tokens_requests: [{ ticker: 'TST-ganache' }],
    priv_key_policy: { type: 'Metamask' } });
  state.browserWallet = true;
  const body = $('addresses').querySelector('tbody');
  body.textContent = '';
  for (const [address, info] of Object.entries(result.eth_addresses_infos)) {
    const row = body.insertRow();
    const tst = result.erc20_addresses_infos[address]?.balances?.['TST-ganache']?.spendable ?? '–';
    for (const text of [address, 'browser wallet', info.balances.spendable, tst]) row.insertCell().textContent = text;
  }
  $('signer').textContent = 'signed by the browser wallet (each send asks it; a withdraw must broadcast)';
  $('send').disabled = false;
  show('withdraw-panel');
  status(`ETH-ganache uses the browser wallet at block ${result.current_block}`);
}

// ---- withdraw ----

function feeChoice() {
  if ($('withdraw-fee').value !== 'eip1559') return {};
  return { fee: { type: 'EthGasEip1559', max_fee_per_gas: '2', max_priority_fee_per_gas: '1' } };
}

async function preview() {
  $('send').disabled = !state.browserWallet;
  state.previewed = null;
  const tx = await state.walletd.call('withdraw', { coin: $('withdraw-coin').value, to: $('withdraw-to').value,
    amount: $('withdraw-amount').value, ...feeChoice() });
  state.previewed = tx;
  const f = tx.fee_details;
  $('preview-output').textContent = [`send ${tx.total_amount} ${tx.coin} to ${tx.to.join(', ')}`,
    `fee: ${f.total_fee ?? f.amount} ${f.coin}${f.gas ? ` (gas ${f.gas})` : ''}`,
    `balance change: ${tx.my_balance_change}`, `tx hash: ${tx.tx_hash}`].join('\n');
  $('send').disabled = false;
}

async function send() {
  if (state.browserWallet) {
    // The extension signs and broadcasts in one step (without broadcast: BroadcastExpected).
    const tx = await state.walletd.call('withdraw', { coin: $('withdraw-coin').value, to: $('withdraw-to').value,
      amount: $('withdraw-amount').value, broadcast: true, ...feeChoice() });
    $('sent').textContent = `broadcast: ${tx.tx_hash}`;
    await refreshBalances();
    return;
  }
  const tx = state.previewed;
  if (!tx) return;
  $('send').disabled = true;
  const { tx_hash: hash } = await state.walletd.call('send_raw_transaction', { coin: tx.coin, tx_hex: tx.tx_hex });
  $('sent').textContent = `broadcast: ${hash}`;
  state.previewed = null;
  await refreshBalances();
}

// The activated address's balances, read again (my_balance), into its row.
async function refreshBalances() {
  const [eth, tst] = await Promise.all(['ETH-ganache', 'TST-ganache'].map((coin) => state.walletd.call('my_balance', { coin })));
  for (const row of $('addresses').querySelector('tbody').rows) {
    if (row.cells[0].textContent !== eth.address) continue;
    row.cells[2].textContent = eth.balance;
    row.cells[3].textContent = tst.balance;
  }
  status(`balances of ${eth.address} updated`);
}

// ---- TRON gasless ----

// The TRON node and the relay provider answer on this page's own origin (web-demo/serve.mjs).
async function activateTron() {
  status('activating TRX-devnet…');
  const { service_provider, api_key, api_secret } = state.settings.tron;
  const active = (await state.walletd.call('get_enabled_coins', {})).coins.some((c) => c.ticker === 'TRX-devnet');
  if (!active) {
    await state.walletd.call('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: [{ url: location.origin }],
      erc20_tokens_requests: [{ ticker: 'USDT-TRC20-devnet' }],
      tron_gasless_provider: { base_url: location.origin, service: { relay: { api_key, api_secret } }, service_provider,
        status_poll_interval_ms: 300 } });
    await state.walletd.call('stream::gasless_trace::enable', { coin: 'USDT-TRC20-devnet', client_id: 1 });
  }
  const [trx, usdt] = await Promise.all(['TRX-devnet', 'USDT-TRC20-devnet'].map((coin) => state.walletd.call('my_balance', { coin })));
  $('tron-account').textContent = [`address: ${trx.address} (${trx.balance} TRX)`,
    `relay address: ${usdt.relay_address ?? trx.relay_address ?? '–'}`].join('\n');
  show('gasless-form');
  status('TRX-devnet active with the relay provider');
}

async function previewGasless() {
  $('gasless-send').disabled = true;
  state.gasless = await state.walletd.call('withdraw', { coin: 'USDT-TRC20-devnet', to: $('gasless-to').value,
    amount: $('gasless-amount').value, fee_method: 'gasless' });
  const f = state.gasless.fee_details;
  $('gasless-output').textContent = [`send ${state.gasless.total_amount} USDT to ${state.gasless.to.join(', ')}`,
    `provider fee: ${f.total_token_fee} USDT (${f.provider_name}), paid from ${f.relay_address}`,
    `signed permit: nonce ${state.gasless.signed_authorization.nonce}, deadline ${state.gasless.signed_authorization.deadline}`].join('\n');
  $('gasless-send').disabled = false;
}

async function sendGasless() {
  if (!state.gasless) return;
  $('gasless-send').disabled = true;
  const sent = await state.walletd.call('send_raw_transaction', { coin: 'USDT-TRC20-devnet', tx_json: state.gasless });
  state.gasless = null;
  state.traceId = sent.trace_id;
  $('gasless-state').textContent = `trace ${sent.trace_id}: ${sent.state}`;
}

// GASLESS_TRACE events of the transfer just submitted update its line.
function showGaslessEvent(data) {
  if (!state.traceId || !data) return;
  let event;
  try { event = JSON.parse(data); } catch { return; }
  if (!String(event._type ?? '').startsWith('GASLESS_TRACE') || event.message?.trace_id !== state.traceId) return;
  const m = event.message;
  $('gasless-state').textContent = `trace ${m.trace_id}: ${m.state}${m.tx_hash ? ` (tx ${m.tx_hash})` : ''}`;
}

// ---- start ----

async function start() {
  [state.settings, state.coins] = await Promise.all([
    fetch('./settings.json').then((r) => r.json()),
    fetch('./coins.json').then((r) => r.text()),
  ]);
  $('node-url').value = state.settings.node;
  $('unlock-form').addEventListener('submit', action(() =>
    openWallet({ wallet_name: localStorage.getItem(WALLET_KEY), wallet_password: $('unlock-password').value })));
  $('forget').addEventListener('click', action(() => {
    localStorage.removeItem(WALLET_KEY);
    showWalletForms();
  }));
  $('use-ganache').addEventListener('click', () => { $('mnemonic').value = state.settings.mnemonic; });
  $('create-form').addEventListener('submit', action(() => {
    const mnemonic = $('mnemonic').value.trim();
    return openWallet({ wallet_name: $('wallet-name').value, wallet_password: $('wallet-password').value,
      ...(mnemonic ? { passphrase: mnemonic } : {}) });
  }));
  $('activate-form').addEventListener('submit', action(activate));
  show('connect-browser-wallet', Boolean(window.ethereum));
  $('connect-browser-wallet').addEventListener('click', action(connectBrowserWallet));
  $('withdraw-form').addEventListener('submit', action(preview));
  $('send').addEventListener('click', action(send));
  $('tron-activate').addEventListener('click', action(activateTron));
  $('gasless-form').addEventListener('submit', action(previewGasless));
  $('gasless-send').addEventListener('click', action(sendGasless));
  showWalletForms();
}

start().catch(showError);
