// A sample wallet written against the generated method types: it must compile.
import { createWalletd, createAirgapSaplingProver, WalletdError, type SaplingProver, type TransactionDetails } from '../../../js/src/index';

const walletd = await createWalletd({ config: { passphrase: 'sample' }, coins: [] });
const call: typeof walletd.call = (method, params) => walletd.call(method, params);

export async function sendEth(to: string): Promise<string> {
  await call('enable_eth_with_tokens', {
    ticker: 'ETH', nodes: [{ url: 'http://127.0.0.1:8545' }], gap_limit: 20,
    erc20_tokens_requests: [{ ticker: 'USDT-ERC20' }], priv_key_policy: 'ContextPrivKey',
  });
  const balance = await call('my_balance', { coin: 'ETH' });
  const tx: TransactionDetails = await call('withdraw', {
    coin: 'ETH', to, amount: balance.balance, broadcast: true,
    fee: { type: 'EthGasEip1559', max_fee_per_gas: '30', max_priority_fee_per_gas: '1' },
  });
  if (tx.fee_details.type === 'Eth') console.log(tx.fee_details.total_fee);
  // A withdraw answers a transaction, or a relay's authorization (TRON gasless) in its place.
  if (!('tx_hex' in tx)) throw new Error(`a ${tx.relay_type} authorization, not a transaction`);
  const sent = await call('send_raw_transaction', { coin: 'ETH', tx_hex: tx.tx_hex });
  if (!('tx_hash' in sent)) throw new Error(`submitted to a relay: ${sent.trace_id}`);
  return sent.tx_hash;
}

export async function balanceOrZero(coin: string): Promise<string> {
  try {
    return (await walletd.call('my_balance', { coin })).balance;
  } catch (e) {
    if (e instanceof WalletdError && e.error_type === 'NoSuchCoin') return '0';
    throw e;
  }
}

// A shielded-spend prover: @airgap/sapling-wasm's adaptor, or the application's own object.
export async function shieldedWalletd(sapling: unknown, spendParams: Uint8Array, outputParams: Uint8Array) {
  const prover: SaplingProver = await createAirgapSaplingProver(sapling, { spendParams, outputParams });
  return createWalletd({ config: { passphrase: 'sample' }, coins: [], saplingProver: prover });
}
