// The extension's service worker owns one walletd node (the package's service-worker entry, data
// in chrome.storage.local through ChromeStorage). Extension pages drive it by messages:
//   {walletd: 'start', config, coins}  → {ok: true}          (replaces a running node)
//   {walletd: 'call', method, params}  → {result} | {error}  (error: WalletdError's fields)
//   {walletd: 'stop'}                  → {ok: true}
//   {walletd: 'status'}                → {running}
// The node lives as long as the worker: when Chrome stops an idle worker, the unlocked wallet
// is gone from memory and a page must start it again (what it stored stays in chrome.storage).
import { createWalletd, ChromeStorage, WalletdError } from './walletd/src/service-worker.js';

let walletd = null;

async function handle(msg) {
  switch (msg.walletd) {
    case 'start':
      walletd?.dispose();
      walletd = null;
      walletd = await createWalletd({ config: msg.config, coins: msg.coins, storage: new ChromeStorage() });
      return { ok: true };
    case 'call':
      if (!walletd) return { error: { error_type: 'NotStarted', error: 'walletd is not started in this worker' } };
      try {
        return { result: await walletd.call(msg.method, msg.params ?? {}) };
      } catch (e) {
        if (!(e instanceof WalletdError)) throw e;
        const { status, error, error_type, error_data, error_path } = e;
        return { error: { status, error, error_type, error_data, error_path } };
      }
    case 'stop':
      walletd?.dispose();
      walletd = null;
      return { ok: true };
    case 'status':
      return { running: walletd !== null };
    default:
      return { error: { error_type: 'UnknownMessage', error: `unknown message ${msg.walletd}` } };
  }
}

chrome.runtime.onMessage.addListener((msg, sender, reply) => {
  if (sender.id !== chrome.runtime.id || typeof msg?.walletd !== 'string') return false;
  handle(msg).then(reply, (e) => reply({ error: { error_type: 'Internal', error: String(e?.message ?? e) } }));
  return true;  // the answer is asynchronous
});
