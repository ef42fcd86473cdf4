// Browser-extension wallets through the packed package: createWalletd({ ethereumProvider }) with
// an EIP-1193 stand-in (tests/support/eip1193-provider.mjs: its own key, signs with ethers and
// sends to ganache). EVM activation with priv_key_policy Metamask uses the wallet's account and
// switches it to the coins file's chain; withdraw needs broadcast: true (BroadcastExpected) and
// then goes to eth_sendTransaction with the transaction walletd built — checked on ganache to the
// wei; the user rejecting (4001), a changed account or chain, a disconnected wallet and a chain
// the wallet cannot switch to are clear errors; key export and offline signing are refused; the
// native daemon refuses the policy.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HDNodeWallet, parseEther } from 'ethers';
import { createWalletd, WalletdError } from '../support/walletd-package.mjs';
import { TestEthereumProvider } from '../support/eip1193-provider.mjs';
import { Ganache } from '../peers/ganache.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, repoRoot } from '../support/walletd-process.mjs';

const GANACHE_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
const keyAt = (i) => HDNodeWallet.fromPhrase(GANACHE_MNEMONIC, undefined, `m/44'/60'/0'/0/${i}`).privateKey;
const TO = '0x000000000000000000000000000000000000bEEF';
const coins = readFileSync(join(repoRoot, 'config/coins.json'), 'utf8');
let ganache, provider, walletd;

const activate = () => walletd.call('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }],
  erc20_tokens_requests: [], priv_key_policy: { type: 'Metamask' } });
const refusal = (type, pattern) => (e) => {
  assert.ok(e instanceof WalletdError, String(e));
  assert.equal(e.error_type, type, e.message);
  if (pattern) assert.match(e.message, pattern);
  return true;
};
const balance = async (address) => BigInt(await ganache.rpc('eth_getBalance', [address, 'latest']));
const nonce = async (address) => Number(BigInt(await ganache.rpc('eth_getTransactionCount', [address, 'latest'])));

before(async () => {
  ganache = await Ganache.start();
  provider = new TestEthereumProvider({ key: keyAt(1), ganache, chainId: 5 });  // starts on another chain
  walletd = await createWalletd({ config: { passphrase: 'browser wallet test' }, coins, ethereumProvider: provider });
});

after(async () => {
  walletd?.dispose();
  await ganache?.stop();
});

test('activation with priv_key_policy Metamask: the wallet\'s account, switched to the coins file\'s chain', async () => {
  const result = await activate();
  const [address] = Object.keys(result.eth_addresses_infos);
  assert.equal(address, provider.address);
  assert.equal(parseEther(result.eth_addresses_infos[address].balances.spendable), await balance(provider.address));
  assert.deepEqual(provider.calls.find((c) => c.method === 'wallet_switchEthereumChain').params, [{ chainId: '0x539' }]);
  assert.equal(provider.chainId, 1337);
  assert.equal((await walletd.call('my_balance', { coin: 'ETH-ganache' })).address, provider.address);
});

test('without broadcast a withdraw is BroadcastExpected; key export and offline signing are refused', async () => {
  await assert.rejects(walletd.call('withdraw', { coin: 'ETH-ganache', to: TO, amount: '1' }), refusal('BroadcastExpected', /broadcast: true/));
  await assert.rejects(walletd.call('sign_raw_transaction', { coin: 'ETH-ganache', type: 'ETH', tx: { to: TO, value: '1', gas_limit: 21000 } }),
    refusal('InvalidParam', /browser wallet/));
  await assert.rejects(walletd.call('get_private_keys', { coins: ['ETH-ganache'] }), refusal('InvalidParametersForMode', /browser wallet/));
  assert.equal(provider.calls.filter((c) => c.method === 'eth_sendTransaction').length, 0);
});

