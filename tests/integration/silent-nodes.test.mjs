// A silent node (accepts, never answers) and a refused node on one coin do not delay another
// coin's calls: at most 4 requests run against one node, and workers are started on demand.
// Node lists are bounded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ganache, FUNDED_KEY } from '../peers/ganache.mjs';
import { SilentNode } from '../peers/silent-node.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup, repoRoot } from '../support/walletd-process.mjs';

let ganache, silent, walletd, dir;

before(async () => {
  ganache = await Ganache.start();
  silent = await SilentNode.start(ganache.url);
  dir = tempDir();
  const coins = JSON.parse(readFileSync(join(repoRoot, 'config/coins.json'), 'utf8'));
  const twin = { ...coins.find((c) => c.coin === 'ETH-ganache'), coin: 'ETH-ganache2' };
  const coinsPath = join(dir, 'coins.json');
  writeFileSync(coinsPath, JSON.stringify([...coins, twin]));
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: FUNDED_KEY }), { coinsPath });
});

after(async () => {
  await walletd?.stop();
  await silent?.stop();
  await ganache?.stop();
  if (dir) cleanup(dir);
});

test('a silent node on one coin does not delay another coin', { timeout: 60000 }, async () => {
  const refused = 'http://127.0.0.1:9'; // nothing listens on the discard port
  const first = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes: [{ url: silent.url }, { url: refused }],
    erc20_tokens_requests: [] });
  assert.equal(first.status, 200, first.text);
  const second = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache2', nodes: [{ url: ganache.url }],
    erc20_tokens_requests: [] });
  assert.equal(second.status, 200, second.text);

  silent.silence();
  const stuck = Array.from({ length: 12 }, () => walletd.rpc('my_balance', { coin: 'ETH-ganache' }));
  await new Promise((r) => setTimeout(r, 300)); // the silent node now holds its requests
  const latencies = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    const balance = await walletd.rpc('my_balance', { coin: 'ETH-ganache2' });
    assert.equal(balance.status, 200, balance.text);
    latencies.push(performance.now() - t0);
  }
  console.log(`my_balance on the healthy coin while the other coin's node is silent: max ${Math.max(...latencies).toFixed(1)} ms ` +
    `(${silent.held} requests held by the silent node)`);
  assert.ok(Math.max(...latencies) < 2000, 'the healthy coin is not queued behind the silent node');
  assert.ok(silent.held <= 4, `at most 4 requests run against one node (held ${silent.held})`);

  await silent.stop(); // resets the held connections: the stuck calls fail over to the refused node and end
  const answers = await Promise.all(stuck);
  for (const a of answers) {
    assert.equal(a.status, 502, a.text);
    assert.equal(a.json.error_type, 'Transport');
  }
});

test('a node list is bounded', async () => {
  const nodes = Array.from({ length: 17 }, (_, i) => ({ url: `http://127.0.0.1:${20000 + i}` }));
  const res = await walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH', nodes, erc20_tokens_requests: [] });
  assert.equal(res.status, 400);
  assert.equal(res.json.error_type, 'InvalidRequest');
  assert.match(res.json.error, /at most 16 nodes/);
});
