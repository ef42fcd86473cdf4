// Deliberately wrong calls: each line must be a compile error.
import type { Walletd } from '../../../js/src/index';

declare const walletd: Walletd;
const call: Walletd['call'] = (method, params) => walletd.call(method, params);

export async function wrong(): Promise<void> {
  await call('my_balance', { ticker: 'ETH' });                        // `coin`, not `ticker`
  await call('withdraw', { coin: 'ETH', to: 'x', fee: { type: 'EthGas', gas_price: '1' } });  // no gas
  await call('no_such_method', {});                                    // not a method
  const r = await call('my_balance', { coin: 'ETH' });
  const n: number = r.balance;                                         // a string
  console.log(n);
}
