// EVM nodes over HTTPS with the real walletd: ganache behind a TLS front whose certificate a test
// CA signed (walletd trusts that CA through SSL_CERT_FILE). A node whose certificate no trusted
// CA signed, or whose name does not match, is refused with a Transport error naming the node;
// with a trusted node after it in `nodes`, activation fails over to that one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Wallet } from 'ethers';
import { Ganache, FUNDED_KEY } from '../peers/ganache.mjs';
import { TlsProxy, makeTestCertificates } from '../peers/tls-proxy.mjs';
import { WalletdProcess, tempDir, writeConfig, cleanup } from '../support/walletd-process.mjs';

let ganache, walletd, dir, trusted, rogue, certs;
const activate = (nodes) => walletd.rpc('enable_eth_with_tokens', { ticker: 'ETH-ganache', nodes });

before(async () => {
  ganache = await Ganache.start();
  dir = tempDir();
  certs = makeTestCertificates(dir);
  trusted = await TlsProxy.start({ target: ganache.url, cert: certs.cert, key: certs.key });
  rogue = await TlsProxy.start({ target: ganache.url, cert: certs.rogueCert, key: certs.rogueKey });
  walletd = await WalletdProcess.start(writeConfig(dir, { passphrase: FUNDED_KEY }), { env: { SSL_CERT_FILE: certs.ca } });
});

after(async () => {
  await walletd?.stop();
  await trusted?.stop();
  await rogue?.stop();
  await ganache?.stop();
  if (dir) cleanup(dir);
});

test('an untrusted certificate is refused: Transport (502) naming the node', async () => {
  const res = await activate([{ url: rogue.url }]);
  assert.equal(res.status, 502, res.text);
  assert.equal(res.json.error_type, 'Transport');
  assert.match(res.json.error, new RegExp(rogue.url.replace(/[.:/]/g, '\\$&')));
  assert.match(res.json.error, /not trusted/);
});

test('a certificate for another name is refused', async () => {
  const res = await activate([{ url: trusted.url.replace('127.0.0.1', 'localhost') }]);
  assert.equal(res.status, 502, res.text);
  assert.equal(res.json.error_type, 'Transport');
  assert.match(res.json.error, /localhost:\d+: the server's TLS certificate is not trusted/);
});

test('a trusted HTTPS node works, after failing over from the untrusted one', async () => {
  const res = await activate([{ url: rogue.url }, { url: trusted.url }]);
  assert.equal(res.status, 200, res.text);
  const address = new Wallet(FUNDED_KEY).address;
  const expected = (await ganache.balance(address)).toString();
  const spendable = res.json.result.eth_addresses_infos[address].balances.spendable;
  assert.equal(BigInt(spendable.split('.')[0]) * 10n ** 18n + BigInt((spendable.split('.')[1] ?? '').padEnd(18, '0')), BigInt(expected));
  const withdraw = await walletd.rpc('withdraw', { coin: 'ETH-ganache', to: address, amount: '1', broadcast: true });
  assert.equal(withdraw.status, 200, withdraw.text);
  const receipt = await ganache.rpc('eth_getTransactionReceipt', ['0x' + withdraw.json.result.tx_hash]);
  assert.equal(receipt.status, '0x1');
});
