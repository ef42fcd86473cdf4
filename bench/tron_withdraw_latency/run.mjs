// TRON withdraw latency against the TRON node emulator (tests/peers/tron-node.mjs): the median
// time of one `withdraw` RPC (TRX to a known account, fees estimated, no broadcast) next to the
// sum of its node round trips, replayed through the recording proxy of bench/node_latency.mjs;
// the difference is what walletd adds (RPC parse and answer, thread hops, protobuf, signing;
// target < 1 ms). walletd makes its five reads at once, so its total can come close to (or
// below) the sum of the replayed one-after-another round trips. The JS peer, tronweb, does the same steps (reference block, chain parameters,
// the sender's resources and account, the recipient's account — unconfirmed, from /wallet/* as
// walletd reads them — then sendTrx offline with txLocal and trx.sign), measured the same way.
// Usage: node bench/tron_withdraw_latency/run.mjs [iterations, default 200]
import { TronWeb } from 'tronweb';
import { TronNode } from '../../tests/peers/tron-node.mjs';
import { FUNDED_KEY } from '../../tests/peers/ganache.mjs';
import { WalletdProcess, PASSWORD, tempDir, writeConfig, cleanup } from '../../tests/support/walletd-process.mjs';
import { recordingProxy, post, measure, printLatencyTable } from '../node_latency.mjs';

const iterations = Number(process.argv[2] ?? 200);
const KEY = FUNDED_KEY.slice(2);
const ME = TronWeb.address.fromPrivateKey(KEY);
const TO = 'TDvSsdrNM5eeXNL3czpa6AxLDHZA9nwe9K';

const node = await TronNode.start();
node.fund(ME, 1_000_000_000n);
node.fund(TO, 1n);
const proxy = await recordingProxy(node.url);
const dir = tempDir();
const walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: FUNDED_KEY }));
try {
  const enabled = await walletd.rpc('enable_eth_with_tokens', { ticker: 'TRX-devnet', nodes: [{ url: proxy.url }] });
  if (enabled.status !== 200) throw new Error(enabled.text);
  const body = JSON.stringify({ mmrpc: '2.0', userpass: PASSWORD, method: 'withdraw',
    params: { coin: 'TRX-devnet', to: TO, amount: '1' } });
  const walletdRow = await measure(proxy, () => post(walletd.url, body), iterations);

  const tronweb = new TronWeb({ fullHost: proxy.url });
  const tronwebRow = await measure(proxy, async () => {
    const blockHeader = await tronweb.trx.getCurrentRefBlockParams();
    await tronweb.trx.getChainParameters();
    await tronweb.trx.getAccountResources(ME);
    const account = await tronweb.trx.getUnconfirmedAccount(ME);
    await tronweb.trx.getUnconfirmedAccount(TO);
    if (BigInt(account.balance ?? 0) < 1_000_000n) throw new Error('balance');
    const tx = await tronweb.transactionBuilder.sendTrx(TO, 1_000_000, ME, { txLocal: true, blockHeader });
    await tronweb.trx.sign(tx, KEY);
  }, iterations);

  printLatencyTable(`TRX withdraw against the TRON emulator through a recording proxy: ${iterations} runs, medians in ms`,
    [['walletd withdraw RPC', walletdRow], ['tronweb (same steps)', tronwebRow]]);
} finally {
  await walletd.stop();
  await proxy.stop();
  await node.stop();
  cleanup(dir);
}
