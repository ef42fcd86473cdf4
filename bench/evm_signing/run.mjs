// EIP-1559 transactions signed and serialised per second: walletd core native, walletd wasm under
// node, ethers Wallet.signTransaction — one run, side by side. walletd's sample transaction is
// parsed by ethers first, and its sender and fields are checked.
// Usage: node bench/evm_signing/run.mjs [seconds per figure, default 2]
import { Transaction, Wallet, parseUnits } from 'ethers';
import { runCoreBench } from '../core_bench.mjs';

const seconds = Number(process.argv[2] ?? 2);
const wallet = new Wallet('0x' + '46'.repeat(32));
const request = { type: 2, chainId: 1, nonce: 0, maxPriorityFeePerGas: parseUnits('1.5', 'gwei'),
  maxFeePerGas: parseUnits('30', 'gwei'), gasLimit: 21000n, to: '0x3535353535353535353535353535353535353535',
  value: parseUnits('0.01', 'ether'), data: '0x' };

function walletd(kind) {
  const result = runCoreBench('evm_signing_bench', seconds, kind);
  if (!result) return null;
  const tx = Transaction.from(result.sample);
  if (tx.from !== wallet.address || tx.type !== 2 || tx.value !== request.value || tx.to !== request.to ||
      tx.maxFeePerGas !== request.maxFeePerGas || tx.gasLimit !== request.gasLimit) {
    throw new Error(`ethers does not accept walletd ${kind}'s transaction ${result.sample}`);
  }
  return result.eip1559_signed_per_s;
}

async function ethersRate() {
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  do {
    for (let k = 0; k < 20; k++) await wallet.signTransaction({ ...request, nonce: n++ });
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  } while (elapsed < seconds);
  return n / elapsed;
}

const rows = [['walletd native', walletd('native')], ['walletd wasm (node)', walletd('wasm')],
  ['ethers Wallet.signTransaction', await ethersRate()]];
console.log(`EIP-1559 ETH transfers signed + serialised per second (${seconds} s per figure)`);
for (const [name, value] of rows) console.log(name.padEnd(34), value == null ? '—' : Math.round(value).toLocaleString('en-US'));
console.log('targets: native >= 25,000/s, wasm >= 10,000/s');
