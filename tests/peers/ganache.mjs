// Ganache (npm, fully offline) as the EVM peer: started on 127.0.0.1 with deterministic accounts
// and chain id 1337, stopped by PID. deployErc20() deploys OpenZeppelin v4's compiled
// ERC20PresetFixedSupply with ethers (independent of walletd). Every wait is bounded.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContractFactory, JsonRpcProvider, Wallet } from 'ethers';
import { repoRoot, stopChild } from '../support/walletd-process.mjs';
import { freePort } from './local-server.mjs';

export const GANACHE_CHAIN_ID = 1337;
/** Deterministic account 0 (1000 ETH). */
export const FUNDED_KEY = '0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d';

export class Ganache {
  static async start({ timeoutMs = 20000 } = {}) {
    const g = new Ganache();
    g.port = await freePort();
    g.url = `http://127.0.0.1:${g.port}`;
    g.child = spawn(process.execPath, [join(repoRoot, 'node_modules/ganache/dist/node/cli.js'), '--wallet.deterministic',
      '--chain.chainId', String(GANACHE_CHAIN_ID), '--server.host', '127.0.0.1', '--server.port', String(g.port),
      '--logging.quiet'], { stdio: ['ignore', 'ignore', 'pipe'] });
    g.stderr = '';
    g.child.stderr.on('data', (d) => (g.stderr += d));
    g.exited = new Promise((resolve) => g.child.on('exit', (code, signal) => resolve({ code, signal })));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const res = await fetch(g.url, { method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }), signal: AbortSignal.timeout(1000) });
        if ((await res.json()).result === '0x539') break;
      } catch { /* not listening yet */ }
      if (Date.now() > deadline || g.child.exitCode !== null) {
        await g.stop();
        throw new Error(`ganache did not start: ${g.stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    g.provider = new JsonRpcProvider(g.url, GANACHE_CHAIN_ID, { staticNetwork: true });
    g.funder = new Wallet(FUNDED_KEY, g.provider);
    return g;
  }

  /** One JSON-RPC call straight to the node (ethers' provider may answer from a cache). */
  async rpc(method, params = []) {
    const res = await fetch(this.url, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), signal: AbortSignal.timeout(5000) });
    return (await res.json()).result;
  }

  /** Balance in wei at 'latest'. */
  async balance(address) {
    return BigInt(await this.rpc('eth_getBalance', [address, 'latest']));
  }

  /** The funded account's next nonce, read from the node (ethers may answer from a cache). */
  async nextNonce() {
    return Number(BigInt(await this.rpc('eth_getTransactionCount', [this.funder.address, 'pending'])));
  }

  /** Sends `value` wei from the funded account; resolves the receipt. */
  async fund(address, value) {
    const tx = await this.funder.sendTransaction({ to: address, value, nonce: await this.nextNonce() });
    return tx.wait();
  }

  /** Deploys an ERC20 (18 decimals) minting `supply` to `owner`; resolves the contract address. */
  async deployErc20({ name = 'Test Token', symbol = 'TST', supply, owner }) {
    const artifact = JSON.parse(readFileSync(join(repoRoot,
      'node_modules/@openzeppelin/contracts/build/contracts/ERC20PresetFixedSupply.json'), 'utf8'));
    const factory = new ContractFactory(artifact.abi, artifact.bytecode, this.funder);
    const contract = await factory.deploy(name, symbol, supply, owner);
    await contract.waitForDeployment();
    this.erc20Abi = artifact.abi;
    return contract.getAddress();
  }

  /** SIGTERM by PID, SIGKILL after `graceMs`. */
  stop(graceMs = 3000) {
    this.provider?.destroy();
    return stopChild(this.child, this.exited, graceMs);
  }
}
