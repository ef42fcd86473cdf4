// The WalletConnect EVM suite (tests/support/walletconnect-evm-suite.mjs) against the daemon: the
// real walletd binary, its session store in files, a restart as a new process on the same
// database directory.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { walletConnectEvmSuite } from '../support/walletconnect-evm-suite.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

/** Every file under `root`, read as bytes. */
function filesUnder(root) {
  const out = [];
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(readFileSync(path));
  }
  return out;
}

async function daemonHost(walletConnect, dir = tempDir()) {
  const config = writeConfig(dir, { passphrase: 'walletconnect test passphrase', wallet_connect: walletConnect });
  const walletd = await WalletdProcess.start(config);
  let stopped = false;
  return {
    rpc: (method, params) => walletd.rpc(method, params),
    stored: async () => filesUnder(join(dir, 'db')),
    stop: async () => {
      if (!stopped) await walletd.stop();
      stopped = true;
    },
    restart: async () => daemonHost(walletConnect, dir),
    cleanup: () => cleanup(dir),
  };
}

walletConnectEvmSuite(daemonHost);
