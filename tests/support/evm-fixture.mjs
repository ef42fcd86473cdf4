// The EVM test setup several suites share: ganache with the test ERC20 (TST-ganache) deployed
// by the funded account, and walletd started with that account's key as its Iguana passphrase
// (so walletd's address is ganache's funded account). stop() ends both and removes the temp dir.
import { parseEther, Wallet } from 'ethers';
import { Ganache, FUNDED_KEY } from '../peers/ganache.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from './walletd-process.mjs';

/** The address TST-ganache has in config/coins.json (ganache's first deployment). */
export const TEST_TOKEN = '0xe78A0F7E598Cc8b0Bb87894B0F60dD2a88d6a8Ab';

export async function startEvmFixture({ supply = parseEther('1000'), config = {} } = {}) {
  const fixture = { owner: new Wallet(FUNDED_KEY).address };
  fixture.stop = async () => {
    await fixture.walletd?.stop();
    await fixture.ganache?.stop();
    if (fixture.dir) cleanup(fixture.dir);
  };
  try {
    fixture.ganache = await Ganache.start();
    fixture.token = await fixture.ganache.deployErc20({ supply, owner: fixture.owner });
    if (fixture.token !== TEST_TOKEN) throw new Error(`the test token is at ${fixture.token}, not ${TEST_TOKEN}`);
    fixture.dir = tempDir();
    fixture.walletd = await WalletdProcess.start(writeConfig(fixture.dir, { passphrase: FUNDED_KEY, ...config }));
  } catch (e) {
    await fixture.stop();
    throw e;
  }
  return fixture;
}
