// The extension's console page: sends one request at a time to the service worker's walletd and
// shows the answer. `walletd(message)` is also what a wallet UI in this extension would call.
export function walletd(message) {
  return chrome.runtime.sendMessage(message);
}
globalThis.walletd = walletd;

const $ = (id) => document.getElementById(id);

async function showStatus() {
  const { running } = await walletd({ walletd: 'status' });
  $('status').textContent = running ? 'walletd is running in the service worker.'
    : 'walletd is not started: send {walletd: "start", config, coins} from a page of this extension.';
}

$('send').addEventListener('click', async () => {
  let params;
  try {
    params = JSON.parse($('params').value || '{}');
  } catch (e) {
    $('out').textContent = `params: ${e.message}`;
    return;
  }
  const answer = await walletd({ walletd: 'call', method: $('method').value.trim(), params });
  $('out').textContent = JSON.stringify(answer, null, 2);
});

showStatus();
