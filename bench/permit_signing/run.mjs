// Relay permits (TIP-712 PermitTransfer) hashed and signed per second: walletd core native,
// walletd wasm under node, and the provider's SDK signing path (@gasfree/gasfree-sdk's
// getGasFreeLedgerRawHash, then ethers SigningKey.sign — what a JS wallet using the SDK does) —
// one run, side by side. walletd's sample is checked first: the SDK's hash, signer recovered by
// ethers. Target: native ≥ 10× the SDK.
// Usage: node bench/permit_signing/run.mjs [seconds per figure, default 2]
import { createRequire } from 'node:module';
import { SigningKey, recoverAddress, computeAddress } from 'ethers';
import { runCoreBench } from '../core_bench.mjs';

const require = createRequire(import.meta.url);
const { TronGasFree } = require('@gasfree/gasfree-sdk');
const seconds = Number(process.argv[2] ?? 2);
const KEY = '0x' + '46'.repeat(32);
const sdk = new TronGasFree({ chainId: 3448148188 });
const USER_EVM = computeAddress(KEY);
const message = (nonce) => ({ token: '0xECa9bC828A3005B9a3b909f2cc5c2a54794DE05F',
  serviceProvider: '0x9B03188860E45241f2C294533A5915b1bB6d9128', user: USER_EVM,
  receiver: '0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF', value: '1000000', maxFee: '2000000',
  deadline: '1735689600', version: '1', nonce: String(nonce) });

function walletd(kind) {
  const result = runCoreBench('permit_signing_bench', seconds, kind);
  if (!result) return null;
  const { permitTransferMessageHash } = sdk.getGasFreeLedgerRawHash({ message: message(0) });
  if (recoverAddress(permitTransferMessageHash, '0x' + result.sample) !== USER_EVM) {
    throw new Error(`walletd ${kind}'s permit signature does not recover to the user`);
  }
  return result.permits_signed_per_s;
}

function sdkRate() {
  const key = new SigningKey(KEY);
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  do {
    for (let k = 0; k < 20; k++) {
      const { permitTransferMessageHash } = sdk.getGasFreeLedgerRawHash({ message: message(n++) });
      key.sign(permitTransferMessageHash);
    }
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  } while (elapsed < seconds);
  return n / elapsed;
}

const js = sdkRate();
const rows = [['walletd native', walletd('native')], ['walletd wasm (node)', walletd('wasm')],
  ['@gasfree/gasfree-sdk hash + ethers sign', js]];
console.log(`relay permits hashed + signed per second (${seconds} s per figure)`);
for (const [name, value] of rows) {
  const ratio = value == null ? '' : `  (${(value / js).toFixed(1)}× the SDK)`;
  console.log(name.padEnd(40), value == null ? '—' : Math.round(value).toLocaleString('en-US') + ratio);
}
console.log('target: native >= 10x the SDK');
