// A stand-in for a browser-extension wallet (EIP-1193 `request`), for the tests: it holds its own
// key (ethers), answers eth_requestAccounts / eth_accounts / eth_chainId, switches between the
// chains it knows (wallet_switchEthereumChain, 4902 for others), and signs eth_sendTransaction
// with exactly the fields it is given, then sends the result to ganache — as an extension would.
// Test controls: reject the next request (4001), disconnect (4900), switch the selected account.
import { Transaction, Wallet } from 'ethers';

export class TestEthereumProvider {
  constructor({ key, ganache, chainId = 1337, knownChains = [1337, 5] }) {
    this.wallets = [new Wallet(key)];
    this.selected = 0;
    this.ganache = ganache;
    this.chainId = chainId;
    this.knownChains = knownChains;
    this.calls = [];           // [{method, params}]
    this.rejectNext = false;   // the user says no to the next signing request
    this.disconnected = false;
  }

  get address() { return this.wallets[this.selected].address; }

  selectAccount(key) {
    this.wallets.push(new Wallet(key));
    this.selected = this.wallets.length - 1;
  }

  static error(code, message) { return Object.assign(new Error(message), { code }); }

  async request({ method, params = [] }) {
    this.calls.push({ method, params });
    if (this.disconnected) throw TestEthereumProvider.error(4900, 'Disconnected');
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [this.address.toLowerCase()];
      case 'eth_chainId':
        return `0x${this.chainId.toString(16)}`;
      case 'wallet_switchEthereumChain': {
        const id = Number(BigInt(params[0].chainId));
        if (!this.knownChains.includes(id)) throw TestEthereumProvider.error(4902, 'Unrecognized chain ID');
        this.chainId = id;
        return null;
      }
      case 'eth_sendTransaction': {
        if (this.rejectNext) {
          this.rejectNext = false;
          throw TestEthereumProvider.error(4001, 'User rejected the request.');
        }
        const t = params[0];
        if (t.from.toLowerCase() !== this.address.toLowerCase()) throw TestEthereumProvider.error(4100, 'from is not the selected account');
        const tx = Transaction.from({ type: Number(t.type ?? 0), chainId: BigInt(t.chainId), nonce: Number(BigInt(t.nonce)),
          to: t.to, value: BigInt(t.value), data: t.data, gasLimit: BigInt(t.gas),
          ...(t.type === '0x2' ? { maxFeePerGas: BigInt(t.maxFeePerGas), maxPriorityFeePerGas: BigInt(t.maxPriorityFeePerGas) }
            : { gasPrice: BigInt(t.gasPrice) }) });
        const signed = await this.wallets[this.selected].signTransaction(tx);
        return this.ganache.rpc('eth_sendRawTransaction', [signed]);
      }
      default:
        throw TestEthereumProvider.error(4200, `unsupported method ${method}`);
    }
  }
}
