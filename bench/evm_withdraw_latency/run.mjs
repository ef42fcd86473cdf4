// withdraw latency against ganache: the median time of one `withdraw` RPC (estimated EIP-1559
// fee, no broadcast) next to the sum of its node round trips. A recording proxy between walletd
// and ganache keeps the JSON-RPC bodies walletd sent; right after each withdraw the bench replays
// exactly those bodies, one after another, with a minimal keep-alive client (bench/node_latency.mjs) — that time is "the
// sum of its node round trips", and the difference is what walletd adds (its RPC parse and
// answer, thread hops, signing; target < 1 ms). The JS peer, ethers, does the same steps (nonce,
// balance, fee data, gas estimate, signTransaction) and is measured the same way. The RPC to
// walletd also uses a keep-alive client, so both sides pay the same HTTP costs.
// Usage: node bench/evm_withdraw_latency/run.mjs [iterations, default 200]
import { JsonRpcProvider, Wallet, parseEther } from 'ethers';
import { Ganache, FUNDED_KEY } from '../../tests/peers/ganache.mjs';
import { WalletdProcess, PASSWORD, tempDir, writeConfig, cleanup } from '../../tests/support/walletd-process.mjs';
import { recordingProxy, post, measure, printLatencyTable } from '../node_latency.mjs';

const iterations = Number(process.argv[2] ?? 200);
const TO = '0x3535353535353535353535353535353535353535';

const ganache = await Ganache.start();
const proxy = await recordingProxy(ganache.url);
const dir = tempDir();
const walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: FUNDED_KEY }));
try {
  const enabled = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: proxy.url }] });
  if (enabled.status !== 200) throw new Error(enabled.text);
  const body = JSON.stringify({ mmrpc: '2.0', userpass: PASSWORD,
    method: 'withdraw', params: { coin: 'ETH-ganache', to: TO, amount: '0.01' } });
  const walletdRow = await measure(proxy, () => post(walletd.url, body), iterations);

  const provider = new JsonRpcProvider(proxy.url, 1337, { staticNetwork: true, cacheTimeout: -1, batchMaxCount: 1 });
  const wallet = new Wallet(FUNDED_KEY, provider);
  const ethersRow = await measure(proxy, async () => {
    const nonce = await provider.getTransactionCount(wallet.address, 'pending');
    const balance = await provider.getBalance(wallet.address);
    const fees = await provider.getFeeData();
    const tx = { type: 2, chainId: 1337, nonce, to: TO, value: parseEther('0.01'),
      maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
    tx.gasLimit = await provider.estimateGas({ ...tx, from: wallet.address });
    if (balance < tx.value) throw new Error('balance');
    await wallet.signTransaction(tx);
  }, iterations);
  provider.destroy();

  printLatencyTable(`withdraw against ganache through a recording proxy: ${iterations} runs, medians in ms`,
    [['walletd withdraw RPC', walletdRow], ['ethers (same steps)', ethersRow]]);
} finally {
  await walletd.stop();
  await proxy.stop();
  await ganache.stop();
  cleanup(dir);
}
