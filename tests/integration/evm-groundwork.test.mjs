// Groundwork for the EVM family, against ganache: walletd's native HttpClient + JSON-RPC client
// fail over to a live node and report dead ones by name; transactions walletd signs (legacy
// EIP-155, EIP-1559, ERC20 transfer) are accepted by ganache, mined with status 1, move exactly
// the amounts, and parse in ethers to walletd's sender and fields.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Contract, Transaction, Wallet, parseEther, parseUnits } from 'ethers';
import { Ganache, FUNDED_KEY, GANACHE_CHAIN_ID } from '../peers/ganache.mjs';
import { repoRoot } from '../support/walletd-process.mjs';

const RECIPIENT = '0x3535353535353535353535353535353535353535';
let ganache, probe, pending = [], buffered = '';

function probeBinary() {
  const found = ['native-release', 'native-debug'].map((p) => join(repoRoot, 'build', p, 'tests/support/evm_probe')).find(existsSync);
  if (!found) throw new Error('evm_probe not built');
  return found;
}

/** Sends one command line to evm_probe; resolves its JSON answer (bounded by a timeout). */
function ask(command, timeoutMs = 20000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('evm_probe did not answer')), timeoutMs);
    pending.push((answer) => { clearTimeout(timer); resolve(answer); });
    probe.stdin.write(JSON.stringify(command) + '\n');
  });
}

before(async () => {
  ganache = await Ganache.start();
  probe = spawn(probeBinary(), []);
  probe.stdout.on('data', (d) => {
    buffered += d;
    let nl;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      pending.shift()?.(JSON.parse(line));
    }
  });
});

after(async () => {
  probe?.stdin.end();
  if (probe && probe.exitCode === null) {
    const timer = setTimeout(() => probe.kill('SIGKILL'), 3000);
    await new Promise((r) => probe.on('exit', r));
    clearTimeout(timer);
  }
  await ganache?.stop();
});

test('the JSON-RPC client skips a dead node, then names every node when none answers', async () => {
  const dead = 'http://127.0.0.1:9';
  const ok = await ask({ op: 'call', nodes: [{ url: dead }, { url: ganache.url }], method: 'eth_chainId' });
  assert.equal(ok.result, '0x539');
  const none = await ask({ op: 'call', nodes: [{ url: dead }], method: 'eth_chainId', timeout_ms: 2000 });
  assert.equal(none.error_kind, 'NodesUnavailable');
  assert.match(none.error, /http:\/\/127\.0\.0\.1:9/);
  const refused = await ask({ op: 'call', nodes: [{ url: ganache.url }], method: 'eth_sendRawTransaction', params: ['0x00'] });
  assert.equal(refused.error_kind, 'JsonRpcError');
});

for (const type of ['legacy', 'eip1559']) {
  test(`a ${type} ETH transfer signed by walletd is mined and moves exactly its value`, async () => {
    const before = await ganache.balance(RECIPIENT);
    const fees = type === 'legacy' ? { gas_price: parseUnits('2', 'gwei').toString() }
      : { max_fee: parseUnits('3', 'gwei').toString(), priority_fee: parseUnits('1', 'gwei').toString() };
    const value = parseEther('0.125');
    const sent = await ask({ op: 'send', nodes: [{ url: ganache.url }], key: FUNDED_KEY, chain_id: GANACHE_CHAIN_ID, type,
      to: RECIPIENT, value: value.toString(), gas: 21000, ...fees });
    assert.ok(sent.tx_hash, JSON.stringify(sent));
    assert.equal(sent.tx_hash, sent.computed_hash);
    const receipt = await ganache.provider.getTransactionReceipt(sent.tx_hash);
    assert.equal(receipt.status, 1);
    assert.equal(await ganache.balance(RECIPIENT), before + value);
    const parsed = Transaction.from(sent.raw);
    assert.equal(parsed.from, new Wallet(FUNDED_KEY).address);
    assert.equal(parsed.type, type === 'legacy' ? 0 : 2);
    assert.equal(parsed.chainId, BigInt(GANACHE_CHAIN_ID));
    assert.equal(parsed.value, value);
  });
}

test('an ERC20 transfer signed by walletd moves exactly the token amount', async () => {
  const owner = new Wallet(FUNDED_KEY).address;
  const token = await ganache.deployErc20({ supply: parseEther('1000'), owner });
  const contract = new Contract(token, ganache.erc20Abi, ganache.provider);
  const data = contract.interface.encodeFunctionData('transfer', [RECIPIENT, 12345n]);
  const sent = await ask({ op: 'send', nodes: [{ url: ganache.url }], key: FUNDED_KEY, chain_id: GANACHE_CHAIN_ID, type: 'eip1559',
    to: token, value: '0', data, gas: 100000, max_fee: parseUnits('3', 'gwei').toString(), priority_fee: '1000000000' });
  const receipt = await ganache.provider.getTransactionReceipt(sent.tx_hash);
  assert.equal(receipt.status, 1);
  assert.equal(await contract.balanceOf(RECIPIENT), 12345n);
});

test('a transaction for another chain id is refused by the node with its message', async () => {
  const sent = await ask({ op: 'send', nodes: [{ url: ganache.url }], key: FUNDED_KEY, chain_id: 1, type: 'eip1559',
    to: RECIPIENT, value: '1', gas: 21000, max_fee: '3000000000', priority_fee: '1000000000' });
  assert.equal(sent.error_kind, 'JsonRpcError');
  assert.match(sent.error, /chain id/i);
});
