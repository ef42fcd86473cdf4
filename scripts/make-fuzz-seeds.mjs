// Writes the seed corpus for the fuzz targets (tests/fuzz/corpus/<target>/seed-*): requests for
// every method in the method table (from `walletd --methods-json`), HTTP requests, storage
// records and coins-file entries. Inputs found by fuzzing are added beside them by hand.
// Usage: node scripts/make-fuzz-seeds.mjs build/native-release/host-native/walletd
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const corpus = join(root, 'tests/fuzz/corpus');
const write = (target, name, bytes) => {
  mkdirSync(join(corpus, target), { recursive: true });
  writeFileSync(join(corpus, target, `seed-${name}`), bytes);
};

const methods = JSON.parse(execFileSync(process.argv[2], ['--methods-json'], { encoding: 'utf8' })).methods
  .map((m) => m.name).filter((m) => m !== 'stop');
const params = {
  'gui_storage::add_account': { account_id: { type: 'hd', account_idx: 1 }, name: 'a', balance_usd: '1.5' },
  enable_eth_with_tokens: { ticker: 'ETH', nodes: [{ url: 'http://127.0.0.1:1' }], erc20_tokens_requests: [{ ticker: 'USDT-ERC20' }] },
  withdraw: { coin: 'ETH', to: '0x0000000000000000000000000000000000000001', amount: '0.1', fee: { type: 'EthGas', gas_price: '1', gas: 21000 } },
  get_private_keys: { coins: ['BTC', 'ETH'] },
  validateaddress: { coin: 'ETH', address: '0x0000000000000000000000000000000000000001' },
};
methods.forEach((method, i) => {
  const body = JSON.stringify({ mmrpc: '2.0', userpass: 'Test-Passw0rd!', method, params: params[method] ?? {}, id: i });
  write('rpc_request', method.replace(/[^a-z0-9_]/gi, '_'), Buffer.concat([Buffer.from([0]), Buffer.from(body)]));
});
write('rpc_request', 'batch', '\x00' + JSON.stringify([{ mmrpc: '2.0', method: 'version' }, { method: 'version' }]));
write('rpc_request', 'legacy', '\x00' + JSON.stringify({ method: 'get_enabled_coins', userpass: 'Test-Passw0rd!' }));

const post = (body) => `POST / HTTP/1.1\r\nHost: 127.0.0.1:7783\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
write('http_request', 'post', post('{"mmrpc":"2.0","method":"version"}'));
write('http_request', 'pipelined', post('{}') + post('[1]'));
write('http_request', 'chunked', 'POST / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n3;x=y\r\nabc\r\n0\r\n\r\n');
write('http_request', 'sse', 'GET /event-stream?id=12%20 HTTP/1.1\r\nHost: [::1]:7783\r\nOrigin: http://localhost:3000\r\nLast-Event-ID: 4\r\n\r\n');
write('http_request', 'http10', 'POST / HTTP/1.0\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\n{}');
write('http_request', 'expect', 'POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n');

// A log record as walletd writes it (the target prepends the file header).
const record = (pairs) => {
  const payload = Buffer.from(JSON.stringify(pairs));
  const checksum = createHash('sha256').update(payload).digest('hex').slice(0, 16);
  return `R${payload.length.toString(16).padStart(8, '0')}${checksum}\n${payload}\n`;
};
write('storage_log', 'empty', '');
write('storage_log', 'two-records', record([['account/0', '{"name":"x"}']]) + record([['account/0', null], ['enabled', '"0"']]));
write('storage_log', 'torn', record([['a', '1']]) + 'R0000ffff0123456789abcdef\n[["a"');

const coins = JSON.parse(readFileSync(join(root, 'config/coins.json'), 'utf8'));
write('coins_file', 'walletd-coins', JSON.stringify(coins.slice(0, 12)));
write('coins_file', 'odd', JSON.stringify([{ coin: 'X', protocol: { type: 'ERC20', protocol_data: { platform: 'ETH', contract_address: 5 } } },
  { coin: 'Y', protocol: 'UTXO', decimals: -1 }, { coin: 'X' }]));
console.log(`seeds written for ${methods.length} methods`);