test('withdraw with broadcast: the wallet signs walletd\'s transaction; ganache has it to the wei', async () => {
  const senderBefore = await balance(provider.address);
  const tx = await walletd.call('withdraw', { coin: 'ETH-ganache', to: TO, amount: '1.5', broadcast: true });
  assert.match(tx.tx_hash, /^[0-9a-f]{64}$/);
  assert.equal(tx.tx_hex, '');
  assert.deepEqual([tx.from, tx.to, tx.total_amount], [[provider.address], [TO], '1.5']);
  const sent = provider.calls.filter((c) => c.method === 'eth_sendTransaction').at(-1).params[0];
  const onChain = await ganache.rpc('eth_getTransactionByHash', [`0x${tx.tx_hash}`]);
  const receipt = await ganache.rpc('eth_getTransactionReceipt', [`0x${tx.tx_hash}`]);
  assert.equal(receipt.status, '0x1');
  assert.equal(onChain.from.toLowerCase(), provider.address.toLowerCase());
  assert.deepEqual([BigInt(onChain.nonce), BigInt(onChain.gas), BigInt(onChain.value)], [BigInt(sent.nonce), BigInt(sent.gas), parseEther('1.5')]);
  assert.equal(await balance(TO), parseEther('1.5'));
  const charged = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
  assert.equal(senderBefore - await balance(provider.address), parseEther('1.5') + charged);
});

test('the user rejecting in the wallet is a clear error, and nothing is sent', async () => {
  const before = await nonce(provider.address);
  provider.rejectNext = true;
  await assert.rejects(walletd.call('withdraw', { coin: 'ETH-ganache', to: TO, amount: '0.1', broadcast: true }),
    refusal('SigningError', /user rejected the transaction in the browser wallet \(EIP-1193 4001\)/));
  assert.equal(await nonce(provider.address), before);
});

test('a changed account or chain in the wallet is refused clearly; a disconnected wallet is Transport', async () => {
  provider.selectAccount(keyAt(2));
  await assert.rejects(walletd.call('withdraw', { coin: 'ETH-ganache', to: TO, amount: '0.1', broadcast: true }),
    refusal('SigningError', /selected account is now .* not the activated/));
  provider.selected = 0;
  provider.chainId = 5;
  await assert.rejects(walletd.call('withdraw', { coin: 'ETH-ganache', to: TO, amount: '0.1', broadcast: true }),
    refusal('SigningError', /on chain 5, not 1337/));
  provider.chainId = 1337;
  provider.disconnected = true;
  await assert.rejects(walletd.call('withdraw', { coin: 'ETH-ganache', to: TO, amount: '0.1', broadcast: true }),
    refusal('Transport', /Disconnected \(EIP-1193 4900\)/));
  provider.disconnected = false;
  const ok = await walletd.call('withdraw', { coin: 'ETH-ganache', to: TO, amount: '0.1', broadcast: true });
  assert.match(ok.tx_hash, /^[0-9a-f]{64}$/);
});

test('a wallet that cannot switch to the coin\'s chain fails activation and registers nothing', async () => {
  await walletd.call('disable_coin', { coin: 'ETH-ganache', force_disable: true });
  provider.chainId = 5;
  provider.knownChains = [5];
  await assert.rejects(activate(), refusal('PlatformCoinCreationError', /browser wallet refused: Unrecognized chain ID \(EIP-1193 4902\)/));
  assert.deepEqual((await walletd.call('get_enabled_coins', {})).coins, []);
  provider.knownChains = [1337, 5];
});

test('the native daemon refuses priv_key_policy Metamask: only in the browser host', async () => {
  const dir = tempDir();
  const daemon = await WalletdProcess.start(writeConfig(dir, { passphrase: 'browser wallet test' }));
  try {
    const res = await daemon.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: ganache.url }],
      erc20_tokens_requests: [], priv_key_policy: { type: 'Metamask' } });
    assert.equal(res.json.error_type, 'PrivKeyPolicyNotAllowed', res.text);
    assert.match(res.json.error, /only available in the browser host/);
  } finally {
    await daemon.stop();
    cleanup(dir);
  }
});
