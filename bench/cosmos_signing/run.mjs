// Cosmos signing and withdraw overhead, walletd next to cosmjs in one run.
// 1. MsgSend transactions built, signed (SIGN_MODE_DIRECT) and serialised per second: walletd
//    core native, walletd wasm under node, cosmjs (TxBody through the stargate Registry,
//    makeAuthInfoBytes, makeSignDoc, DirectSecp256k1HdWallet.signDirect, TxRaw.encode). walletd's
//    sample is verified with cosmjs first (decodeTxRaw, signature over the raw sign bytes).
// 2. A `withdraw` RPC against the CometBFT emulator (tests/peers/cometbft-node.mjs) through the
//    recording proxy of bench/node_latency.mjs: its median time next to the sum of its node round
//    trips (height, balance, account, simulation, account again), the difference being what
//    walletd adds (target ≤ 1 ms); cosmjs' SigningStargateClient doing the same reads and signing
//    (getHeight, getBalance, getAccount, simulate, sign) measured the same way.
// Usage: node bench/cosmos_signing/run.mjs [seconds per figure, default 2] [iterations, default 200]
import { DirectSecp256k1HdWallet, Registry, makeAuthInfoBytes, makeSignDoc, encodePubkey } from '@cosmjs/proto-signing';
import { defaultRegistryTypes, SigningStargateClient, GasPrice, calculateFee } from '@cosmjs/stargate';
import { encodeSecp256k1Pubkey } from '@cosmjs/amino';
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { checkCosmosTx } from '../../tests/support/cosmos-check.mjs';
import { startCometNode } from '../../tests/peers/cometbft-node.mjs';
import { WalletdProcess, PASSWORD, tempDir, writeConfig, cleanup } from '../../tests/support/walletd-process.mjs';
import { recordingProxy, post, measure, printLatencyTable } from '../node_latency.mjs';
import { runCoreBench } from '../core_bench.mjs';

const seconds = Number(process.argv[2] ?? 2);
const iterations = Number(process.argv[3] ?? 200);
const MNEMONIC = 'economy stock theory fatal elder harbor betray wasp final emotion task crumble siren bottom lizard '
  + 'educate guess current outdoor pair theory focus wife stone';
const FROM = 'cosmos1pkptre7fdkl6gfrzlesjjvhxhlc3r4gmmk8rs6';
const TO = 'cosmos1svaw0aqc4584x825ju7ua03g5xtxwd0ahl86hz';

async function walletdRate(kind) {
  const result = runCoreBench('cosmos_signing_bench', seconds, kind);
  if (!result) return null;
  const tx = await checkCosmosTx(result.sample, { chainId: 'cosmoshub-4', accountNumber: 12345, prefix: 'cosmos' });
  if (!tx.valid || tx.signer !== FROM || tx.msg.toAddress !== TO || tx.msg.amount[0].amount !== '100000') {
    throw new Error(`cosmjs does not accept walletd ${kind}'s transaction ${result.sample}`);
  }
  return result.msgsend_signed_per_s;
}

async function cosmjsRate(wallet) {
  const registry = new Registry(defaultRegistryTypes);
  const [{ pubkey }] = await wallet.getAccounts();
  const anyKey = encodePubkey(encodeSecp256k1Pubkey(pubkey));
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  do {
    for (let k = 0; k < 20; k++, n++) {
      const bodyBytes = registry.encode({ typeUrl: '/cosmos.tx.v1beta1.TxBody', value: {
        messages: [{ typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: { fromAddress: FROM, toAddress: TO, amount: [{ denom: 'uatom', amount: String(100000 + n) }] } }],
        memo: '', timeoutHeight: 22000100n } });
      const authInfoBytes = makeAuthInfoBytes([{ pubkey: anyKey, sequence: 7 + n }], [{ denom: 'uatom', amount: '2500' }], 125000);
      const signed = await wallet.signDirect(FROM, makeSignDoc(bodyBytes, authInfoBytes, 'cosmoshub-4', 12345));
      TxRaw.encode(TxRaw.fromPartial({ bodyBytes: signed.signed.bodyBytes, authInfoBytes: signed.signed.authInfoBytes,
        signatures: [Buffer.from(signed.signature.signature, 'base64')] })).finish();
    }
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  } while (elapsed < seconds);
  return n / elapsed;
}

async function latency(wallet) {
  const node = await startCometNode({ chainId: 'cosmoshub-4', denom: 'uatom', prefix: 'cosmos' });
  const proxy = await recordingProxy(node.url);
  const dir = tempDir();
  const walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: MNEMONIC, enable_hd: true }));
  try {
    node.fund(FROM, 10n ** 12n);
    node.fund(TO, 1n);
    const enabled = await walletd.rpc('enable_tendermint_with_assets', { ticker: 'ATOM', nodes: [{ url: proxy.url }], tokens_params: [] });
    if (enabled.status !== 200) throw new Error(enabled.text);
    const body = JSON.stringify({ mmrpc: '2.0', userpass: PASSWORD, method: 'withdraw', params: { coin: 'ATOM', to: TO, amount: '1' } });
    const walletdRow = await measure(proxy, () => post(walletd.url, body), iterations);
    const client = await SigningStargateClient.connectWithSigner(proxy.url, wallet);
    const message = { typeUrl: '/cosmos.bank.v1beta1.MsgSend', value: { fromAddress: FROM, toAddress: TO, amount: [{ denom: 'uatom', amount: '1000000' }] } };
    const cosmjsRow = await measure(proxy, async () => {
      const height = await client.getHeight();
      const balance = await client.getBalance(FROM, 'uatom');
      if (BigInt(balance.amount) < 1_000_000n) throw new Error('balance');
      const gas = await client.simulate(FROM, [message], '');
      await client.sign(FROM, [message], calculateFee(Math.ceil(gas * 1.5), GasPrice.fromString('0.25uatom')), '',
        undefined, BigInt(height + 100));
    }, iterations);
    client.disconnect();
    return [['walletd withdraw RPC', walletdRow], ['cosmjs SigningStargateClient (same steps)', cosmjsRow]];
  } finally {
    await walletd.stop();
    await proxy.stop();
    await node.stop();
    cleanup(dir);
  }
}

const wallet = await DirectSecp256k1HdWallet.fromMnemonic(MNEMONIC, { prefix: 'cosmos' });
const rows = [['walletd native', await walletdRate('native')], ['walletd wasm (node)', await walletdRate('wasm')],
  ['cosmjs signDirect (+ body, auth info, TxRaw)', await cosmjsRate(wallet)]];
console.log(`Cosmos MsgSend built + signed + serialised per second (${seconds} s per figure)`);
for (const [name, value] of rows) console.log(name.padEnd(46), value == null ? '—' : Math.round(value).toLocaleString('en-US'));
console.log('targets: native >= 25,000/s, wasm >= 10,000/s');
printLatencyTable(`ATOM withdraw against the CometBFT emulator through a recording proxy: ${iterations} runs, medians in ms`,
  await latency(wallet));
