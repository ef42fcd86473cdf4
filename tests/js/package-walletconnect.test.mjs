// The WalletConnect EVM suite (tests/support/walletconnect-evm-suite.mjs) against the npm package:
// the wasm core with the relay reached through the WebSocket the application hands createWalletd
// (here the `ws` package; in a page, the browser's), its session store in the application's
// storage (a MemoryStorage kept across a restart, which is a new createWalletd on it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createWalletd, MemoryStorage } from '../support/walletd-package.mjs';
import { walletConnectEvmSuite } from '../support/walletconnect-evm-suite.mjs';
import { repoRoot, PASSWORD } from '../support/walletd-process.mjs';

const coins = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');

async function packageHost(walletConnect, storage = new MemoryStorage()) {
  const wasm = await createWalletd({ coins, storage, WebSocket,
    config: { rpc_password: PASSWORD, passphrase: 'walletconnect test passphrase', wallet_connect: walletConnect } });
  let stopped = false;
  return {
    rpc: async (method, params) => {
      const answer = await wasm.request({ mmrpc: '2.0', userpass: PASSWORD, method, ...(params === undefined ? {} : { params }) });
      return { status: answer.status, json: JSON.parse(answer.body), text: answer.body };
    },
    stored: async () => [...storage.namespaces.values()].flatMap((space) => [...space].map(([k, v]) => Buffer.from(k + v))),
    stop: async () => {
      if (!stopped) wasm.dispose();
      stopped = true;
    },
    restart: async () => packageHost(walletConnect, storage),
  };
}

walletConnectEvmSuite(packageHost);
